import type { INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';

import { statusOptions } from '../Helena/actions/contact/fields';
import { listEntries, readBoolean, readOption } from '../Helena/helpers';
import { includeDetailsField, readIncludeDetails, simplifyContact, simplifyField } from '../Helena/actions/contact/listing';
import type { Change, PollingTrigger, TriggerParameters, Watch } from '../Helena/polling';
import { pollTrigger, pollingTriggerDescription } from '../Helena/polling';
import { contactSource } from './contactChanges';

const ANY_STATUS = 'ANY';
const EVENT_OF_CHANGE: Record<Change['event'], string> = {
	created: 'contactCreated',
	updated: 'contactUpdated',
};

/** Contacts of the chosen status (one listing per status) and tags; each change is created or updated. */
function watchContacts(context: IPollFunctions, { field, filters, options }: TriggerParameters): Watch {
	const simple = readBoolean(context, context.getNodeParameter('simple', true), 'Simplify', 0, true);
	const status = readOption(
		context,
		filters.status || 'ACTIVE',
		[...statusOptions.map((option) => String(option.value)), ANY_STATUS],
		'Status',
		0,
	);
	const statuses = status === ANY_STATUS ? statusOptions.map((option) => String(option.value)) : [status];
	const tagNames = listEntries(filters.tagNames ?? '');
	return {
		...contactSource({
			field,
			statuses,
			includeDetails: readIncludeDetails(context, options, simple, 0),
			tagNames: tagNames.length ? tagNames : undefined,
		}),
		describe: ({ event }) => [EVENT_OF_CHANGE[event]],
		sampleEvent: (latest) => EVENT_OF_CHANGE[latest.createdAt === latest.updatedAt ? 'created' : 'updated'],
		toItem: (event, { record }) => ({ json: { event, ...(simple ? simplifyContact(record) : record) } }),
	};
}

const contactTrigger: PollingTrigger = {
	displayName: 'Helena Contact Trigger',
	name: 'helenaContactTrigger',
	description: 'Starts the workflow when contacts are created or changed in Helena, by asking Helena on a schedule (no public URL needed)',
	events: {
		options: [
			{
				name: 'Contact Created',
				value: EVENT_OF_CHANGE.created,
				description: 'A contact that did not exist at the previous check',
			},
			{
				name: 'Contact Updated',
				value: EVENT_OF_CHANGE.updated,
				description: 'A change to a contact that already existed at the previous check',
			},
		],
		defaults: [EVENT_OF_CHANGE.created, EVENT_OF_CHANGE.updated],
		created: EVENT_OF_CHANGE.created,
	},
	fields: [simplifyField],
	filters: [
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
	],
	options: [includeDetailsField],
	watch: watchContacts,
};

export class HelenaContactTrigger implements INodeType {
	description: INodeTypeDescription = {
		icon: { light: 'file:../Helena/helena.svg', dark: 'file:../Helena/helena.dark.svg' },
		...pollingTriggerDescription(contactTrigger),
		subtitle: '={{ [].concat($parameter["events"]).join(", ") }}',
	};

	async poll(this: IPollFunctions) {
		return await pollTrigger(this, contactTrigger);
	}
}
