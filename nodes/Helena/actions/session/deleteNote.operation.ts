import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { runPerItem } from '../../helpers';
import { apiPath, deleteRecord } from '../../transport';
import { noteIdField, noteRecord, readNoteId } from '../shared/noteId';

const properties: INodeProperties[] = [
	{ ...noteIdField, description: 'ID of the internal note to delete; a note that is gone already is reported, not an error' },
];

export const description = updateDisplayOptions({ show: { resource: ['session'], operation: ['deleteNote'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const id = readNoteId(this, itemIndex);
		return await deleteRecord.call(this, {
			id,
			service: 'chat',
			path: apiPath`/v1/session/note/${id}`,
			notFoundMeansGone: true,
			itemIndex,
			records: [noteRecord(id)],
		});
	});
}
