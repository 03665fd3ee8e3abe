import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { helenaRequest } from '../../transport';
import { runPerItem } from '../runPerItem';

// GET /v2/department takes no parameters and is not paginated.
export const description: INodeProperties[] = [];

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		return (await helenaRequest.call(this, {
			method: 'GET',
			path: '/v2/department',
			itemIndex,
		})) as IDataObject[];
	});
}
