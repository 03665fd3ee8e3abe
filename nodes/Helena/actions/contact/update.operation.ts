import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection, runPerItem, updateFieldsCollection } from '../../helpers';
import { apiPath, helenaRequest, isTagRemoval, sendTagRemoval } from '../../transport';
import { readContactFields, readContactUpdateFields } from './contactBody';
import { contactLocator, contactRecords, readContactTarget } from '../shared/contactLocator';
import { readTagOperation, updateFields, updateTagOperationOptions } from './fields';

const properties: INodeProperties[] = [
	contactLocator,
	updateFieldsCollection(updateFields, 'Only the fields added here change; a field added but left empty is cleared'),
	optionsCollection([
		{
			displayName: 'Tag Operation',
			name: 'tagsOperation',
			type: 'options',
			options: updateTagOperationOptions,
			default: 'InsertIfNotExists',
			description: 'How Tag Names or Tag IDs change the tags of the contact',
		},
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['contact'], operation: ['update'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const target = readContactTarget(this, itemIndex);
		const values = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
		const fieldsBody = await readContactFields(this, values, itemIndex, 'update');
		const fields = readContactUpdateFields(this, fieldsBody, itemIndex);
		const body: IDataObject = { fields, ...fieldsBody };
		if (fields.includes('Tags')) {
			const { tagsOperation = 'InsertIfNotExists' } = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
			body.options = { tagsOperation: readTagOperation(this, tagsOperation, updateTagOperationOptions, 'Tag Operation', itemIndex) };
		}
		const send = async (tagsOperation?: string) =>
			(await helenaRequest.call(this, {
				method: 'PUT',
				path: target.byPhone ? apiPath`/v1/contact/phonenumber/${target.value}` : apiPath`/v2/contact/${target.value}`,
				body: tagsOperation ? { ...body, options: { tagsOperation } } : body,
				itemIndex,
				records: contactRecords(target),
			})) as IDataObject;
		const tagsOperation = (body.options as IDataObject | undefined)?.tagsOperation;
		return isTagRemoval(tagsOperation) ? await sendTagRemoval(this, send) : await send();
	});
}
