import type { IDataObject, INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';

import { statusOptions } from '../Helena/actions/contact/fields';
import { filtersCollection, listEntries, optionsCollection, readBoolean, readOption } from '../Helena/helpers';
import { includeDetailsField, readIncludeDetails, simplifyContact, simplifyField } from '../Helena/actions/contact/listing';
import type { Change, ChangeField, ChangeStream } from '../Helena/polling';
import { pollEvents, pollingTriggerFrame, readEvents, readStartFrom, startFromField, triggerOnField } from '../Helena/polling';
import type { Listing } from './contactChanges';
import { contactSource } from './contactChanges';

const ANY_STATUS = 'ANY';
const EVENT_OF_CHANGE: Record<Change['event'], string> = {
	created: 'contactCreated',
	updated: 'contactUpdated',
};

interface Settings {
	listing: Listing;
	events: string[];
	simple: boolean;
	/** 'now', or the ISO date to start from on first activation. */
	origin: string;
}

function readSettings(context: IPollFunctions): Settings {
	const events = readEvents(context, Object.values(EVENT_OF_CHANGE));
	const simple = readBoolean(context, context.getNodeParameter('simple', true), 'Simplify', 0, true);
	const filters = context.getNodeParameter('filters', {}) as IDataObject;
	const options = context.getNodeParameter('options', {}) as IDataObject;
	const status = readOption(
		context,
		filters.status || 'ACTIVE',
		[...statusOptions.map((option) => String(option.value)), ANY_STATUS],
		'Status',
		0,
	);
	const statuses = status === ANY_STATUS ? statusOptions.map((option) => String(option.value)) : [status];
	const field: ChangeField = events.length === 1 && events[0] === EVENT_OF_CHANGE.created ? 'createdAt' : 'updatedAt';
	const tagNames = listEntries(filters.tagNames ?? '');
	return {
		listing: {
			field,
			statuses,
			includeDetails: readIncludeDetails(context, options, simple, 0),
			tagNames: tagNames.length ? tagNames : undefined,
		},
		events,
		simple,
		origin: readStartFrom(context, options.startFrom),
	};
}

export class HelenaContactTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Helena Contact Trigger',
		name: 'helenaContactTrigger',
		icon: { light: 'file:../Helena/helena.svg', dark: 'file:../Helena/helena.dark.svg' },
		subtitle: '={{ [].concat($parameter["events"]).join(", ") }}',
		...pollingTriggerFrame,
		description:
			'Starts the workflow when contacts are created or changed in Helena, by asking Helena on a schedule (no public URL needed)',
		defaults: { name: 'Helena Contact Trigger' },
		properties: [
			triggerOnField(
				[
					{
						name: 'Contact Created',
						value: 'contactCreated',
						description: 'A contact that did not exist at the previous check',
					},
					{
						name: 'Contact Updated',
						value: 'contactUpdated',
						description: 'A change to a contact that already existed at the previous check',
					},
				],
				['contactCreated', 'contactUpdated'],
			),
			simplifyField,
			filtersCollection([
				{
					displayName: 'Status',
					name: 'status',
					type: 'options',
					options: [
						{ name: 'Active', value: 'ACTIVE' },
						{ name: 'Any Status', value: ANY_STATUS },
						{ name: 'Archived', value: 'ARCHIVED' },
						{ name: 'Blocked', value: 'BLOCKED' },
					],
					default: 'ACTIVE',
					description:
						'Only contacts with this status. With Active, a contact that is archived or blocked leaves the list and is not reported; Any Status reports it (one request per status on each check).',
				},
				{
					displayName: 'Tag Names',
					name: 'tagNames',
					type: 'string',
					default: '',
					placeholder: 'e.g. VIP, Lead',
					description:
						'Only contacts with at least one of these tags (comma-separated). A contact whose last matching tag is removed leaves the list and is not reported.',
				},
			]),
			optionsCollection([includeDetailsField, startFromField]),
		],
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const settings = readSettings(this);
		const stream: ChangeStream = { ...contactSource(settings.listing), trigger: 'Helena Contact Trigger', origin: settings.origin };

		return await pollEvents(this, stream, {
			chosen: settings.events,
			describe: ({ event }) => [EVENT_OF_CHANGE[event]],
			sampleEvent: (latest) => EVENT_OF_CHANGE[latest.createdAt === latest.updatedAt ? 'created' : 'updated'],
			toItem: (event, { record }) => ({ json: { event, ...(settings.simple ? simplifyContact(record) : record) } }),
		});
	}
}
