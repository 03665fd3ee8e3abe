import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { invalidInput, readText, runPerItem } from '../../helpers';
import { helenaRequest } from '../../transport';
import {
	explainRefusedSend,
	inSessionField,
	optionalChannelField,
	phoneField,
	readOptionalChannel,
	readRecipient,
	readReplyTo,
	readSendOptions,
	replyToOption,
	sendOptions,
	sendToField,
	typingDelayOption,
} from './sendFields';

const properties: INodeProperties[] = [
	sendToField,
	phoneField,
	inSessionField,
	optionalChannelField,
	{
		displayName: 'Text',
		name: 'text',
		type: 'string',
		typeOptions: { rows: 4 },
		required: true,
		default: '',
		description: 'The message; WhatsApp formatting such as *bold* and _italic_ works',
	},
	sendOptions(replyToOption, typingDelayOption),
];

export const description = updateDisplayOptions({ show: { resource: ['message'], operation: ['sendText'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const recipient = readRecipient(this, itemIndex);
		const text = readText(this, this.getNodeParameter('text', itemIndex, ''), 'Text', itemIndex) ?? '';
		if (!text.trim()) throw invalidInput(this, 'Text', 'is empty', itemIndex);
		const options = readSendOptions(this, itemIndex);
		const replyTo = readReplyTo(this, this.getNodeParameter('sendOptions', itemIndex, {}) as IDataObject, itemIndex);
		const channel = recipient.to ? await readOptionalChannel(this, itemIndex) : undefined;
		try {
			return (await helenaRequest.call(this, {
				service: 'chat',
				method: 'POST',
				path: '/v1/send/text',
				body: { ...recipient, ...(channel ? { from: channel.number } : {}), text, ...options, ...replyTo },
				itemIndex,
			})) as IDataObject;
		} catch (error) {
			throw explainRefusedSend(error, recipient);
		}
	});
}
