import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { invalidInput, perExecution, readList } from '../../helpers';
import { listWebhookEvents } from '../../transport';

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

/** Event names Helena lists right now, read once per execution (the list is open-ended). */
const listedEvents = perExecution(async (context: IExecuteFunctions) => {
	const events = await listWebhookEvents.call(context);
	return new Set(events.map((event) => String(event.event)));
});

/**
 * Event names as Helena writes them: trimmed, in capitals (`session_new` is SESSION_NEW), each once.
 * Shared with the trigger, whose deliveries are matched against these names.
 */
export function normalizeEventNames(names: string[]): string[] {
	return [...new Set(names.map((name) => name.trim().toUpperCase()).filter(Boolean))];
}

/** Rejects an empty list or a name Helena does not list, before the subscription is sent. */
export async function requireListedEvents(context: IExecuteFunctions, events: unknown, itemIndex: number): Promise<string[]> {
	const names = normalizeEventNames(readList(context, events, 'Event Names or IDs', itemIndex));
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
