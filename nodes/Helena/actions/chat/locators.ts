import type { IExecuteFunctions, INodeProperties, INodePropertyMode } from 'n8n-workflow';

import { requireUuid, UUID_PATTERN, uuidLocator } from '../../helpers';
import type { RecordRef } from '../../transport';

/* Pickers of the chat operations: each lists with search and also takes an ID (or an expression). */

const idValidation = (what: string): INodePropertyMode['validation'] => [
	{ type: 'regex', properties: { regex: UUID_PATTERN, errorMessage: `Not a ${what} ID (a UUID)` } },
];
const UUID_PLACEHOLDER = 'e.g. 3fa85f64-5717-4562-b3fc-2c963f66afa6';

/** The sending channel: picked, or given by its number (`5511940000001`, `@handle`) or ID. */
export function channelLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Channel',
		name: 'channel',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		description: 'The WhatsApp number or Instagram account that sends',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a channel...',
				typeOptions: { searchListMethod: 'searchChannels', searchable: true },
			},
			{ displayName: 'By Number', name: 'number', type: 'string', placeholder: 'e.g. 5511940000001 or @mystore' },
			{ displayName: 'By ID', name: 'id', type: 'string', placeholder: UUID_PLACEHOLDER, validation: idValidation('channel') },
		],
		...overrides,
	};
}

export const templateLocator: INodeProperties = uuidLocator({
	displayName: 'Template',
	name: 'template',
	description: "The approved message template to send; the list shows the chosen channel's templates",
	record: 'template',
	searchListMethod: 'searchTemplates',
});

/** An optional picker (empty means "not set"), e.g. inside an Options or Filters collection. */
const optional = (locator: INodeProperties, overrides: Partial<INodeProperties>): INodeProperties => ({
	...locator,
	required: false,
	...overrides,
});

export function userLocator(name: string, overrides: Partial<INodeProperties> = {}): INodeProperties {
	const locator = uuidLocator({
		displayName: 'User',
		name,
		description: 'A Helena user (agent); By ID takes the user ID (userId), not the agent record ID',
		record: 'user',
		searchListMethod: 'searchUsers',
	});
	return optional(locator, overrides);
}

export function departmentPicker(name: string, overrides: Partial<INodeProperties> = {}): INodeProperties {
	const locator = uuidLocator({
		displayName: 'Department',
		name,
		description: 'A department (team)',
		record: 'department',
		searchListMethod: 'searchDepartments',
	});
	return optional(locator, overrides);
}

export const chatbotLocator: INodeProperties = {
	displayName: 'Chatbot',
	name: 'chatbot',
	type: 'resourceLocator',
	required: true,
	default: { mode: 'list', value: '' },
	description: "The chatbot to start; By Key takes the chatbot's key, which differs from its ID",
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Select a chatbot...',
			typeOptions: { searchListMethod: 'searchChatbots', searchable: true },
		},
		{
			displayName: 'By Key',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. 3fa85f64-5717-4562-b3fc-2c963f66afa6',
			validation: [{ type: 'regex', properties: { regex: UUID_PATTERN, errorMessage: 'Not a chatbot key (a UUID)' } }],
		},
	],
};

const rawLocatorValue = (value: unknown): unknown => (value && typeof value === 'object' ? (value as { value?: unknown }).value : value);

/**
 * The value of an optional locator (top level or inside a collection), or undefined when empty. An object
 * an expression (or an AI model) put in it comes back as its JSON, so the error shows it, not "[object Object]".
 */
export function locatorValue(value: unknown): string | undefined {
	const raw = rawLocatorValue(value);
	if (raw === undefined || raw === null) return undefined;
	const text = (typeof raw === 'object' ? JSON.stringify(raw) : String(raw)).trim();
	return text ? text : undefined;
}

/** An optional UUID-valued locator: undefined when empty, a clear error when not a UUID (or an object or list). */
export function optionalLocatorUuid(context: IExecuteFunctions, value: unknown, label: string, itemIndex: number): string | undefined {
	const raw = rawLocatorValue(value);
	if (raw !== null && typeof raw === 'object') return requireUuid(context, raw, label, itemIndex);
	const text = locatorValue(value);
	return text === undefined ? undefined : requireUuid(context, text, label, itemIndex);
}

/** The session a Session operation (or an in-session send) works on. */
export const sessionIdField: INodeProperties = {
	displayName: 'Session ID',
	name: 'sessionId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. 3fa85f64-5717-4562-b3fc-2c963f66afa6',
	description:
		"ID of the conversation (session). From Helena Trigger: the content's ID field on SESSION_* events, content.sessionId on MESSAGE_* events.",
};

export function readSessionId(context: IExecuteFunctions, itemIndex: number, name = 'sessionId'): string {
	return requireUuid(context, context.getNodeParameter(name, itemIndex), 'Session ID', itemIndex);
}

/** The conversation a request is about, for its "not found" message. */
export function sessionRecord(id: string): RecordRef {
	return { kind: 'session', value: id, message: `The conversation (session) with ID "${id}" was not found in Helena` };
}
