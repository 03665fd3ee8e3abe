import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { runPerItem, withItemIndex } from '../../helpers';
import { apiPath, helenaRequest, isNotFoundError } from '../../transport';
import { noteIdField, noteRecord, readNoteId } from '../shared/noteId';

const properties: INodeProperties[] = [
	{ ...noteIdField, description: 'ID of the internal note to delete; a note that is gone already is reported, not an error' },
];

export const description = updateDisplayOptions({ show: { resource: ['session'], operation: ['deleteNote'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const id = readNoteId(this, itemIndex);
		try {
			// a repeat after a lost answer that finds nothing: the first attempt deleted it (the transport's DELETE rule)
			await helenaRequest.call(this, {
				service: 'chat',
				method: 'DELETE',
				path: apiPath`/v1/session/note/${id}`,
				itemIndex,
				records: [noteRecord(id)],
			});
		} catch (error) {
			// deleting is safe to repeat: a note that is not there (deleted before, by this workflow or a person) ends the same
			if (isNotFoundError(error)) return { deleted: false, id, alreadyGone: true };
			throw withItemIndex(this, error, itemIndex);
		}
		return { deleted: true, id };
	});
}
