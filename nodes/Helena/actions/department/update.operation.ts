import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readUpdateFields, runPerItem, updateFieldsCollection } from '../../helpers';
import { apiPath, helenaRequest } from '../../transport';
import {
	channelsConfigOption,
	DEPARTMENT_UPDATE_FIELDS,
	departmentLocator,
	distributionConfigOption,
	distributionEnabledOption,
	isDefaultOption,
	nameOption,
	departmentRecords,
	readDepartmentId,
	readDepartmentSettings,
	restrictionTypeOption,
} from './departmentFields';

const properties: INodeProperties[] = [
	departmentLocator,
	updateFieldsCollection([
		channelsConfigOption,
		isDefaultOption,
		distributionConfigOption,
		distributionEnabledOption,
		nameOption,
		restrictionTypeOption,
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['department'], operation: ['update'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const id = readDepartmentId(this, itemIndex);
		const updateFields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
		const fields = readUpdateFields(this, updateFields, DEPARTMENT_UPDATE_FIELDS, itemIndex);
		return (await helenaRequest.call(this, {
			method: 'PUT',
			path: apiPath`/v1/department/${id}`,
			body: { fields, ...readDepartmentSettings(this, updateFields, itemIndex) },
			itemIndex,
			records: departmentRecords(id),
		})) as IDataObject;
	});
}
