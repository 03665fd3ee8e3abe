import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { runPerItem } from '../../helpers';
import { apiPath, helenaRequest } from '../../transport';
import { readUserId, userPicker, userRecord } from './userFields';

export const description = updateDisplayOptions({ show: { resource: ['user'], operation: ['logOut'] } }, [userPicker] as INodeProperties[]);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const id = readUserId(this, itemIndex);
		// signing out twice leaves the user signed out: safe to repeat
		await helenaRequest.call(this, {
			method: 'POST',
			path: apiPath`/v1/agent/${id}/logout`,
			repeatable: true,
			answer: 'any',
			itemIndex,
			records: [userRecord(id)],
		});
		return { loggedOut: true, id };
	});
}
