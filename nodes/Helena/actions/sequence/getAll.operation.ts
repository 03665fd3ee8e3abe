import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { filtersCollection, optionsCollection, optionValues, readChoices, readText, requireUuid, runPerItem } from '../../helpers';
import { fetchAllPages, sequencePage } from '../../transport';
import { limitField, readPaging, returnAllField } from '../shared/paging';
import { dateFilterFields, readDateFilters } from '../shared/dateFilters';

const figuresField: INodeProperties = {
	displayName: 'Include Figures',
	name: 'includeDetails',
	type: 'multiOptions',
	options: [
		{ name: 'Contacts in Progress', value: 'ContactExecutingCount', description: 'How many contacts are going through the sequence now' },
		{ name: 'Execution Statistics', value: 'ExecutionStats', description: "Helena's figures of the sequence's runs" },
	],
	default: ['ContactExecutingCount', 'ExecutionStats'],
	description: 'Figures to return with each sequence; without Contacts in Progress its contactExecutingCount is 0',
};
const FIGURES = optionValues(figuresField);

const properties: INodeProperties[] = [
	returnAllField,
	limitField,
	filtersCollection([
		{
			displayName: 'Contact ID',
			name: 'contactId',
			type: 'string',
			default: '',
			placeholder: 'e.g. 3fa85f64-5717-4562-b3fc-2c963f66afa6',
			description: 'Only sequences this contact is in',
		},
		...dateFilterFields('sequences'),
		{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'Only sequences whose name contains this text' },
	]),
	optionsCollection([figuresField]),
];

export const description = updateDisplayOptions({ show: { resource: ['sequence'], operation: ['getAll'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const paging = readPaging(this, itemIndex);
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const qs: IDataObject = {};
		const name = (readText(this, filters.name, 'Name', itemIndex) ?? '').trim();
		if (name) qs.Name = name;
		const contactId = (readText(this, filters.contactId, 'Contact ID', itemIndex) ?? '').trim();
		if (contactId) qs.ContactId = requireUuid(this, contactId, 'Contact ID', itemIndex);
		readDateFilters(this, filters, qs, itemIndex);
		const figures = readChoices(this, options.includeDetails ?? figuresField.default, FIGURES, 'Include Figures', itemIndex);
		if (figures.length) qs.IncludeDetails = figures;
		return await fetchAllPages.call(this, (pageNumber, pageSize) => sequencePage(qs, pageNumber, pageSize, itemIndex), paging);
	});
}
