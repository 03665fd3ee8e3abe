import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { optionValues, readOption, runPerItem } from '../../helpers';
import { apiPath, helenaRequest } from '../../transport';
import { readUserId, userPicker, userRecord } from './userFields';

const status: INodeProperties = {
	displayName: 'Status',
	name: 'status',
	type: 'options',
	default: 'Active',
	description: 'Whether the user may sign in to Helena (not whether they take conversations: that is Availability)',
	options: [
		{ name: 'Active', value: 'Active', description: 'The user may sign in' },
		{ name: 'Blocked', value: 'Blocked', description: 'The user can no longer sign in' },
	],
};

const STATUSES = optionValues(status);

export const description = updateDisplayOptions({ show: { resource: ['user'], operation: ['setStatus'] } }, [
	userPicker,
	status,
] as INodeProperties[]);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const id = readUserId(this, itemIndex);
		const value = readOption(this, this.getNodeParameter('status', itemIndex), STATUSES, 'Status', itemIndex);
		// the same status again ends in the same state: safe to repeat
		return (await helenaRequest.call(this, {
			method: 'POST',
			path: apiPath`/v1/agent/${id}/status`,
			body: { status: value },
			repeatable: true,
			itemIndex,
			records: [userRecord(id)],
		})) as IDataObject;
	});
}
