import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { READ_CONCURRENCY, runPerItem } from '../../helpers';
import { apiPath, helenaRequest } from '../../transport';
import { departmentLocator, departmentRecords, readDepartmentId } from './departmentFields';

export const description = updateDisplayOptions({ show: { resource: ['department'], operation: ['getChannels'] } }, [
	departmentLocator,
] as INodeProperties[]);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(
		this,
		async (itemIndex) => {
			const id = readDepartmentId(this, itemIndex);
			return (await helenaRequest.call(this, {
				method: 'GET',
				path: apiPath`/v1/department/${id}/channel`,
				itemIndex,
				answer: 'object',
				records: departmentRecords(id),
			})) as IDataObject;
		},
		{ concurrency: READ_CONCURRENCY },
	);
}
