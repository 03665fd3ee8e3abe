import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { READ_CONCURRENCY, runPerItem } from '../../helpers';
import { fetchMessage, messageIdField, readMessageId } from '../chat/message';

export const description = updateDisplayOptions({ show: { resource: ['message'], operation: ['get'] } }, [messageIdField]);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => await fetchMessage(this, readMessageId(this, itemIndex), itemIndex), {
		concurrency: READ_CONCURRENCY,
	});
}
