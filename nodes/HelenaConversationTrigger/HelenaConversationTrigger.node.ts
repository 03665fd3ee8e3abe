import type { IDataObject, INodeExecutionData, INodeProperties, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';

import { filtersCollection, optionsCollection, optionValues, readChoices, uuidLocator } from '../Helena/helpers';
import { sessionDetailsField } from '../Helena/actions/session/details';
import { sessionDepartmentFilter, sessionStatusFilter, sessionUserFilter } from '../Helena/actions/session/filters';
import { listSearch } from '../Helena/methods';
import type { ChangeField, ChangeStream } from '../Helena/polling';
import {
	pollEvents,
	pollingTriggerFrame,
	readEvents,
	readFilterId,
	readStartFrom,
	startFromField,
	triggerOnField,
} from '../Helena/polling';
import type { ConversationListing } from './conversationChanges';
import { CONVERSATION_EVENTS, conversationEvents, conversationSource, statusOf } from './conversationChanges';

const statusFilter: INodeProperties = {
	...sessionStatusFilter,
	description:
		'Only conversations in one of these states (any state when none is chosen). A conversation that leaves them (for example is completed while only In Progress is chosen) leaves the list and is not reported.',
};

interface Settings {
	listing: ConversationListing;
	events: string[];
	origin: string;
}

function readSettings(context: IPollFunctions): Settings {
	const events = readEvents(context, Object.values(CONVERSATION_EVENTS));
	const filters = context.getNodeParameter('filters', {}) as IDataObject;
	const options = context.getNodeParameter('options', {}) as IDataObject;
	const field: ChangeField = events.length === 1 && events[0] === CONVERSATION_EVENTS.created ? 'createdAt' : 'updatedAt';
	return {
		listing: {
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
		},
		events,
		origin: readStartFrom(context, options.startFrom),
	};
}

const toItem = (event: string, session: IDataObject, previousStatus: string | null): INodeExecutionData => ({
	json: { event, previousStatus, ...session },
});

export class HelenaConversationTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Helena Conversation Trigger',
		name: 'helenaConversationTrigger',
		icon: { light: 'file:../Helena/helena.svg', dark: 'file:../Helena/helena.dark.svg' },
		subtitle: '={{ [].concat($parameter["events"]).join(", ") }}',
		...pollingTriggerFrame,
		description:
			'Starts the workflow when conversations are opened, changed or completed in Helena, by asking Helena on a schedule (no public URL needed)',
		defaults: { name: 'Helena Conversation Trigger' },
		properties: [
			triggerOnField(
				[
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
				[CONVERSATION_EVENTS.created, CONVERSATION_EVENTS.updated, CONVERSATION_EVENTS.completed],
			),
			filtersCollection([
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
			]),
			optionsCollection([sessionDetailsField, startFromField]),
		],
	};

	methods = { listSearch };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const settings = readSettings(this);
		const stream: ChangeStream = {
			...conversationSource(settings.listing),
			trigger: 'Helena Conversation Trigger',
			origin: settings.origin,
			stateOf: statusOf,
		};

		return await pollEvents(this, stream, {
			chosen: settings.events,
			describe: conversationEvents,
			sampleEvent: (latest) => (latest.status === 'COMPLETED' ? CONVERSATION_EVENTS.completed : CONVERSATION_EVENTS.updated),
			toItem: (event, change) => toItem(event, change.record, change.previous ?? null),
		});
	}
}
