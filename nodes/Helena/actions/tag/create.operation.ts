import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readName, runPerItem } from '../../helpers';
import { helenaRequest } from '../../transport';
import { colorField, MAX_TAG_NAME, readTagColor } from './tagFields';

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. VIP',
		description: 'The name of the tag, up to 255 characters',
	},
	colorField({ hint: `${String(colorField().hint)}. Empty: Helena's default, GRAY_600.` }),
];

export const description = updateDisplayOptions({ show: { resource: ['tag'], operation: ['create'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const name = readName(this, this.getNodeParameter('name', itemIndex), 'Name', itemIndex, MAX_TAG_NAME);
		const color = await readTagColor(this, this.getNodeParameter('color', itemIndex, ''), itemIndex);
		return (await helenaRequest.call(this, {
			method: 'POST',
			path: '/v1/tag',
			body: { name, ...(color ? { color } : {}) },
			itemIndex,
		})) as IDataObject;
	});
}
