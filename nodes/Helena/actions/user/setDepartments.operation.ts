import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { invalidInput, readBoolean, readOption, requireUuid, runPerItem } from '../../helpers';
import { apiPath, helenaRequest, recordIn } from '../../transport';
import { departmentPicker, locatorValue } from '../chat/locators';
import { readUserId, userPicker, userRecord } from './userFields';

const ACTIONS = ['Upsert', 'Remove', 'ReplaceAll'];

const properties: INodeProperties[] = [
	userPicker,
	{
		displayName: 'Action',
		name: 'departmentsAction',
		type: 'options',
		default: 'Upsert',
		options: [
			{ name: 'Add or Update', value: 'Upsert', description: 'Add the user to the departments, or update their roles there' },
			{ name: 'Remove', value: 'Remove', description: 'Remove the user from the departments' },
			{
				name: 'Replace All',
				value: 'ReplaceAll',
				description: 'Make these the only departments of the user (an empty list removes the user from every department)',
			},
		],
	},
	{
		displayName: 'Departments',
		name: 'departments',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		default: {},
		placeholder: 'Add Department',
		description: 'The departments (teams) to add the user to, update or remove the user from',
		options: [
			{
				displayName: 'Department',
				name: 'department',
				values: [
					departmentPicker('departmentId', { required: true, description: 'A department (team) of the account' }),
					{
						displayName: 'Agent',
						name: 'isAgent',
						type: 'boolean',
						default: true,
						description: "Whether the user handles the department's conversations",
						displayOptions: { hide: { '/departmentsAction': ['Remove'] } },
					},
					{
						displayName: 'Supervisor',
						name: 'isSupervisor',
						type: 'boolean',
						default: false,
						description: 'Whether the user supervises the department',
						displayOptions: { hide: { '/departmentsAction': ['Remove'] } },
					},
				],
			},
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['user'], operation: ['setDepartments'] } }, properties);

/** The rows as API items; a department given twice is refused (Helena would get two roles for one team). */
function readDepartments(context: IExecuteFunctions, value: unknown, withRoles: boolean, itemIndex: number): IDataObject[] {
	const rows = ((value as IDataObject | undefined)?.department ?? []) as IDataObject[];
	const seen = new Set<string>();
	return rows.map((row) => {
		const departmentId = requireUuid(context, locatorValue(row.departmentId) ?? '', 'Department', itemIndex);
		if (seen.has(departmentId.toLowerCase())) {
			throw invalidInput(context, 'Departments', `has the department ${departmentId} twice; give each department once`, itemIndex);
		}
		seen.add(departmentId.toLowerCase());
		if (!withRoles) return { departmentId };
		return {
			departmentId,
			isAgent: readBoolean(context, row.isAgent, 'Agent', itemIndex, true),
			isSupervisor: readBoolean(context, row.isSupervisor, 'Supervisor', itemIndex, false),
		};
	});
}

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const id = readUserId(this, itemIndex);
		const action = readOption(this, this.getNodeParameter('departmentsAction', itemIndex), ACTIONS, 'Action', itemIndex);
		const items = readDepartments(this, this.getNodeParameter('departments', itemIndex, {}), action !== 'Remove', itemIndex);
		if (items.length === 0 && action !== 'ReplaceAll') {
			throw invalidInput(this, 'Departments', 'is empty: add at least one department', itemIndex);
		}
		// Add or Update, Remove and Replace All end in the same teams when repeated: safe to repeat
		await helenaRequest.call(this, {
			method: 'POST',
			path: apiPath`/v1/agent/${id}/departments`,
			body: { action, items },
			repeatable: true,
			answer: 'any',
			itemIndex,
			records: [userRecord(id), recordIn('department', 'Departments')],
		});
		return { id, action, items };
	});
}
