import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeApiError, updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection, readBoolean, runPerItem } from '../../helpers';
import { apiPath, deleteRecord, refusalOf } from '../../transport';
import { readTagId, tagLocator, tagRecord } from '../shared/tagLocator';

const properties: INodeProperties[] = [
	tagLocator('tag', { description: 'The tag to delete' }),
	optionsCollection([
		{
			displayName: 'Remove From Contacts',
			name: 'removeFromContacts',
			type: 'boolean',
			default: false,
			description:
				'Whether to delete a tag that contacts still have, taking it off every one of them. Off: Helena refuses to delete a tag in use, and nothing changes.',
		},
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['tag'], operation: ['delete'] } }, properties);

/** Helena's refusal of a tag still on contacts (it names the confirmation it wants, or the contacts). */
const IN_USE = /removeFromContacts|vinculad|contato|contact/i;

/** Helena's refusal of a tag in use, saying which option deletes it; any other error as it is. */
function explainRefusal(error: unknown, removeFromContacts: boolean): unknown {
	const refusal = refusalOf(error);
	if (
		error instanceof NodeApiError &&
		!removeFromContacts &&
		refusal &&
		!refusal.notFound &&
		refusal.status < 500 &&
		IN_USE.test(refusal.text ?? '')
	) {
		error.message = 'The tag is still on contacts, so Helena did not delete it';
		error.description =
			`Turn on Options → Remove From Contacts to delete it and take it off every contact. ${error.description ?? ''}`.trim();
	}
	return error;
}

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const id = await readTagId(this, 'tag', itemIndex);
		const options = this.getNodeParameter('options', itemIndex, {}) as { removeFromContacts?: unknown };
		const removeFromContacts = readBoolean(this, options.removeFromContacts, 'Remove From Contacts', itemIndex);
		try {
			return await deleteRecord.call(this, {
				id,
				path: apiPath`/v1/tag/${id}`,
				body: { removeFromContacts },
				itemIndex,
				records: [tagRecord(id)],
			});
		} catch (error) {
			throw explainRefusal(error, removeFromContacts);
		}
	});
}
