import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { runPerItem } from '../../helpers';
import { listSubscriptions, withoutDeliveryToken } from '../../transport';

// GET /v1/webhook/subscription takes no parameters and is not paginated.
export const description: INodeProperties[] = [];

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => (await listSubscriptions.call(this, { itemIndex })).map(withoutDeliveryToken));
}
