import type { INodeProperties, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';

import { optionValues, readChoices, uuidLocator } from '../Helena/helpers';
import { sessionDetailsField } from '../Helena/actions/session/details';
import { sessionDepartmentFilter, sessionStatusFilter, sessionUserFilter } from '../Helena/actions/session/filters';
import { listSearch } from '../Helena/methods';
import type { PollingTrigger, TriggerParameters, Watch } from '../Helena/polling';
import { pollTrigger, pollingTriggerDescription, readFilterId } from '../Helena/polling';
import { CONVERSATION_EVENTS, conversationEvents, conversationSource, statusOf } from './conversationChanges';

const statusFilter: INodeProperties = {
	...sessionStatusFilter,
	description:
		'Only conversations in one of these states (any state when none is chosen). A conversation that leaves them (for example is completed while only In Progress is chosen) leaves the list and is not reported.',
};

/** Conversations (Helena filtering by status, department, user and channel); what each one's status was decides its event. */
function watchConversations(context: IPollFunctions, { field, filters, options }: TriggerParameters): Watch {
	return {
		...conversationSource({
			field,
			statuses: readChoices(context, filters.status, optionValues(statusFilter), 'Status', 0),
			departmentId: readFilterId(context, filters.department, 'Department'),
			userId: readFilterId(context, filters.user, 'User'),
			channelId: readFilterId(context, filters.channel, 'Channel'),
			includeDetails: readChoices(
				context,
				options.includeDetails ?? sessionDetailsField.default,
				optionValues(sessionDetailsField),
				'Include Details',
				0,
			),
		}),
		stateOf: statusOf,
		describe: conversationEvents,
		sampleEvent: (latest) => (latest.status === 'COMPLETED' ? CONVERSATION_EVENTS.completed : CONVERSATION_EVENTS.updated),
		toItem: (event, { record, previous }) => ({ json: { event, previousStatus: previous ?? null, ...record } }),
	};
}

const conversationTrigger: PollingTrigger = {
	displayName: 'Helena Conversation Trigger',
	name: 'helenaConversationTrigger',
	description:
		'Starts the workflow when conversations are opened, changed or completed in Helena, by asking Helena on a schedule (no public URL needed)',
	events: {
		options: [
			{
				name: 'Conversation Completed',
				value: CONVERSATION_EVENTS.completed,
				description: 'A conversation whose status became Completed since the previous check',
			},
			{
				name: 'Conversation Created',
				value: CONVERSATION_EVENTS.created,
				description: 'A conversation that did not exist at the previous check',
			},
			{
				name: 'Conversation Updated',
				value: CONVERSATION_EVENTS.updated,
				description: 'Any other change to a conversation that existed at the previous check (transfer, status, metadata…)',
			},
		],
		defaults: [CONVERSATION_EVENTS.created, CONVERSATION_EVENTS.updated, CONVERSATION_EVENTS.completed],
		created: CONVERSATION_EVENTS.created,
	},
	filters: [
		{
			...uuidLocator({
				displayName: 'Channel',
				name: 'channel',
				description: 'Only conversations of this channel (WhatsApp number or Instagram account)',
				record: 'channel',
				searchListMethod: 'searchChannels',
			}),
			required: false,
		},
		sessionDepartmentFilter,
		statusFilter,
		sessionUserFilter,
	],
	options: [sessionDetailsField],
	watch: watchConversations,
};

export class HelenaConversationTrigger implements INodeType {
	description: INodeTypeDescription = {
		icon: { light: 'file:../Helena/helena.svg', dark: 'file:../Helena/helena.dark.svg' },
		...pollingTriggerDescription(conversationTrigger),
		subtitle: '={{ [].concat($parameter["events"]).join(", ") }}',
	};

	methods = { listSearch };

	async poll(this: IPollFunctions) {
		return await pollTrigger(this, conversationTrigger);
	}
}
