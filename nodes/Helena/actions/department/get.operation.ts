import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { READ_CONCURRENCY, readOption, runPerItem } from '../../helpers';
import { apiPath, helenaRequest } from '../../transport';
import { departmentLocator, departmentRecords, readDepartmentId } from './departmentFields';

const properties: INodeProperties[] = [
	departmentLocator,
	{
		displayName: 'Include Details',
		name: 'includeDetails',
		type: 'options',
		default: 'All',
		description: 'Which lists to include in the department: its agents, its channels, both or neither',
		options: [
			{ name: 'Agents', value: 'Agents', description: 'Include the agents only' },
			{ name: 'All', value: 'All', description: 'Include the agents and the channels' },
			{ name: 'Channels', value: 'Channels', description: 'Include the channels only' },
			{ name: 'None', value: 'none', description: 'Include neither list' },
		],
	},
];

const INCLUDE_DETAILS = ['Agents', 'All', 'Channels', 'none'];

export const description = updateDisplayOptions({ show: { resource: ['department'], operation: ['get'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(
		this,
		async (itemIndex) => {
			const id = readDepartmentId(this, itemIndex);
			const includeDetails = readOption(
				this,
				this.getNodeParameter('includeDetails', itemIndex),
				INCLUDE_DETAILS,
				'Include Details',
				itemIndex,
			);
			return (await helenaRequest.call(this, {
				method: 'GET',
				path: apiPath`/v1/department/${id}`,
				qs: includeDetails === 'none' ? undefined : { includeDetails },
				itemIndex,
				records: departmentRecords(id),
			})) as IDataObject;
		},
		{ concurrency: READ_CONCURRENCY },
	);
}
