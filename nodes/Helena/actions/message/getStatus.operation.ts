import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { READ_CONCURRENCY, requireUuid, runPerItem } from '../../helpers';
import { apiPath, helenaRequest } from '../../transport';

const properties: INodeProperties[] = [
	{
		displayName: 'Message ID',
		name: 'messageId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 3fa85f64-5717-4562-b3fc-2c963f66afa6',
		description: 'The ID a send returned (its output field "ID")',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['message'], operation: ['getStatus'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(
		this,
		async (itemIndex) => {
			const id = requireUuid(this, this.getNodeParameter('messageId', itemIndex), 'Message ID', itemIndex);
			return (await helenaRequest.call(this, {
				service: 'chat',
				method: 'GET',
				path: apiPath`/v1/send/message/${id}`,
				itemIndex,
				records: [{ kind: 'message', value: id, message: `No message with ID "${id}" was sent through Helena's send API` }],
			})) as IDataObject;
		},
		{ concurrency: READ_CONCURRENCY },
	);
}
