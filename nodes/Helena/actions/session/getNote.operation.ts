import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { READ_CONCURRENCY, runPerItem } from '../../helpers';
import { apiPath, helenaRequest } from '../../transport';
import { noteIdField, noteRecord, readNoteId } from '../shared/noteId';

const properties: INodeProperties[] = [noteIdField];

export const description = updateDisplayOptions({ show: { resource: ['session'], operation: ['getNote'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(
		this,
		async (itemIndex) => {
			const id = readNoteId(this, itemIndex);
			return (await helenaRequest.call(this, {
				service: 'chat',
				method: 'GET',
				path: apiPath`/v1/session/note/${id}`,
				itemIndex,
				records: [noteRecord(id)],
			})) as IDataObject;
		},
		{ concurrency: READ_CONCURRENCY },
	);
}
