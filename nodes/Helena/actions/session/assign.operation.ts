import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readLocatorId, runPerItem } from '../../helpers';
import { apiPath, helenaRequest, recordIn, saysAlready } from '../../transport';
import { readSessionId, sessionIdField, sessionRecord, userLocator } from '../chat/locators';
import { fetchSession } from './fetchSession';
import { readStopBot, stopBotField } from './stopBot';

const userField: INodeProperties = {
	...userLocator('user'),
	required: true,
	displayName: 'User',
	description: 'The agent who takes the conversation (it stays in its department); By ID takes the user ID (userId)',
};

const properties: INodeProperties[] = [sessionIdField, userField, stopBotField];

export const description = updateDisplayOptions({ show: { resource: ['session'], operation: ['assign'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const id = readSessionId(this, itemIndex);
		const userId = readLocatorId(this, userField, itemIndex);
		return (await helenaRequest.call(this, {
			service: 'chat',
			method: 'PUT',
			path: apiPath`/v1/session/${id}/assignee`,
			body: { userId, ...readStopBot(this, itemIndex) },
			itemIndex,
			records: [sessionRecord(id), recordIn('user', 'User', userId)],
			// the repeat of an assignment whose answer was lost finds the user assigned already
			alreadyDone: (refusal) =>
				saysAlready(refusal, /atribu|assign|usu[aá]rio|\buser|agente/i) && !/conclu|complet/i.test(refusal.text ?? ''),
			resultWhenDone: async () => await fetchSession(this, id, itemIndex),
		})) as IDataObject;
	});
}
