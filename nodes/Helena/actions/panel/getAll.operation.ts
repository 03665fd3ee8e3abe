import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { filtersCollection, optionsCollection, optionValues, readChoices, readOption, readText, runPerItem } from '../../helpers';
import { fetchAllPages } from '../../transport';
import { dateFilterFields, readDateFilters } from '../shared/dateFilters';
import { limitField, readPaging, returnAllField } from '../shared/paging';

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

const properties: INodeProperties[] = [
	returnAllField,
	limitField,
	filtersCollection([
		...dateFilterFields('panels'),
		{ displayName: 'Title', name: 'title', type: 'string', default: '', description: 'Only panels whose title contains this text' },
		typeFilter,
	]),
	optionsCollection([includeDetailsField]),
];

export const description = updateDisplayOptions({ show: { resource: ['panel'], operation: ['getAll'] } }, properties);

const TYPES = optionValues(typeFilter);
const DETAILS = optionValues(includeDetailsField);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const paging = readPaging(this, itemIndex);
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const qs: IDataObject = {};
		const title = (readText(this, filters.title, 'Title', itemIndex) ?? '').trim();
		if (title) qs.Title = title;
		if (filters.type !== undefined && filters.type !== '') qs.Type = readOption(this, filters.type, TYPES, 'Type', itemIndex);
		readDateFilters(this, filters, qs, itemIndex);
		const details = readChoices(this, options.includeDetails ?? includeDetailsField.default, DETAILS, 'Include Details', itemIndex);
		if (details.length) qs.IncludeDetails = details;
		return await fetchAllPages.call(
			this,
			(PageNumber, PageSize) => ({ service: 'crm', method: 'GET', path: '/v2/panel', qs: { ...qs, PageNumber, PageSize }, itemIndex }),
			paging,
		);
	});
}
