import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { runPerItem } from '../../helpers';
import { deleteSubscription } from '../../transport';
import { subscriptionRecords, readSubscriptionId, subscriptionLocator } from './subscriptionFields';

export const description = updateDisplayOptions({ show: { resource: ['webhook'], operation: ['delete'] } }, [
	subscriptionLocator,
] as INodeProperties[]);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const id = readSubscriptionId(this, itemIndex);
		await deleteSubscription.call(this, id, { itemIndex, records: subscriptionRecords(id) });
		return { deleted: true, id };
	});
}
