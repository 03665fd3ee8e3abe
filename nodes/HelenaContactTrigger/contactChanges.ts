import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { PageEnvelope } from '../Helena/transport';
import { contactFilterPage, contactListPage, hasMore, helenaRequest, PAGE_SIZE } from '../Helena/transport';
import type { Change, ChangeField, CursorState } from './changeCursor';
import { compareVersions, eventOf, instantOf, isUnseen, windowStart } from './changeCursor';

/** GET /v1/contact query names of each stream's lower bound (the API's exact spelling). */
const AFTER_QUERY: Record<ChangeField, string> = {
	updatedAt: 'UpdatedAt.After',
	createdAt: 'CreatedAt.After',
};

export interface Listing {
	field: ChangeField;
	/** One listing per status: Helena lists a single status per request. */
	statuses: string[];
	includeDetails?: string[];
	/** Only contacts with one of these tags: the filter endpoint, which the plain list lacks. */
	tagNames?: string[];
}

interface PageQuery {
	status: string;
	direction: 'ASCENDING' | 'DESCENDING';
	pageNumber: number;
	pageSize: number;
	/** Lower bound (exclusive), in ms. */
	after?: number;
}

/** POST /v1/contact/filter takes the bounds in its camelCase body. */
function filterBody(listing: Listing, page: PageQuery, after: string | undefined): IDataObject {
	const body: IDataObject = {
		status: page.status,
		tagNames: listing.tagNames,
		orderBy: listing.field,
		orderDirection: page.direction,
	};
	if (after) body[listing.field] = { after };
	if (listing.includeDetails) body.includeDetails = listing.includeDetails;
	return body;
}

/** GET /v1/contact takes them as PascalCase query parameters. */
function listQuery(listing: Listing, page: PageQuery, after: string | undefined): IDataObject {
	const qs: IDataObject = { Status: page.status, OrderBy: listing.field, OrderDirection: page.direction };
	if (after) qs[AFTER_QUERY[listing.field]] = after;
	if (listing.includeDetails) qs.IncludeDetails = listing.includeDetails;
	return qs;
}

/** One page: the plain list, or the filter endpoint when tags narrow it (the list has no tag filter). */
async function listPage(context: IPollFunctions, listing: Listing, page: PageQuery): Promise<PageEnvelope> {
	const after = page.after === undefined ? undefined : new Date(page.after).toISOString();
	const request = listing.tagNames
		? contactFilterPage(filterBody(listing, page, after), page.pageNumber, page.pageSize)
		: contactListPage(listQuery(listing, page, after), page.pageNumber, page.pageSize);
	return ((await helenaRequest.call(context, request)) ?? {}) as PageEnvelope;
}

/** Whether Helena says it ordered the page the way we asked (an echo it may leave out). */
function followsOrder(page: PageEnvelope, field: ChangeField): boolean {
	const orderBy = page.orderBy ?? field;
	const direction = page.orderDirection ?? 'ASCENDING';
	return orderBy.toLowerCase() === field.toLowerCase() && /^asc/i.test(direction);
}

/** The newest contacts of each listed status, newest first (one request per status). */
export async function latestContacts(context: IPollFunctions, listing: Listing, pageSize: number): Promise<IDataObject[]> {
	const contacts: IDataObject[] = [];
	for (const status of listing.statuses) {
		const page = await listPage(context, listing, { status, direction: 'DESCENDING', pageNumber: 1, pageSize });
		contacts.push(...(page.items ?? []));
	}
	return contacts
		.filter((contact) => !Number.isNaN(instantOf(contact[listing.field])))
		.sort((a, b) => compareVersions(String(b[listing.field]), String(a[listing.field])));
}

/**
 * Every change since the cursor, all pages of every status. Each next request starts again at
 * page 1 from the newest change read so far (one millisecond earlier, so that instant is read
 * again and deduplicated): contacts that change while we read move to the end of the list instead
 * of shifting the pages under us. Only when a page brought nothing newer (a crowd of changes in
 * one instant), or Helena did not keep the order we asked for, does it step to the next page.
 */
export async function changesSince(context: IPollFunctions, listing: Listing, state: CursorState): Promise<Change[]> {
	const start = windowStart(state);
	const found = new Map<string, Change>();
	for (const status of listing.statuses) {
		let after = start === undefined ? undefined : start - 1;
		let pageNumber = 1;
		for (;;) {
			const page = await listPage(context, listing, {
				status,
				direction: 'ASCENDING',
				pageNumber,
				pageSize: PAGE_SIZE,
				after,
			});
			const items = page.items ?? [];
			let newest = Number.NEGATIVE_INFINITY;
			for (const contact of items) {
				const id = String(contact.id);
				const version = String(contact[listing.field]);
				newest = Math.max(newest, instantOf(version));
				if (!isUnseen(state, id, version, start)) continue;
				const earlier = found.get(id);
				if (earlier && compareVersions(version, earlier.version) <= 0) continue;
				found.set(id, { contact, version, event: eventOf(state, contact, start) });
			}
			if (!hasMore(page, pageNumber)) break;
			if (followsOrder(page, listing.field) && newest - 1 > (after ?? Number.NEGATIVE_INFINITY)) {
				after = newest - 1;
				pageNumber = 1;
			} else {
				pageNumber++;
			}
		}
	}
	return [...found.values()];
}
