import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { READ_CONCURRENCY, runPerItem } from '../../helpers';
import { apiPath, helenaRequest } from '../../transport';
import { readUserId, userPicker, userRecord } from './userFields';

export const description = updateDisplayOptions({ show: { resource: ['user'], operation: ['get'] } }, [userPicker] as INodeProperties[]);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(
		this,
		async (itemIndex) => {
			const id = readUserId(this, itemIndex);
			return (await helenaRequest.call(this, {
				method: 'GET',
				path: apiPath`/v1/agent/${id}`,
				itemIndex,
				records: [userRecord(id)],
			})) as IDataObject;
		},
		{ concurrency: READ_CONCURRENCY },
	);
}
