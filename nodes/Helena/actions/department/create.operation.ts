import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { runPerItem } from '../../helpers';
import { helenaRequest, recordIn } from '../../transport';
import {
	agentsOption,
	channelsConfigOption,
	distributionConfigOption,
	distributionEnabledOption,
	isDefaultOption,
	nameOption,
	readAgents,
	readDepartmentName,
	readDepartmentSettings,
	restrictionTypeOption,
} from './departmentFields';

const properties: INodeProperties[] = [
	{ ...nameOption, required: true },
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			agentsOption,
			channelsConfigOption,
			isDefaultOption,
			distributionConfigOption,
			distributionEnabledOption,
			restrictionTypeOption,
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['department'], operation: ['create'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const name = readDepartmentName(this, this.getNodeParameter('name', itemIndex), itemIndex);
		const { agents, ...settings } = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
		const body: IDataObject = { name, ...readDepartmentSettings(this, settings, itemIndex) };
		if (agents !== undefined) body.agents = readAgents(this, agents, itemIndex);
		// A plain create: never repeated automatically (a repeat could create a second department).
		return (await helenaRequest.call(this, {
			method: 'POST',
			path: '/v1/department',
			records: [recordIn('user', 'Agents'), recordIn('channel', 'Channels')],
			body,
			itemIndex,
		})) as IDataObject;
	});
}
