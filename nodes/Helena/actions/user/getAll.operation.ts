import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { runPerItem } from '../../helpers';
import { listAgents } from '../../transport';

// GET /core/v1/agent takes no parameters and is not paginated.
export const description: INodeProperties[] = [];

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		return ((await listAgents.call(this, { itemIndex })) ?? []) as IDataObject[];
	});
}
