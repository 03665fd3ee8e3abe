import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { invalidInput, readOption, runPerItem } from '../../helpers';
import { apiPath, helenaRequest, saysAlready } from '../../transport';
import { agentsOption, agentValues, departmentLocator, departmentRecords, readAgents, readDepartmentId } from './departmentFields';

const properties: INodeProperties[] = [
	departmentLocator,
	{
		displayName: 'Action',
		name: 'agentsAction',
		type: 'options',
		default: 'Upsert',
		options: [
			{
				name: 'Add or Update',
				value: 'Upsert',
				description: 'Add the users to the department, or update their roles if they are in it',
			},
			{ name: 'Remove', value: 'Remove', description: 'Remove the users from the department' },
			{
				name: 'Replace All',
				value: 'ReplaceAll',
				description: 'Make these users the only agents of the department (an empty list removes everyone)',
			},
		],
	},
	{
		...agentsOption,
		description: 'The users to add, update or remove',
		options: [
			{
				displayName: 'Agent',
				name: 'agent',
				// Roles mean nothing when removing a user.
				values: agentValues.map((value) =>
					value.name === 'userId' ? value : { ...value, displayOptions: { hide: { '/agentsAction': ['Remove'] } } },
				),
			},
		],
	},
];

const AGENT_ACTIONS = ['Upsert', 'Remove', 'ReplaceAll'];

export const description = updateDisplayOptions({ show: { resource: ['department'], operation: ['updateAgents'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const id = readDepartmentId(this, itemIndex);
		const action = readOption(this, this.getNodeParameter('agentsAction', itemIndex), AGENT_ACTIONS, 'Action', itemIndex);
		const items = readAgents(this, this.getNodeParameter('agents', itemIndex, {}), itemIndex, {
			withRoles: action !== 'Remove',
		});
		if (items.length === 0 && action !== 'ReplaceAll') {
			throw invalidInput(this, 'Agents', 'is empty: add at least one user', itemIndex);
		}
		return (await helenaRequest.call(this, {
			method: 'PUT',
			path: apiPath`/v1/department/${id}/agents`,
			body: { action, items },
			itemIndex,
			answer: 'object',
			records: departmentRecords(id),
			// a repeat refused as "already in / not in the department": the change is made; Helena answers with the change
			alreadyDone: (refusal) =>
				saysAlready(refusal, /departamento|department|agente|agent|usu[aá]rio|user/i) ||
				(action === 'Remove' && /n[aã]o (est[aá]|pertence|faz parte)/i.test(refusal.text ?? '')),
			resultWhenDone: () => ({ action, items }),
		})) as IDataObject;
	});
}
