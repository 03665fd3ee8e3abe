import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { filtersCollection, READ_CONCURRENCY, readText, runPerItem } from '../../helpers';
import { listTags } from '../../transport';
import { limitField, readPaging, returnAllField } from '../shared/paging';

const properties: INodeProperties[] = [
	returnAllField,
	limitField,
	filtersCollection([
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			description: 'Only tags whose name contains this text (any letter case)',
		},
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['tag'], operation: ['getAll'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(
		this,
		async (itemIndex) => {
			const paging = readPaging(this, itemIndex);
			const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
			const name = (readText(this, filters.name, 'Name', itemIndex) ?? '').trim().toLowerCase();
			// Helena lists every tag in one answer: the filter and the limit apply to it here
			const tags = ((await listTags.call(this, { itemIndex })) ?? []).filter(
				(tag) =>
					!name ||
					String(tag.name ?? '')
						.toLowerCase()
						.includes(name),
			);
			return paging.returnAll ? tags : tags.slice(0, paging.limit);
		},
		{ concurrency: READ_CONCURRENCY },
	);
}
