import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { READ_CONCURRENCY, runPerItem } from '../../helpers';
import { readSessionId, sessionIdField } from '../chat/locators';
import { limitField, readSimple, returnAllField, simplifyFieldShowing } from '../shared/paging';
import { fetchHistory, historyFields } from './history';
import { simplifyMessage } from './simplifyMessage';

const properties: INodeProperties[] = [
	sessionIdField,
	returnAllField,
	limitField,
	simplifyFieldShowing('Simplified: ID, time, direction (received from the contact or sent), author, type, text, file and status'),
	...historyFields('messages'),
];

export const description = updateDisplayOptions({ show: { resource: ['session'], operation: ['getMessages'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(
		this,
		async (itemIndex) => {
			const id = readSessionId(this, itemIndex);
			const simple = readSimple(this, itemIndex);
			const messages = await fetchHistory(this, 'messages', id, itemIndex);
			return simple ? messages.map(simplifyMessage) : messages;
		},
		{ concurrency: READ_CONCURRENCY },
	);
}
