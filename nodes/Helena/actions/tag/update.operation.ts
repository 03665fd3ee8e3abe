import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { readName, requireFieldsToUpdate, runPerItem, updateFieldsCollection } from '../../helpers';
import { apiPath, helenaRequest } from '../../transport';
import { findTag, readTagId, tagLocator, tagRecord, tagsOfExecution } from '../shared/tagLocator';
import { colorField, MAX_TAG_NAME, readTagColor } from './tagFields';

const properties: INodeProperties[] = [
	tagLocator('tag', { description: 'The tag to change' }),
	updateFieldsCollection([
		colorField({ hint: `${String(colorField().hint)}. Not set: the colour stays.` }),
		{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'The new name, up to 255 characters' },
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['tag'], operation: ['update'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const id = await readTagId(this, 'tag', itemIndex);
		const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
		requireFieldsToUpdate(
			this,
			Object.keys(fields).filter((key) => fields[key] !== undefined && fields[key] !== ''),
			itemIndex,
		);
		const color = await readTagColor(this, fields.color, itemIndex);
		let name = fields.name !== undefined && fields.name !== '' ? readName(this, fields.name, 'Name', itemIndex, MAX_TAG_NAME) : undefined;
		if (name === undefined) {
			// Helena's update always takes the name: a colour change sends the current one
			const current = findTag(await tagsOfExecution(this), 'id', id);
			if (!current) throw new NodeOperationError(this.getNode(), tagRecord(id).message, { itemIndex });
			name = String(current.name);
		}
		return (await helenaRequest.call(this, {
			method: 'PUT',
			path: apiPath`/v1/tag/${id}`,
			body: { name, ...(color ? { color } : {}) },
			itemIndex,
			records: [tagRecord(id)],
		})) as IDataObject;
	});
}
