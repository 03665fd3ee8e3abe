import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { runPerItem } from '../../helpers';
import { deleteNote, noteIdField, readNoteId } from '../shared/noteId';

const properties: INodeProperties[] = [
	{ ...noteIdField, description: 'ID of the internal note to delete; a note that is gone already is reported, not an error' },
];

export const description = updateDisplayOptions({ show: { resource: ['session'], operation: ['deleteNote'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		return await deleteNote(this, readNoteId(this, itemIndex), itemIndex);
	});
}
