import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { helenaRequest } from '../../transport';
import { invalidInput } from '../validate';

/** The events multi-select shared by Create and Update; its options come from Get Events. */
export const eventsField: INodeProperties = {
	displayName: 'Event Names or IDs',
	name: 'events',
	type: 'multiOptions',
	typeOptions: { loadOptionsMethod: 'getWebhookEvents' },
	default: [],
	description:
		'Events that the subscription receives. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

const knownEvents = new WeakMap<object, Promise<Set<string>>>();

/** Event names Helena lists right now, read once per execution (the list is open-ended). */
async function listedEvents(context: IExecuteFunctions): Promise<Set<string>> {
	let names = knownEvents.get(context);
	if (!names) {
		names = helenaRequest
			.call(context, { method: 'GET', path: '/v1/webhook/event' })
			.then((events) => new Set((events as IDataObject[]).map((event) => String(event.event))));
		knownEvents.set(context, names);
	}
	return await names;
}

/** Rejects an empty list or a name Helena does not list, before the subscription is sent. */
export async function requireListedEvents(
	context: IExecuteFunctions,
	events: unknown,
	itemIndex: number,
): Promise<string[]> {
	const names = (Array.isArray(events) ? events : String(events ?? '').split(','))
		.map((name) => String(name).trim())
		.filter(Boolean);
	if (names.length === 0) {
		throw invalidInput(context, 'Event Names or IDs', 'needs at least one event', itemIndex);
	}
	const listed = await listedEvents(context);
	const unknown = names.filter((name) => !listed.has(name));
	if (unknown.length) {
		throw invalidInput(
			context,
			'Event Names or IDs',
			`contains ${unknown.map((name) => `"${name}"`).join(', ')}, which Helena does not list`,
			itemIndex,
			`Helena lists: ${[...listed].join(', ')}`,
		);
	}
	return names;
}
