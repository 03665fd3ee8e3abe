import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { filtersCollection, optionsCollection, optionValues, readChoices, runPerItem } from '../../helpers';
import { fetchAllPages, portfolioPage } from '../../transport';
import { limitField, readPaging, returnAllField } from '../shared/paging';
import { dateFilterFields, readDateFilters } from '../shared/dateFilters';

const includeDetailsField: INodeProperties = {
	displayName: 'Include Details',
	name: 'includeDetails',
	type: 'multiOptions',
	options: [
		{ name: 'Contact Count', value: 'ContactCount', description: 'How many contacts each portfolio holds' },
		{ name: 'Departments', value: 'Departments', description: 'The departments and users each portfolio belongs to' },
	],
	default: ['ContactCount', 'Departments'],
	description: 'Related data to return with each portfolio; without Contact Count its contactsCount is 0',
};
const DETAILS = optionValues(includeDetailsField);

const properties: INodeProperties[] = [
	returnAllField,
	limitField,
	filtersCollection(dateFilterFields('portfolios')),
	optionsCollection([includeDetailsField]),
];

export const description = updateDisplayOptions({ show: { resource: ['portfolio'], operation: ['getAll'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const paging = readPaging(this, itemIndex);
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const qs: IDataObject = {};
		readDateFilters(this, filters, qs, itemIndex);
		const details = readChoices(this, options.includeDetails ?? includeDetailsField.default, DETAILS, 'Include Details', itemIndex);
		if (details.length) qs.IncludeDetails = details;
		return await fetchAllPages.call(this, (pageNumber, pageSize) => portfolioPage(qs, pageNumber, pageSize, itemIndex), paging);
	});
}
