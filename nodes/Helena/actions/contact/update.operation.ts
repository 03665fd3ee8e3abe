import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiPath, helenaRequest, isTagRemoval, sendTagRemoval } from '../../transport';
import { runPerItem } from '../runPerItem';
import { requireFieldsToUpdate } from '../updateFields';
import { invalidInput } from '../validate';
import { deriveUpdateFields, readContactFields } from './contactBody';
import { contactLocator, contactNotFound, readContactTarget } from './contactLocator';
import { updateFields, updateTagOperationOptions } from './fields';

const TAG_OPERATIONS = updateTagOperationOptions.map((option) => String(option.value));

const properties: INodeProperties[] = [
	contactLocator,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'Only the fields added here change; a field added but left empty is cleared',
		options: updateFields,
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Tag Operation',
				name: 'tagsOperation',
				type: 'options',
				options: updateTagOperationOptions,
				default: 'InsertIfNotExists',
				description: 'How Tag Names or Tag IDs change the tags of the contact',
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contact'], operation: ['update'] } },
	properties,
);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const target = readContactTarget(this, itemIndex);
		const values = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
		const fieldsBody = await readContactFields(this, values, itemIndex, 'update');
		const fields = deriveUpdateFields(fieldsBody);
		requireFieldsToUpdate(this, fields, itemIndex);
		const body: IDataObject = { fields, ...fieldsBody };
		if (fields.includes('Tags')) {
			const { tagsOperation = 'InsertIfNotExists' } = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
			if (!TAG_OPERATIONS.includes(String(tagsOperation))) {
				throw invalidInput(this, 'Tag Operation', `must be one of ${TAG_OPERATIONS.join(', ')}, not "${String(tagsOperation)}"`, itemIndex);
			}
			body.options = { tagsOperation };
		}
		const send = async (tagsOperation?: string) =>
			(await helenaRequest.call(this, {
				method: 'PUT',
				path: target.byPhone
					? apiPath`/v1/contact/phonenumber/${target.value}`
					: apiPath`/v2/contact/${target.value}`,
				body: tagsOperation ? { ...body, options: { tagsOperation } } : body,
				itemIndex,
				notFoundMessage: contactNotFound(target),
			})) as IDataObject;
		const tagsOperation = (body.options as IDataObject | undefined)?.tagsOperation;
		return isTagRemoval(tagsOperation) ? await sendTagRemoval(this, tagsOperation, send) : await send();
	});
}
