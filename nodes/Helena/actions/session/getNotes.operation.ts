import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { READ_CONCURRENCY, runPerItem } from '../../helpers';
import { readSessionId, sessionIdField } from '../chat/locators';
import { limitField, returnAllField } from '../shared/paging';
import { fetchHistory, historyFields } from './history';

const properties: INodeProperties[] = [sessionIdField, returnAllField, limitField, ...historyFields('notes')];

export const description = updateDisplayOptions({ show: { resource: ['session'], operation: ['getNotes'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => await fetchHistory(this, 'notes', readSessionId(this, itemIndex), itemIndex), {
		concurrency: READ_CONCURRENCY,
	});
}
