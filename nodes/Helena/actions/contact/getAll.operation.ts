import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { filtersCollection, runPerItem } from '../../helpers';
import { contactListPage, fetchAllPages } from '../../transport';
import {
	dateRangeFields,
	listingFields,
	listOptionsField,
	outputContacts,
	readListing,
	readStatusFilter,
	statusFilterField,
} from './listing';
import { readDateFilters } from '../shared/dateFilters';

const properties: INodeProperties[] = [...listingFields, filtersCollection([...dateRangeFields, statusFilterField]), listOptionsField];

export const description = updateDisplayOptions({ show: { resource: ['contact'], operation: ['getAll'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const { paging, simple, options, includeDetails } = readListing(this, itemIndex);
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;

		const qs: IDataObject = {};
		const status = readStatusFilter(this, filters, itemIndex);
		if (status) qs.Status = status;
		readDateFilters(this, filters, qs, itemIndex);
		if (options.orderBy) qs.OrderBy = options.orderBy;
		if (options.orderDirection) qs.OrderDirection = options.orderDirection;
		if (includeDetails) qs.IncludeDetails = includeDetails;

		const contacts = await fetchAllPages.call(this, (pageNumber, pageSize) => contactListPage(qs, pageNumber, pageSize, itemIndex), paging);
		return outputContacts(contacts, simple);
	});
}
