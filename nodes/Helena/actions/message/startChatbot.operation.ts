import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireUuid, runPerItem } from '../../helpers';
import { helenaRequest, recordIn } from '../../transport';
import { chatbotLocator, locatorValue } from '../chat/locators';
import { metadataField, readMetadata } from '../shared/metadata';
import {
	callbackUrlField,
	inSessionField,
	optionalChannelField,
	phoneField,
	readFlags,
	readOptionalChannel,
	readRecipient,
	readSendReferences,
	sendRecords,
	sendToField,
} from '../send/sendFields';

/** The chatbot send's yes/no options, as Helena names them. */
export const CHATBOT_FLAGS: Record<string, string> = {
	skipIfBotInExecution: 'Skip If a Chatbot Is Running',
	skipIfInProgress: 'Skip If Conversation In Progress',
	forceStartSession: 'Force New Conversation',
	hiddenSession: 'Hide Conversation Until Reply',
};

/** The Options of a chatbot send (one or many). */
export const chatbotOptionsField: INodeProperties = {
	displayName: 'Options',
	name: 'chatbotOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		callbackUrlField('Helena calls this URL once when the chatbot starts or fails'),
		metadataField('contactMetadata', 'Contact Metadata', 'Values stored on the contact, kept for later conversations'),
		metadataField(
			'sessionMetadata',
			'Conversation Metadata',
			'Values the chatbot can use in its messages and conditions while the conversation lasts',
		),
		{
			displayName: 'Force New Conversation',
			name: 'forceStartSession',
			type: 'boolean',
			default: false,
			description: 'Whether to close the conversation in progress and start a new one',
		},
		{
			displayName: 'Hide Conversation Until Reply',
			name: 'hiddenSession',
			type: 'boolean',
			default: false,
			description: 'Whether the conversation stays hidden from agents until the contact replies',
		},
		{
			displayName: 'Skip If a Chatbot Is Running',
			name: 'skipIfBotInExecution',
			type: 'boolean',
			default: false,
			description: 'Whether to do nothing when another chatbot runs in the conversation',
		},
		{
			displayName: 'Skip If Conversation In Progress',
			name: 'skipIfInProgress',
			type: 'boolean',
			default: false,
			description: 'Whether to do nothing when an agent is attending the contact',
		},
		{
			displayName: 'Your Reference',
			name: 'senderId',
			type: 'string',
			default: '',
			description: 'Your own ID for this run; Helena returns it with the status',
		},
	],
};

const properties: INodeProperties[] = [chatbotLocator, sendToField, phoneField, inSessionField, optionalChannelField, chatbotOptionsField];

export const description = updateDisplayOptions({ show: { resource: ['message'], operation: ['startChatbot'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const botKey = requireUuid(this, locatorValue(this.getNodeParameter('chatbot', itemIndex, undefined)), 'Chatbot', itemIndex);
		const recipient = readRecipient(this, itemIndex);
		const channel = recipient.to ? await readOptionalChannel(this, itemIndex) : undefined;
		const raw = this.getNodeParameter('chatbotOptions', itemIndex, {}) as IDataObject;
		const options = readFlags(this, raw, CHATBOT_FLAGS, itemIndex);
		const sessionMetadata = readMetadata(this, raw.sessionMetadata, 'Conversation Metadata', itemIndex);
		const contactMetadata = readMetadata(this, raw.contactMetadata, 'Contact Metadata', itemIndex);
		const references = readSendReferences(this, raw, itemIndex);
		const body: IDataObject = {
			botKey,
			...recipient,
			...(channel ? { from: channel.number } : {}),
			...(Object.keys(options).length ? { options } : {}),
			...(sessionMetadata ? { sessionMetadata } : {}),
			...(contactMetadata ? { contactMetadata } : {}),
			...references,
		};
		return (await helenaRequest.call(this, {
			service: 'chat',
			method: 'POST',
			path: '/v1/send/chatbot',
			body,
			itemIndex,
			records: sendRecords(body, [recordIn('chatbot', 'Chatbot', botKey)]),
		})) as IDataObject;
	});
}
