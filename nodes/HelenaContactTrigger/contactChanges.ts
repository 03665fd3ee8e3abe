import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { HelenaRequest, PageEnvelope } from '../Helena/transport';
import { contactFilterPage, contactListPage, fetchAllPages, helenaRequest } from '../Helena/transport';
import type { Change, ChangeField, CursorState } from './changeCursor';
import { compareVersions, eventOf, instantOf, isUnseen } from './changeCursor';

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

/** One page's request: the plain list, or the filter endpoint when tags narrow it (the list has no tag filter). */
function listPage(listing: Listing, page: PageQuery): HelenaRequest {
	const after = page.after === undefined ? undefined : new Date(page.after).toISOString();
	return listing.tagNames
		? contactFilterPage(filterBody(listing, page, after), page.pageNumber, page.pageSize)
		: contactListPage(listQuery(listing, page, after), page.pageNumber, page.pageSize);
}

/** Whether Helena says it ordered the page the way we asked (an echo it may leave out). */
function followsOrder(page: PageEnvelope, field: ChangeField): boolean {
	const orderBy = page.orderBy ?? field;
	const direction = page.orderDirection ?? 'ASCENDING';
	return orderBy.toLowerCase() === field.toLowerCase() && /^asc/i.test(direction);
}

/** The newest contact of each listed status, newest first (one request per status). */
export async function latestContacts(context: IPollFunctions, listing: Listing, pageSize: number): Promise<IDataObject[]> {
	const contacts: IDataObject[] = [];
	for (const status of listing.statuses) {
		const page = ((await helenaRequest.call(context, listPage(listing, { status, direction: 'DESCENDING', pageNumber: 1, pageSize }))) ??
			{}) as PageEnvelope;
		contacts.push(...(page.items ?? []));
	}
	return newestFirst(contacts, listing.field);
}

function newestFirst(contacts: IDataObject[], field: ChangeField): IDataObject[] {
	return contacts
		.filter((contact) => !Number.isNaN(instantOf(contact[field])))
		.sort((a, b) => compareVersions(String(b[field]), String(a[field])));
}

/** A contact's place in the stream: the same contact changed again is another item of the listing. */
const versionKey = (field: ChangeField) => (contact: IDataObject) => `${String(contact.id)} ${String(contact[field])}`;

/** The earliest and latest instants on a page. */
function spanOf(page: PageEnvelope, field: ChangeField): { oldest: number; newest: number } {
	const instants = (page.items ?? []).map((contact) => instantOf(contact[field])).filter((instant) => !Number.isNaN(instant));
	return { oldest: Math.min(...instants), newest: Math.max(...instants) };
}

/**
 * The newest contacts of each status, newest first, read back until `from` says the rest is older
 * than what the next check reads (`from` gets the newest time found so far): however many pages
 * that takes, through the guarded pager.
 */
export async function recentContacts(context: IPollFunctions, listing: Listing, from: (newest: number) => number): Promise<IDataObject[]> {
	const contacts: IDataObject[] = [];
	for (const status of listing.statuses) {
		let newest = Number.NEGATIVE_INFINITY;
		const read = await fetchAllPages.call(
			context,
			(pageNumber, pageSize) => listPage(listing, { status, direction: 'DESCENDING', pageNumber, pageSize }),
			{
				returnAll: true,
				keyOf: versionKey(listing.field),
				afterPage: (page) => {
					const span = spanOf(page, listing.field);
					newest = Math.max(newest, span.newest);
					// a page without a single readable time says nothing about where to stop
					if (!Number.isFinite(newest) || !Number.isFinite(span.oldest)) return 'next';
					return span.oldest < from(newest) ? 'stop' : 'next';
				},
			},
		);
		contacts.push(...read);
	}
	return newestFirst(contacts, listing.field);
}

/**
 * Every change since the cursor, all pages of every status, through the guarded pager (its page cap
 * and its de-duplication: a server that answers every page alike ends the listing). Each next request
 * starts again at page 1 from the newest change read so far (one millisecond earlier, so that instant
 * is read again and deduplicated): contacts that change while we read move to the end of the list
 * instead of shifting the pages under us. Only when a page is all one instant (a crowd of changes in
 * one instant), or Helena did not keep the order we asked for, does it step to the next page.
 */
export async function changesSince(
	context: IPollFunctions,
	listing: Listing,
	state: CursorState,
	start: number | undefined,
): Promise<Change[]> {
	const found = new Map<string, Change>();
	for (const status of listing.statuses) {
		let after = start === undefined ? undefined : start - 1;
		const contacts = await fetchAllPages.call(
			context,
			(pageNumber, pageSize) => listPage(listing, { status, direction: 'ASCENDING', pageNumber, pageSize, after }),
			{
				returnAll: true,
				keyOf: versionKey(listing.field),
				afterPage: (page) => {
					const { oldest, newest } = spanOf(page, listing.field);
					if (!followsOrder(page, listing.field) || !(oldest < newest) || !(newest - 1 > (after ?? Number.NEGATIVE_INFINITY)))
						return 'next';
					after = newest - 1;
					return 'restart';
				},
			},
		);
		for (const contact of contacts) {
			const id = String(contact.id);
			const version = String(contact[listing.field]);
			if (!isUnseen(state, id, version, start)) continue;
			const earlier = found.get(id);
			if (earlier && compareVersions(version, earlier.version) <= 0) continue;
			found.set(id, { contact, version, event: eventOf(state, contact, start) });
		}
	}
	return [...found.values()];
}
