import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { optionValues, readOption, readText, runPerItem } from '../../helpers';
import { fetchAllPages } from '../../transport';
import { getManyFields, readGetMany } from '../shared/getMany';

const typeFilter: INodeProperties = {
	displayName: 'Type',
	name: 'type',
	type: 'options',
	options: [
		{ name: 'Management', value: 'MANAGEMENT' },
		{ name: 'Sales', value: 'SALES' },
	],
	default: 'SALES',
	description: 'Only panels of this kind: sales pipelines (with values, won and lost) or management boards',
};

const includeDetailsField: INodeProperties = {
	displayName: 'Include Details',
	name: 'includeDetails',
	type: 'multiOptions',
	options: [
		{ name: 'Overdue Card Count', value: 'PanelCardOverdueCount' },
		{ name: 'Step Card Counts', value: 'StepsCardCount' },
		{ name: 'Steps', value: 'Steps' },
		{ name: 'Tags', value: 'Tags' },
	],
	default: ['Steps'],
	description: 'Related data to return with each panel',
};

const properties = getManyFields({
	things: 'panels',
	detailsField: includeDetailsField,
	filtersAfter: [
		{ displayName: 'Title', name: 'title', type: 'string', default: '', description: 'Only panels whose title contains this text' },
		typeFilter,
	],
});

export const description = updateDisplayOptions({ show: { resource: ['panel'], operation: ['getAll'] } }, properties);

const TYPES = optionValues(typeFilter);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const { paging, qs } = readGetMany(this, itemIndex, includeDetailsField, (filters) => {
			const own: IDataObject = {};
			const title = (readText(this, filters.title, 'Title', itemIndex) ?? '').trim();
			if (title) own.Title = title;
			if (filters.type !== undefined && filters.type !== '') own.Type = readOption(this, filters.type, TYPES, 'Type', itemIndex);
			return own;
		});
		return await fetchAllPages.call(
			this,
			(PageNumber, PageSize) => ({ service: 'crm', method: 'GET', path: '/v2/panel', qs: { ...qs, PageNumber, PageSize }, itemIndex }),
			paging,
		);
	});
}
