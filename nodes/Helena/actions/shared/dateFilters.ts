import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readDate } from '../../helpers';

/** The date window of the CRM, sequence and portfolio lists: the filter's name, its label and the query key Helena reads. */
const DATE_FILTERS = [
	['createdAfter', 'Created After', 'CreatedAt.After'],
	['createdBefore', 'Created Before', 'CreatedAt.Before'],
	['updatedAfter', 'Updated After', 'UpdatedAt.After'],
	['updatedBefore', 'Updated Before', 'UpdatedAt.Before'],
] as const;

export type DateFilterName = (typeof DATE_FILTERS)[number][0];

/** The four date filters of a CRM list, e.g. `Only cards created after this moment (UTC)`. */
export function dateFilterFields(things: string): INodeProperties[] {
	return DATE_FILTERS.map(([name, displayName]) => ({
		displayName,
		name,
		type: 'dateTime',
		default: '',
		description: `Only ${things} ${displayName.toLowerCase()} this moment (UTC)`,
	}));
}

/** A date filter: its name in the node, its label, the query key Helena reads (and anything else its list keeps). */
export type DateFilter = readonly [name: string, label: string, query: string, ...rest: string[]];

/** Adds the date filters that are set to the query, each checked as a date and named by its label (by default the four above). */
export function readDateFilters(
	context: IExecuteFunctions,
	filters: IDataObject,
	qs: IDataObject,
	itemIndex: number,
	list: readonly DateFilter[] = DATE_FILTERS,
): void {
	for (const [name, label, query] of list) {
		const date = readDate(context, filters[name], label, itemIndex);
		if (date) qs[query] = date;
	}
}

/** One of the four date filters of `filters`, checked as a date and labelled as above; undefined when not set. */
export function readDateFilter(
	context: IExecuteFunctions,
	filters: IDataObject,
	name: DateFilterName,
	itemIndex: number,
): string | undefined {
	const label = DATE_FILTERS.find(([filter]) => filter === name)?.[1] ?? name;
	return readDate(context, filters[name], label, itemIndex);
}
