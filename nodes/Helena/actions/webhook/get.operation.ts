import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { READ_CONCURRENCY, runPerItem } from '../../helpers';
import { apiPath, helenaRequest, withoutDeliveryToken } from '../../transport';
import { subscriptionRecords, readSubscriptionId, subscriptionLocator } from './subscriptionFields';

export const description = updateDisplayOptions({ show: { resource: ['webhook'], operation: ['get'] } }, [
	subscriptionLocator,
] as INodeProperties[]);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(
		this,
		async (itemIndex) => {
			const id = readSubscriptionId(this, itemIndex);
			const subscription = (await helenaRequest.call(this, {
				method: 'GET',
				path: apiPath`/v1/webhook/subscription/${id}`,
				itemIndex,
				records: subscriptionRecords(id),
			})) as IDataObject;
			return withoutDeliveryToken(subscription);
		},
		{ concurrency: READ_CONCURRENCY },
	);
}
