import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { runPerItem } from '../../helpers';
import { apiPath, deleteRecord, recordIn } from '../../transport';
import { cardIdField, readCardId } from '../crm/locators';
import { noteIdField, readNoteId } from '../shared/noteId';

const properties: INodeProperties[] = [
	cardIdField,
	{
		...noteIdField,
		description: 'ID of the note to delete (Card → Get Notes lists them); a note that is gone already is reported, not an error',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['card'], operation: ['deleteNote'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const cardId = readCardId(this, itemIndex);
		const noteId = readNoteId(this, itemIndex);
		return await deleteRecord.call(this, {
			id: noteId,
			service: 'crm',
			path: apiPath`/v1/panel/card/${cardId}/note/${noteId}`,
			notFoundMeansGone: true,
			itemIndex,
			records: [
				{ kind: 'note', value: noteId, message: `The note with ID "${noteId}" was not found on the card "${cardId}" in Helena` },
				recordIn('card', 'Card', cardId),
			],
		});
	});
}
