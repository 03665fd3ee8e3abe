import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { runPerItem } from '../../helpers';
import { apiPath, deleteRecord } from '../../transport';
import { departmentLocator, departmentRecords, readDepartmentId } from './departmentFields';

export const description = updateDisplayOptions({ show: { resource: ['department'], operation: ['delete'] } }, [
	departmentLocator,
] as INodeProperties[]);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const id = readDepartmentId(this, itemIndex);
		return await deleteRecord.call(this, { id, path: apiPath`/v1/department/${id}`, itemIndex, records: departmentRecords(id) });
	});
}
