import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readUpdateFields, runPerItem, updateFieldsCollection } from '../../helpers';
import { apiPath, helenaRequest } from '../../transport';
import {
	availabilityOption,
	emailOption,
	nameOption,
	phoneNumberOption,
	profileOption,
	readUserId,
	readUserSettings,
	shortNameOption,
	USER_UPDATE_FIELDS,
	userPicker,
	userRecord,
} from './userFields';

const properties: INodeProperties[] = [
	userPicker,
	updateFieldsCollection([
		availabilityOption,
		emailOption,
		nameOption,
		phoneNumberOption,
		profileOption,
		{ ...shortNameOption, description: `${String(shortNameOption.description)}; leave empty to clear it` },
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['user'], operation: ['update'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const id = readUserId(this, itemIndex);
		const updateFields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
		const fields = readUpdateFields(this, updateFields, USER_UPDATE_FIELDS, itemIndex);
		return (await helenaRequest.call(this, {
			method: 'PUT',
			path: apiPath`/v1/agent/${id}`,
			body: { fields, ...readUserSettings(this, updateFields, itemIndex) },
			itemIndex,
			records: [userRecord(id)],
		})) as IDataObject;
	});
}
