import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readBoolean, runPerItem } from '../../helpers';
import { listContactCustomFields } from '../../transport';

const properties: INodeProperties[] = [
	{
		displayName: 'Nested',
		name: 'nested',
		type: 'boolean',
		default: false,
		description: 'Whether to return the fields inside their groups (under "children") instead of one flat list',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['contact'], operation: ['getCustomFields'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const nested = readBoolean(this, this.getNodeParameter('nested', itemIndex, false), 'Nested', itemIndex);
		return (await listContactCustomFields.call(this, { nested, itemIndex })) as IDataObject[];
	});
}
