import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { READ_CONCURRENCY, readOption, readPathValue, requireUuid, runPerItem } from '../../helpers';
import { apiPath, helenaRequest } from '../../transport';
import { messageIdField } from '../chat/message';

const SENT_WITH = ['message', 'chatbot', 'otp'] as const;

const properties: INodeProperties[] = [
	{
		displayName: 'Sent With',
		name: 'sentWith',
		type: 'options',
		default: 'message',
		options: [
			{ name: 'Send Text, Media or Template', value: 'message', description: 'A message: queued, sent, delivered, read or failed' },
			{ name: 'Start Chatbot', value: 'chatbot', description: 'A chatbot start: queued, sent or failed' },
			{ name: 'Send OTP', value: 'otp', description: 'A one-time password: pending, sent, received or failed' },
		],
		description: 'The operation that sent it: each has its own status',
	},
	{
		...messageIdField,
		description: 'The ID a send returned (its output field "ID")',
		displayOptions: { show: { sentWith: ['message', 'chatbot'] } },
	},
	{
		displayName: 'OTP ID or Your Reference',
		name: 'messageId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 3fa85f64-5717-4562-b3fc-2c963f66afa6 or login-4711',
		description: 'The ID Send OTP returned, or the Your Reference it was sent with',
		displayOptions: { show: { sentWith: ['otp'] } },
	},
];

export const description = updateDisplayOptions({ show: { resource: ['message'], operation: ['getStatus'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(
		this,
		async (itemIndex) => {
			const sentWith = readOption(this, this.getNodeParameter('sentWith', itemIndex, 'message'), SENT_WITH, 'Sent With', itemIndex);
			const value = this.getNodeParameter('messageId', itemIndex);
			if (sentWith === 'otp') {
				const id = readPathValue(this, value, 'OTP ID or Your Reference', itemIndex);
				return (await helenaRequest.call(this, {
					service: 'chat',
					method: 'GET',
					path: apiPath`/v1/send/otp/${id}`,
					itemIndex,
					records: [
						{ kind: 'message', value: id, message: `No one-time password with the ID or reference "${id}" was sent through Helena` },
					],
				})) as IDataObject;
			}
			const id = requireUuid(this, value, 'Message ID', itemIndex);
			const chatbot = sentWith === 'chatbot';
			const message = chatbot
				? `No chatbot start with ID "${id}" was sent through Helena's send API`
				: `No message with ID "${id}" was sent through Helena's send API`;
			return (await helenaRequest.call(this, {
				service: 'chat',
				method: 'GET',
				path: chatbot ? apiPath`/v1/send/chatbot/${id}` : apiPath`/v1/send/message/${id}`,
				itemIndex,
				// Helena may call a chatbot start a message ("Mensagem … não encontrada"): both words name this one
				records: chatbot
					? [
							{ kind: 'chatbot', value: id, message },
							{ kind: 'message', value: id, message },
						]
					: [{ kind: 'message', value: id, message }],
			})) as IDataObject;
		},
		{ concurrency: READ_CONCURRENCY },
	);
}
