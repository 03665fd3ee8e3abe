import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { invalidInput, readBoolean, readNumber, readOption, readPhoneNumber, readText, requireHttpUrl, requireUuid } from '../../helpers';
import { helenaRequest, recordIn } from '../../transport';
import type { RecordRef } from '../../transport';
import { resolveChannel } from '../chat/catalog';
import type { ChatChannel } from '../chat/catalog';
import {
	channelLocator,
	departmentPicker,
	locatorValue,
	optionalLocatorUuid,
	readSessionId,
	sessionIdField,
	sessionRecord,
	userLocator,
} from '../chat/locators';

/* Who a send goes to, from which channel, and the options the send family shares. */

export const sendToField: INodeProperties = {
	displayName: 'Send To',
	name: 'sendTo',
	type: 'options',
	default: 'phone',
	options: [
		{
			name: 'Phone Number',
			value: 'phone',
			description: "The contact's number; Helena reuses the open conversation or opens one (and creates the contact if needed)",
		},
		{
			name: 'Existing Conversation',
			value: 'session',
			description: 'An open conversation (session), e.g. the one a Helena Trigger event is about',
		},
	],
};

/** The recipient's number of a send (read by `readPhone`); the description says what Helena does with it. */
export function recipientPhoneField(description: string): INodeProperties {
	return {
		displayName: 'Phone Number',
		name: 'phoneNumber',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. +5511999999999',
		description,
	};
}

export const phoneField: INodeProperties = {
	...recipientPhoneField("Recipient's number with country code; spaces, dashes, parentheses and Helena's +55|11… form are accepted"),
	displayOptions: { show: { sendTo: ['phone'] } },
};

export const inSessionField: INodeProperties = {
	...sessionIdField,
	description:
		"ID of the open conversation. From Helena Trigger: the content's ID field on SESSION_* events, content.sessionId on MESSAGE_* events.",
	displayOptions: { show: { sendTo: ['session'] } },
};

/** The channel is optional for free messages: Helena picks one, or the conversation's own. */
export const optionalChannelField = channelLocator({
	description: 'The WhatsApp number or Instagram account that sends; leave empty to let Helena choose (in a conversation: its own channel)',
	displayOptions: { show: { sendTo: ['phone'] } },
});

/** The text of a free message. */
export const messageTextField: INodeProperties = {
	displayName: 'Text',
	name: 'text',
	type: 'string',
	typeOptions: { rows: 4 },
	required: true,
	default: '',
	description: 'The message; WhatsApp formatting such as *bold* and _italic_ works',
};

/** Who a single send goes to: a phone number (through a channel) or an existing conversation. */
export const recipientFields: INodeProperties[] = [sendToField, phoneField, inSessionField, optionalChannelField];

/** The recipient of a send: `to` (a phone number) or `sessionId`. */
export function readRecipient(context: IExecuteFunctions, itemIndex: number): IDataObject {
	const sendTo = readOption(context, context.getNodeParameter('sendTo', itemIndex, 'phone'), ['phone', 'session'], 'Send To', itemIndex);
	if (sendTo === 'session') return { sessionId: readSessionId(context, itemIndex) };
	return { to: readPhone(context, context.getNodeParameter('phoneNumber', itemIndex), itemIndex) };
}

/** The Phone Number field of a send (and of a scheduled message), read as every phone is. */
export function readPhone(context: IExecuteFunctions, value: unknown, itemIndex: number): string {
	return readPhoneNumber(context, value, 'Phone Number', itemIndex);
}

/** The channel's number for `from`, or undefined when the channel is left empty. */
export async function readOptionalChannel(context: IExecuteFunctions, itemIndex: number): Promise<ChatChannel | undefined> {
	const value = locatorValue(context.getNodeParameter('channel', itemIndex, undefined));
	return value === undefined ? undefined : await resolveChannel(context, value, itemIndex);
}

export async function readRequiredChannel(context: IExecuteFunctions, itemIndex: number): Promise<ChatChannel> {
	const value = locatorValue(context.getNodeParameter('channel', itemIndex, undefined));
	if (value === undefined) throw invalidInput(context, 'Channel', 'is required: pick the number that sends', itemIndex);
	return await resolveChannel(context, value, itemIndex);
}

/** The Callback URL option of a send (read by `readSendReferences`); the description says when Helena calls it. */
export function callbackUrlField(description: string): INodeProperties {
	return { displayName: 'Callback URL', name: 'callbackUrl', type: 'string', default: '', description };
}

const callbackUrlOption: INodeProperties = {
	...callbackUrlField('Helena calls this URL once when the message is sent or fails'),
	placeholder: 'e.g. https://n8n.example.com/webhook/helena-status',
};

const senderIdOption: INodeProperties = {
	displayName: 'Your Reference',
	name: 'senderId',
	type: 'string',
	default: '',
	description: 'Your own ID for this message (e.g. an order number); Helena returns it with the status',
};

const commonSendOptions: INodeProperties[] = [
	callbackUrlOption,
	{
		...departmentPicker('department'),
		description: 'Department (team) of the conversation, when this send opens a new one',
	},
	{
		displayName: 'Force New Conversation',
		name: 'forceStartSession',
		type: 'boolean',
		default: false,
		description: "Whether to close the contact's conversation in progress and open a new one",
	},
	{
		displayName: 'Hide Conversation Until Reply',
		name: 'hiddenSession',
		type: 'boolean',
		default: false,
		description: 'Whether a conversation this send opens stays hidden from agents until the contact replies',
	},
	{
		displayName: 'Start Chatbot on Reply',
		name: 'enableBot',
		type: 'boolean',
		default: false,
		description: "Whether the channel's chatbot starts when the contact replies (for a conversation this send opens)",
	},
	{
		...userLocator('user'),
		displayName: 'Assign to User',
		description: 'Agent of the conversation, when this send opens a new one',
	},
	senderIdOption,
];

export const typingDelayOption: INodeProperties = {
	displayName: 'Typing Delay (Seconds)',
	name: 'delayTyping',
	type: 'number',
	typeOptions: { minValue: 0, maxValue: 25 },
	default: 0,
	description: 'Seconds of "typing…" the contact sees before the message arrives (at most 25)',
};

/** The Options collection of a send: the shared options plus the operation's own, in alphabetical order. */
export function sendOptions(...extra: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Options',
		name: 'sendOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [...commonSendOptions, ...extra].sort((a, b) => a.displayName.localeCompare(b.displayName)),
	};
}

const SEND_FLAGS: Record<string, string> = {
	enableBot: 'Start Chatbot on Reply',
	hiddenSession: 'Hide Conversation Until Reply',
	forceStartSession: 'Force New Conversation',
};

/** The yes/no options of a send, as Helena's `options` flags: only the ones switched on are sent. */
export function readFlags(context: IExecuteFunctions, raw: IDataObject, labels: Record<string, string>, itemIndex: number): IDataObject {
	const flags: IDataObject = {};
	for (const [flag, label] of Object.entries(labels)) if (readBoolean(context, raw[flag], label, itemIndex)) flags[flag] = true;
	return flags;
}

/** `callbackUrl` and `senderId` (Your Reference) of a send, when given. */
export function readSendReferences(context: IExecuteFunctions, raw: IDataObject, itemIndex: number): IDataObject {
	const references: IDataObject = {};
	const callbackUrl = (readText(context, raw.callbackUrl, 'Callback URL', itemIndex) ?? '').trim();
	if (callbackUrl) references.callbackUrl = requireHttpUrl(context, callbackUrl, 'Callback URL', itemIndex);
	const senderId = (readText(context, raw.senderId, 'Your Reference', itemIndex) ?? '').trim();
	if (senderId) references.senderId = senderId;
	return references;
}

/** `options`, `callbackUrl`, `senderId` and `delayTyping` of a send body. */
export function readSendOptions(context: IExecuteFunctions, itemIndex: number): IDataObject {
	const raw = context.getNodeParameter('sendOptions', itemIndex, {}) as IDataObject;
	const body: IDataObject = {};
	const options = readFlags(context, raw, SEND_FLAGS, itemIndex);
	const userId = optionalLocatorUuid(context, raw.user, 'Assign to User', itemIndex);
	if (userId) options.user = { id: userId };
	const departmentId = optionalLocatorUuid(context, raw.department, 'Department', itemIndex);
	if (departmentId) options.department = { id: departmentId };
	if (Object.keys(options).length) body.options = options;
	Object.assign(body, readSendReferences(context, raw, itemIndex));
	const delay = readNumber(context, raw.delayTyping, 'Typing Delay (Seconds)', itemIndex, { min: 0, max: 25, whole: true });
	if (delay) body.delayTyping = delay;
	return body;
}

export const replyToOption: INodeProperties = {
	displayName: 'Reply To Message ID',
	name: 'refId',
	type: 'string',
	default: '',
	description: 'ID of an earlier message of the conversation that this one answers (shown as a quote)',
};

function readReplyTo(context: IExecuteFunctions, raw: IDataObject, itemIndex: number): IDataObject {
	const refId = (readText(context, raw.refId, 'Reply To Message ID', itemIndex) ?? '').trim();
	return refId ? { refId: requireUuid(context, refId, 'Reply To Message ID', itemIndex) } : {};
}

/**
 * A free message (text or media) refused because the WhatsApp window is closed gets a message that
 * says what to do; Helena's own words stay in the description.
 */
export function explainRefusedSend(error: unknown, recipient: IDataObject): unknown {
	if (!(error instanceof NodeApiError) || error.httpCode !== '400') return error;
	const text = `${error.message} ${error.description ?? ''}`;
	if (!/janela|window|24 ?h/i.test(text)) return error;
	const who = recipient.to ? `the contact ${String(recipient.to)}` : 'this conversation';
	error.message = `WhatsApp's 24-hour window with ${who} is closed: only a template can start the conversation`;
	error.description =
		`Use Message → Send Template, or send this once the contact has written in the last 24 hours. ${error.description ?? ''}`.trim();
	return error;
}

/**
 * The records a send body names, for a "not found" that names the one Helena names: `first` (a template,
 * a chatbot), then the conversation or the phone number, the channel, and the options' department and user.
 */
export function sendRecords(body: IDataObject, first: RecordRef[] = []): RecordRef[] {
	const options = (body.options ?? {}) as IDataObject;
	const idOf = (value: unknown) => ((value as IDataObject | undefined)?.id as string | undefined) ?? undefined;
	const text = (value: unknown) => (value === undefined || value === null ? undefined : String(value));
	return [
		...first,
		body.sessionId ? sessionRecord(String(body.sessionId)) : recordIn('contact', 'Phone Number', text(body.to)),
		recordIn('channel', 'Channel', text(body.from)),
		recordIn('department', 'Department', idOf(options.department)),
		recordIn('user', 'Assign to User', idOf(options.user)),
		recordIn('message', 'Reply To Message ID', text(body.refId)),
		recordIn('file', 'File', text(body.fileIdOrUrl)),
	];
}

/** What a free message sends: its endpoint, its own body keys, and a file to upload once all else is checked. */
export interface FreeMessage {
	path: string;
	body: IDataObject;
	upload?: () => Promise<IDataObject>;
}

/**
 * Sends a free message (text or media) to a phone number, from the chosen channel or one Helena picks,
 * or into a conversation, with the options the send family shares; a closed WhatsApp window is explained.
 */
export async function sendFreeMessage(
	context: IExecuteFunctions,
	itemIndex: number,
	read: (recipient: IDataObject) => FreeMessage,
): Promise<IDataObject> {
	const recipient = readRecipient(context, itemIndex);
	const message = read(recipient);
	const options = readSendOptions(context, itemIndex);
	const replyTo = readReplyTo(context, context.getNodeParameter('sendOptions', itemIndex, {}) as IDataObject, itemIndex);
	const channel = recipient.to ? await readOptionalChannel(context, itemIndex) : undefined;
	const uploaded = message.upload ? await message.upload() : {};
	const body = { ...recipient, ...(channel ? { from: channel.number } : {}), ...uploaded, ...message.body, ...options, ...replyTo };
	try {
		return (await helenaRequest.call(context, {
			service: 'chat',
			method: 'POST',
			path: message.path,
			body,
			itemIndex,
			records: sendRecords(body),
		})) as IDataObject;
	} catch (error) {
		throw explainRefusedSend(error, recipient);
	}
}
