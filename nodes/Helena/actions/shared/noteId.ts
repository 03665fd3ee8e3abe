import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireUuid } from '../../helpers';
import { apiPath, deleteRecord } from '../../transport';
import type { RecordRef } from '../../transport';

/** The note Get Note and Delete Note work on (Add Note returns its ID; Get Notes lists them). */
export const noteIdField: INodeProperties = {
	displayName: 'Note ID',
	name: 'noteId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. 3fa85f64-5717-4562-b3fc-2c963f66afa6',
	description: 'ID of the internal note (Add Note returns it; Get Notes lists the notes of a conversation)',
};

export function readNoteId(context: IExecuteFunctions, itemIndex: number): string {
	return requireUuid(context, context.getNodeParameter('noteId', itemIndex), 'Note ID', itemIndex);
}

export function noteRecord(id: string): RecordRef {
	return { kind: 'note', value: id, message: `The note with ID "${id}" was not found in Helena` };
}

/** `DELETE /v1/session/note/{id}`, read as every delete is: a note gone already is reported, not an error. */
export async function deleteNote(context: IExecuteFunctions, id: string, itemIndex: number): Promise<IDataObject> {
	return await deleteRecord.call(context, {
		id,
		service: 'chat',
		path: apiPath`/v1/session/note/${id}`,
		notFoundMeansGone: true,
		itemIndex,
		records: [noteRecord(id)],
	});
}
