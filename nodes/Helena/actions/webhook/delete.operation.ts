import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiPath, helenaRequest } from '../../transport';
import { runPerItem } from '../runPerItem';
import { notFoundMessage, readSubscriptionId, subscriptionLocator } from './subscriptionFields';

export const description = updateDisplayOptions(
	{ show: { resource: ['webhook'], operation: ['delete'] } },
	[subscriptionLocator] as INodeProperties[],
);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const id = readSubscriptionId(this, itemIndex);
		await helenaRequest.call(this, {
			method: 'DELETE',
			path: apiPath`/v1/webhook/subscription/${id}`,
			itemIndex,
			notFoundMessage: notFoundMessage(id),
		});
		return { deleted: true, id };
	});
}
