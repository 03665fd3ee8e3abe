import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection, READ_CONCURRENCY, runPerItem } from '../../helpers';
import { fetchScheduledMessage, includeDetailsField, readIncludeDetails, readScheduledMessageId, scheduledMessageIdField } from './fields';

const properties: INodeProperties[] = [scheduledMessageIdField, optionsCollection([includeDetailsField])];

export const description = updateDisplayOptions({ show: { resource: ['scheduledMessage'], operation: ['get'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(
		this,
		async (itemIndex) => {
			const id = readScheduledMessageId(this, itemIndex);
			const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
			return await fetchScheduledMessage(this, id, itemIndex, readIncludeDetails(this, options.includeDetails, itemIndex));
		},
		{ concurrency: READ_CONCURRENCY },
	);
}
