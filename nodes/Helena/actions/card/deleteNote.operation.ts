import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireUuid, runPerItem } from '../../helpers';
import { apiPath, deleteRecord } from '../../transport';
import { cardIdField, cardRecord, readCardId } from '../crm/locators';

const properties: INodeProperties[] = [
	cardIdField,
	{
		displayName: 'Note ID',
		name: 'noteId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 3fa85f64-5717-4562-b3fc-2c963f66afa6',
		description: 'ID of the note to delete (Card → Get Notes lists them)',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['card'], operation: ['deleteNote'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const cardId = readCardId(this, itemIndex);
		const noteId = requireUuid(this, this.getNodeParameter('noteId', itemIndex), 'Note ID', itemIndex);
		return await deleteRecord.call(this, {
			id: noteId,
			service: 'crm',
			path: apiPath`/v1/panel/card/${cardId}/note/${noteId}`,
			notFoundMeansGone: true,
			itemIndex,
			records: [
				{ kind: 'note', value: noteId, message: `The note with ID "${noteId}" was not found on the card "${cardId}" in Helena` },
				cardRecord(cardId),
			],
		});
	});
}
