import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { runPerItem } from '../../helpers';
import { fetchAllPages } from '../../transport';
import { statusOptions } from './fields';
import {
	dateRangeFields,
	includeDetailsField,
	limitField,
	orderByField,
	orderDirectionField,
	readDate,
	readIncludeDetails,
	readPaging,
	returnAllField,
	simplifyContact,
	simplifyField,
} from './listing';

const properties: INodeProperties[] = [
	returnAllField,
	limitField,
	simplifyField,
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			...dateRangeFields,
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: statusOptions,
				default: 'ACTIVE',
				description: 'Only contacts with this status; Helena returns active contacts when not set',
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [includeDetailsField, orderByField, orderDirectionField],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contact'], operation: ['getAll'] } },
	properties,
);

/** GET /v1/contact query parameters (PascalCase, as the API names them). */
const QUERY_OF_DATE: Record<string, string> = {
	createdBefore: 'CreatedAt.Before',
	createdAfter: 'CreatedAt.After',
	updatedBefore: 'UpdatedAt.Before',
	updatedAfter: 'UpdatedAt.After',
};

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const paging = readPaging(this, itemIndex);
		const simple = this.getNodeParameter('simple', itemIndex, true) as boolean;
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;

		const qs: IDataObject = {};
		if (filters.status) qs.Status = filters.status;
		for (const [name, query] of Object.entries(QUERY_OF_DATE)) {
			const date = readDate(this, filters, name, itemIndex);
			if (date) qs[query] = date;
		}
		if (options.orderBy) qs.OrderBy = options.orderBy;
		if (options.orderDirection) qs.OrderDirection = options.orderDirection;
		const includeDetails = readIncludeDetails(options, simple);
		if (includeDetails) qs.IncludeDetails = includeDetails;

		const contacts = await fetchAllPages.call(
			this,
			(pageNumber, pageSize) => ({
				method: 'GET',
				path: '/v1/contact',
				qs: { ...qs, PageNumber: pageNumber, PageSize: pageSize },
				itemIndex,
			}),
			paging,
		);
		return simple ? contacts.map(simplifyContact) : contacts;
	});
}
