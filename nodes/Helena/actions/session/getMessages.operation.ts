import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { READ_CONCURRENCY, runPerItem } from '../../helpers';
import { readSessionId, sessionIdField } from '../chat/locators';
import { SIMPLIFIED_MESSAGE_HINT, simplifyMessage } from '../chat/messageView';
import { limitField, readSimple, returnAllField, simplifyFieldShowing } from '../shared/paging';
import { fetchHistory, historyFields } from './history';

const properties: INodeProperties[] = [
	sessionIdField,
	returnAllField,
	limitField,
	simplifyFieldShowing(SIMPLIFIED_MESSAGE_HINT),
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
