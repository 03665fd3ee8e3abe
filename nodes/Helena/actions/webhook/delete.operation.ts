import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { runPerItem } from '../../helpers';
import { deleteRecord, subscriptionPath } from '../../transport';
import { subscriptionRecords, readSubscriptionId, subscriptionLocator } from './subscriptionFields';

export const description = updateDisplayOptions({ show: { resource: ['webhook'], operation: ['delete'] } }, [
	subscriptionLocator,
] as INodeProperties[]);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const id = readSubscriptionId(this, itemIndex);
		return await deleteRecord.call(this, { id, path: subscriptionPath(id), itemIndex, records: subscriptionRecords(id) });
	});
}
