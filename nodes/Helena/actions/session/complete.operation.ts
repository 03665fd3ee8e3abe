import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readBoolean, runPerItem } from '../../helpers';
import { apiPath, helenaRequest, saysAlready } from '../../transport';
import { readSessionId, sessionIdField, sessionRecord } from '../chat/locators';
import { fetchSession } from './fetchSession';

const properties: INodeProperties[] = [
	sessionIdField,
	{
		displayName: 'Reopen When Contact Writes',
		name: 'reactivateOnNewMessage',
		type: 'boolean',
		default: false,
		description: 'Whether a new message from the contact reopens this conversation instead of starting another',
	},
	{
		displayName: 'Stop Running Chatbot',
		name: 'stopBotInExecution',
		type: 'boolean',
		default: false,
		description: 'Whether to stop a chatbot that is running in the conversation',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['session'], operation: ['complete'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const id = readSessionId(this, itemIndex);
		return (await helenaRequest.call(this, {
			service: 'chat',
			method: 'PUT',
			path: apiPath`/v1/session/${id}/complete`,
			body: {
				reactivateOnNewMessage: readBoolean(
					this,
					this.getNodeParameter('reactivateOnNewMessage', itemIndex, false),
					'Reopen When Contact Writes',
					itemIndex,
				),
				stopBotInExecution: readBoolean(
					this,
					this.getNodeParameter('stopBotInExecution', itemIndex, false),
					'Stop Running Chatbot',
					itemIndex,
				),
			},
			itemIndex,
			records: [sessionRecord(id)],
			// the repeat of a complete whose answer was lost finds it completed: the conversation, read again
			alreadyDone: (refusal) => saysAlready(refusal, /conclu|complet|finaliz|encerrad/i),
			resultWhenDone: async () => await fetchSession(this, id, itemIndex),
		})) as IDataObject;
	});
}
