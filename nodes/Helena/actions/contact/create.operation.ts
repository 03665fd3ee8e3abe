import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { runPerItem } from '../../helpers';
import { helenaRequest, recordIn } from '../../transport';
import { readContactFields, readCreateOptions, requireIdentity } from './contactBody';
import { createExtraFields, createOptionsField, nameField, phoneNumberField } from './fields';
import { getIfExistsSafeToRepeat, upsertSafeToRepeat } from './repeatSafety';

/** Name, phone and the Additional Fields of a new contact; also the "define below" fields of the batch. */
export const contactToCreateFields: INodeProperties[] = [
	nameField,
	phoneNumberField,
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: createExtraFields,
	},
];

const properties: INodeProperties[] = [
	...contactToCreateFields,
	{
		displayName: 'At least one of Name, Phone Number, Email or Instagram is needed',
		name: 'identityNotice',
		type: 'notice',
		default: '',
	},
	createOptionsField,
];

export const description = updateDisplayOptions({ show: { resource: ['contact'], operation: ['create'] } }, properties);

/** The body of a new contact from the Name, Phone Number and Additional Fields of one item. */
export async function readContactToCreate(context: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const values: IDataObject = {
		...(context.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject),
		name: context.getNodeParameter('name', itemIndex, ''),
		phoneNumber: context.getNodeParameter('phoneNumber', itemIndex, ''),
	};
	const body = await readContactFields(context, values, itemIndex, 'create');
	requireIdentity(context, body, itemIndex);
	return body;
}

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const body = await readContactToCreate(this, itemIndex);
		const options = readCreateOptions(this, itemIndex);
		if (options) body.options = options;
		return (await helenaRequest.call(this, {
			method: 'POST',
			path: '/v1/contact',
			records: [recordIn('tag', 'Tags'), recordIn('portfolio', 'Portfolio'), recordIn('sequence', 'Sequences')],
			body,
			itemIndex,
			// a repeated plain create could make a duplicate; an upsert or get-if-exists of a contact Helena can find cannot
			repeatable:
				(options?.getIfExists === true && getIfExistsSafeToRepeat(body)) || (options?.upsert === true && upsertSafeToRepeat(body)),
		})) as IDataObject;
	});
}
