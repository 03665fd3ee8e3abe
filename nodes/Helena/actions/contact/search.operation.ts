import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { filtersCollection, readText, requireOneOf, runPerItem } from '../../helpers';
import { contactFilterPage, fetchAllPages } from '../../transport';
import { readContactFields } from './contactBody';
import { filterContactFields } from './fields';
import { type DateFilterName, readDateFilter } from '../shared/dateFilters';
import type { Listing } from './listing';
import { dateRangeFields, listingFields, listOptionsField, outputContacts, readListing, statusFilterField } from './listing';

const ORIGINS = ['CREATED_BY_USER', 'CREATED_FROM_HUB', 'IMPORTED'];

const filterFields = (
	[
		...filterContactFields,
		...dateRangeFields,
		{
			displayName: 'Origin',
			name: 'origin',
			type: 'options',
			options: [
				{ name: 'Created by a User', value: 'CREATED_BY_USER' },
				{ name: 'Created From a Conversation', value: 'CREATED_FROM_HUB' },
				{ name: 'Imported', value: 'IMPORTED' },
			],
			default: 'CREATED_BY_USER',
			description: 'How the contact came into Helena',
		},
		statusFilterField,
	] as INodeProperties[]
).sort((a, b) => a.displayName.localeCompare(b.displayName));

const properties: INodeProperties[] = [
	{
		displayName: 'Search Text',
		name: 'textFilter',
		type: 'string',
		default: '',
		placeholder: 'e.g. maria',
		description: "Text to look for in the contacts' name, phone number, email and other text fields",
	},
	...listingFields,
	filtersCollection(filterFields, 'Every filter set must match (they are combined with AND)'),
	listOptionsField,
];

export const description = updateDisplayOptions({ show: { resource: ['contact'], operation: ['search'] } }, properties);

function readRange(
	context: IExecuteFunctions,
	filters: IDataObject,
	[after, before]: [DateFilterName, DateFilterName],
	itemIndex: number,
): IDataObject | undefined {
	const range: IDataObject = {};
	const afterDate = readDateFilter(context, filters, after, itemIndex);
	const beforeDate = readDateFilter(context, filters, before, itemIndex);
	if (afterDate) range.after = afterDate;
	if (beforeDate) range.before = beforeDate;
	return Object.keys(range).length ? range : undefined;
}

/** The body of POST /v1/contact/filter without its page fields. */
async function readFilterBody(context: IExecuteFunctions, itemIndex: number, { options, includeDetails }: Listing) {
	const textFilter = (readText(context, context.getNodeParameter('textFilter', itemIndex, ''), 'Search Text', itemIndex) ?? '').trim();
	const filters = context.getNodeParameter('filters', itemIndex, {}) as IDataObject;

	const body: IDataObject = {};
	if (textFilter) body.textFilter = textFilter;
	Object.assign(body, await readContactFields(context, filters, itemIndex, 'filter'));
	if (filters.origin) {
		body.origin = requireOneOf(context, filters.origin, ORIGINS, 'Origin', itemIndex);
	}
	const createdAt = readRange(context, filters, ['createdAfter', 'createdBefore'], itemIndex);
	if (createdAt) body.createdAt = createdAt;
	const updatedAt = readRange(context, filters, ['updatedAfter', 'updatedBefore'], itemIndex);
	if (updatedAt) body.updatedAt = updatedAt;
	if (includeDetails) body.includeDetails = includeDetails;
	if (options.orderBy) body.orderBy = options.orderBy;
	if (options.orderDirection) body.orderDirection = options.orderDirection;
	return body;
}

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const listing = readListing(this, itemIndex);
		const body = await readFilterBody(this, itemIndex, listing);
		const contacts = await fetchAllPages.call(
			this,
			(pageNumber, pageSize) => contactFilterPage(body, pageNumber, pageSize, itemIndex),
			listing.paging,
		);
		return outputContacts(contacts, listing.simple);
	});
}
