import type { IDataObject } from 'n8n-workflow';

import type { HelenaRequest } from '../Helena/transport';
import { contactFilterPage, contactListPage } from '../Helena/transport';
import type { ChangeField, ChangeSource, PageQuery } from '../Helena/polling';
import { AFTER_QUERY } from '../Helena/polling';

export interface Listing {
	field: ChangeField;
	/** One listing per status: Helena lists a single status per request. */
	statuses: string[];
	includeDetails?: string[];
	/** Only contacts with one of these tags: the filter endpoint, which the plain list lacks. */
	tagNames?: string[];
}

/** POST /v1/contact/filter takes the bounds in its camelCase body. */
function filterBody(listing: Listing, status: string, page: PageQuery, after: string | undefined): IDataObject {
	const body: IDataObject = {
		status,
		tagNames: listing.tagNames,
		orderBy: listing.field,
		orderDirection: page.direction,
	};
	if (after) body[listing.field] = { after };
	if (listing.includeDetails) body.includeDetails = listing.includeDetails;
	return body;
}

/** GET /v1/contact takes them as PascalCase query parameters. */
function listQuery(listing: Listing, status: string, page: PageQuery, after: string | undefined): IDataObject {
	const qs: IDataObject = { Status: status, OrderBy: listing.field, OrderDirection: page.direction };
	if (after) qs[AFTER_QUERY[listing.field]] = after;
	if (listing.includeDetails) qs.IncludeDetails = listing.includeDetails;
	return qs;
}

/** One page's request: the plain list, or the filter endpoint when tags narrow it (the list has no tag filter). */
function listPage(listing: Listing, status: string, page: PageQuery): HelenaRequest {
	const after = page.after === undefined ? undefined : new Date(page.after).toISOString();
	return listing.tagNames
		? contactFilterPage(filterBody(listing, status, page, after), page.pageNumber, page.pageSize)
		: contactListPage(listQuery(listing, status, page, after), page.pageNumber, page.pageSize);
}

/** The contacts' stream of changes: one listing per status. */
export function contactSource(listing: Listing): ChangeSource {
	return {
		field: listing.field,
		partitions: listing.statuses,
		page: (status, query) => listPage(listing, status, query),
	};
}
