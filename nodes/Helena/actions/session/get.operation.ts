import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { READ_CONCURRENCY, runPerItem } from '../../helpers';
import { apiPath, helenaRequest } from '../../transport';
import { readSessionId, sessionIdField, sessionRecord } from '../chat/locators';
import { readDetails, sessionDetailsField } from './details';

const properties: INodeProperties[] = [sessionIdField, sessionDetailsField];

export const description = updateDisplayOptions({ show: { resource: ['session'], operation: ['get'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(
		this,
		async (itemIndex) => {
			const id = readSessionId(this, itemIndex);
			const details = readDetails(this, this.getNodeParameter('includeDetails', itemIndex, []), itemIndex);
			return (await helenaRequest.call(this, {
				service: 'chat',
				method: 'GET',
				path: apiPath`/v2/session/${id}`,
				qs: details.length ? { includeDetails: details } : undefined,
				itemIndex,
				records: [sessionRecord(id)],
			})) as IDataObject;
		},
		{ concurrency: READ_CONCURRENCY },
	);
}
