import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { invalidInput, readList, runPerItem } from '../../helpers';
import { helenaRequest, isTagRemoval, saysAlready, sendTagRemoval } from '../../transport';
import { contactLocator, contactRecords, contactV1Path, readContactTarget } from '../shared/contactLocator';
import { readTagOperation, tagOperationOptions } from './fields';

const properties: INodeProperties[] = [
	contactLocator,
	{
		displayName: 'Action',
		name: 'tagsOperation',
		type: 'options',
		options: tagOperationOptions,
		default: 'InsertIfNotExists',
		description: 'What to do with the tags below',
	},
	{
		displayName: 'Tag Names',
		name: 'tagNames',
		type: 'string',
		default: '',
		placeholder: 'e.g. VIP, Lead',
		description: 'Tag names separated by commas, or a list from an expression',
	},
	{
		displayName: 'Tag IDs',
		name: 'tagIds',
		type: 'string',
		default: '',
		placeholder: 'e.g. 3fa85f64-5717-4562-b3fc-2c963f66afa6',
		description:
			'Tag IDs (UUIDs) separated by commas, or a list from an expression; fill in this or Tag Names. Replace All with no tags removes every tag.',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['contact'], operation: ['updateTags'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const target = readContactTarget(this, itemIndex);
		const operation = readTagOperation(this, this.getNodeParameter('tagsOperation', itemIndex), tagOperationOptions, 'Action', itemIndex);
		const tagNames = readList(this, this.getNodeParameter('tagNames', itemIndex, ''), 'Tag Names', itemIndex);
		const tagIds = readList(this, this.getNodeParameter('tagIds', itemIndex, ''), 'Tag IDs', itemIndex, {
			uuids: true,
		});
		const clearAll = operation === 'ReplaceAll' && tagNames.length === 0 && tagIds.length === 0;
		if (tagNames.length === 0 && tagIds.length === 0 && !clearAll) {
			throw invalidInput(this, 'Tag Names', 'and Tag IDs are both empty: give at least one tag', itemIndex);
		}
		const tags: IDataObject = {};
		// the spec allows an empty list for Replace All: it removes every tag of the contact
		if (tagNames.length || clearAll) tags.tagNames = tagNames;
		if (tagIds.length) tags.tagIds = tagIds;
		const send = async (spelling: string) =>
			(await helenaRequest.call(this, {
				method: 'POST',
				path: `${contactV1Path(target)}/tags`,
				body: { operation: spelling, ...tags },
				itemIndex,
				// adding, removing or replacing the same tags twice ends in the same state
				repeatable: true,
				records: contactRecords(target, 'Tag Names or Tag IDs'),
				// a repeat refused as "tag already there / already removed": the contact, read again with its tags
				alreadyDone: (refusal) =>
					saysAlready(refusal, /\btags?\b|etiqueta/i) || /n[aã]o possui (a |as )?(tag|etiqueta)/i.test(refusal.text ?? ''),
				resultWhenDone: async () =>
					await helenaRequest.call(this, {
						method: 'GET',
						path: contactV1Path(target),
						qs: { IncludeDetails: ['Tags', 'CustomFields', 'Portfolios'] },
						itemIndex,
						records: contactRecords(target),
					}),
			})) as IDataObject;
		return isTagRemoval(operation) ? await sendTagRemoval(this, send) : await send(operation);
	});
}
