import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readOption, requireUuid } from '../../helpers';
import { recordIn } from '../../transport';
import { chatbotLocator, locatorValue, readSessionId } from '../chat/locators';
import { phoneListField, readPhoneList, sendInBatches } from './batchSend';
import { readMetadata } from '../shared/metadata';
import { inSessionField, optionalChannelField, readFlags, readOptionalChannel, readSendReferences, sendToField } from '../send/sendFields';
import { CHATBOT_FLAGS, chatbotOptionsField } from './startChatbot.operation';

const properties: INodeProperties[] = [
	chatbotLocator,
	sendToField,
	{ ...phoneListField, displayOptions: { show: { sendTo: ['phone'] } } },
	inSessionField,
	optionalChannelField,
	chatbotOptionsField,
];

export const description = updateDisplayOptions({ show: { resource: ['message'], operation: ['startChatbotForMany'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await sendInBatches(this, '/v1/send/chatbot/batch', async (itemIndex) => {
		const botKey = requireUuid(this, locatorValue(this.getNodeParameter('chatbot', itemIndex, undefined)), 'Chatbot', itemIndex);
		const sendTo = readOption(this, this.getNodeParameter('sendTo', itemIndex, 'phone'), ['phone', 'session'], 'Send To', itemIndex);
		const recipients: IDataObject[] =
			sendTo === 'session'
				? [{ sessionId: readSessionId(this, itemIndex) }]
				: readPhoneList(this, this.getNodeParameter('phoneNumber', itemIndex), itemIndex).map((to) => ({ to }));
		const channel = sendTo === 'phone' ? await readOptionalChannel(this, itemIndex) : undefined;
		const raw = this.getNodeParameter('chatbotOptions', itemIndex, {}) as IDataObject;
		// the flags apply to the whole request; metadata, callback and reference to each message
		const options = readFlags(this, raw, CHATBOT_FLAGS, itemIndex);
		const sessionMetadata = readMetadata(this, raw.sessionMetadata, 'Conversation Metadata', itemIndex);
		const contactMetadata = readMetadata(this, raw.contactMetadata, 'Contact Metadata', itemIndex);
		const message: IDataObject = {
			...(sessionMetadata ? { sessionMetadata } : {}),
			...(contactMetadata ? { contactMetadata } : {}),
			...readSendReferences(this, raw, itemIndex),
		};
		return {
			shared: { botKey, ...(channel ? { from: channel.number } : {}), ...(Object.keys(options).length ? { options } : {}) },
			messages: recipients.map((recipient) => ({ ...recipient, ...message })),
			records: [recordIn('chatbot', 'Chatbot', botKey), recordIn('channel', 'Channel', channel?.number)],
		};
	});
}
