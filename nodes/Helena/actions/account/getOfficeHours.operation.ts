import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { runPerItem } from '../../helpers';
import { helenaRequest } from '../../transport';

// GET /core/v1/company/officehours takes no parameters.
export const description: INodeProperties[] = [];

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		return (await helenaRequest.call(this, {
			method: 'GET',
			path: '/v1/company/officehours',
			itemIndex,
			answer: 'object',
		})) as IDataObject;
	});
}
