import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { filtersCollection, optionsCollection, optionValues, readChoices } from '../../helpers';
import type { PagingOptions } from '../../transport';
import { dateFilterFields, readDateFilters } from './dateFilters';
import { limitField, readPaging, returnAllField } from './paging';

/* The frame of a Get Many that lists by date window: Return All, Limit, Filters and one Include Details choice. */

export interface GetManyFrame {
	/** What the date filters speak of, e.g. `portfolios` ("Only portfolios created after this moment"). */
	things: string;
	/** The multi-choice of related data Helena adds to each record (`IncludeDetails`). */
	detailsField: INodeProperties;
	/** The resource's own filters, before and after the date filters. */
	filtersBefore?: INodeProperties[];
	filtersAfter?: INodeProperties[];
}

export function getManyFields({ things, detailsField, filtersBefore = [], filtersAfter = [] }: GetManyFrame): INodeProperties[] {
	return [
		returnAllField,
		limitField,
		filtersCollection([...filtersBefore, ...dateFilterFields(things), ...filtersAfter]),
		optionsCollection([detailsField]),
	];
}

/**
 * Paging and query of one item: the resource's own filters (`readOwnFilters`, read first), then the date window
 * and the details, each checked before any request.
 */
export function readGetMany(
	context: IExecuteFunctions,
	itemIndex: number,
	detailsField: INodeProperties,
	readOwnFilters: (filters: IDataObject) => IDataObject = () => ({}),
): { paging: PagingOptions; qs: IDataObject } {
	const paging = readPaging(context, itemIndex);
	const filters = context.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const qs = readOwnFilters(filters);
	readDateFilters(context, filters, qs, itemIndex);
	const label = detailsField.displayName;
	const details = readChoices(context, options.includeDetails ?? detailsField.default, optionValues(detailsField), label, itemIndex);
	if (details.length) qs.IncludeDetails = details;
	return { paging, qs };
}
