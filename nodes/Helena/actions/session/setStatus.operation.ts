import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { optionValues, readOption, runPerItem } from '../../helpers';
import { apiPath, helenaRequest, saysAlready } from '../../transport';
import { readSessionId, sessionIdField, sessionRecord } from '../chat/locators';
import { fetchSession } from './fetchSession';
import { readStopBot, stopBotField } from './stopBot';

/** The statuses Helena's reference lists for `newStatus` (its UNDEFINED is no status to set). */
const statusField: INodeProperties = {
	displayName: 'Status',
	name: 'status',
	type: 'options',
	required: true,
	options: [
		{ name: 'Completed', value: 'COMPLETED', description: 'Closed (Complete also offers to reopen when the contact writes)' },
		{ name: 'Hidden', value: 'HIDDEN', description: 'Hidden from the agents until the contact writes' },
		{ name: 'In Progress', value: 'IN_PROGRESS', description: 'An agent is attending the contact' },
		{ name: 'Pending', value: 'PENDING', description: 'Waiting for an agent' },
		{ name: 'Started', value: 'STARTED', description: 'Opened, not yet waiting for an agent' },
	],
	default: 'PENDING',
	description: 'The new status of the conversation',
};
const STATUSES = optionValues(statusField);

const properties: INodeProperties[] = [sessionIdField, statusField, stopBotField];

export const description = updateDisplayOptions({ show: { resource: ['session'], operation: ['setStatus'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const id = readSessionId(this, itemIndex);
		const newStatus = readOption(this, this.getNodeParameter('status', itemIndex), STATUSES, 'Status', itemIndex);
		return (await helenaRequest.call(this, {
			service: 'chat',
			method: 'PUT',
			path: apiPath`/v1/session/${id}/status`,
			body: { newStatus, ...readStopBot(this, itemIndex) },
			itemIndex,
			records: [sessionRecord(id)],
			// the repeat of a change whose answer was lost finds the conversation in that status already
			alreadyDone: (refusal) =>
				saysAlready(refusal, newStatus === 'COMPLETED' ? /conclu|complet|finaliz|encerrad/i : /status|situa[cç][aã]o/i),
			resultWhenDone: async () => await fetchSession(this, id, itemIndex),
		})) as IDataObject;
	});
}
