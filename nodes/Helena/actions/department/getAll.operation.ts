import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { runPerItem } from '../../helpers';
import { listDepartments } from '../../transport';

// GET /v2/department takes no parameters and is not paginated.
export const description: INodeProperties[] = [];

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		return (await listDepartments.call(this, { itemIndex })) as IDataObject[];
	});
}
