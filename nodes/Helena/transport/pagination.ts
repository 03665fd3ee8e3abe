import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { HelenaContext, HelenaRequest } from './request';
import { helenaRequest } from './request';

/** The API's maximum; fewer requests for the same items whatever the user's limit. */
export const PAGE_SIZE = 100;

/** Pages fetched side by side at most, once the pages read so far have shown that more exist. */
const CONCURRENT_PAGES = 4;

/** 1,000,000 records: a server that still reports more pages after this is looping, not listing. */
export const MAX_PAGES = 10_000;

export interface PageEnvelope {
	items?: IDataObject[] | null;
	pageNumber?: number;
	totalPages?: number;
	orderBy?: string | null;
	orderDirection?: string | null;
	hasMorePages?: boolean;
}

export interface PagingOptions {
	returnAll: boolean;
	limit?: number;
	/** What makes two items the same one (default: their `id`); an item whose key was already taken is dropped. */
	keyOf?: (item: IDataObject) => unknown;
	/**
	 * For a listing whose next request depends on the page just read (the contact trigger reads by time):
	 * after each page, `next` reads the following page number, `restart` page 1 again (the caller moved
	 * its lower bound), `stop` ends the listing. Pages are then read one at a time.
	 */
	afterPage?: (page: PageEnvelope) => 'next' | 'restart' | 'stop';
}

/**
 * Whether Helena says a page follows this one. Its own paging fields decide (a page shorter than
 * asked is not the last when Helena says more follow: it may cap the size below the request); a page
 * without them is the last when it is short. An empty page is always the last.
 */
export function morePagesAfter(page: PageEnvelope | null | undefined, pageNumber: number, pageSize = PAGE_SIZE): boolean {
	const items = page?.items ?? [];
	if (items.length === 0) return false;
	if (typeof page?.hasMorePages === 'boolean') return page.hasMorePages;
	if (typeof page?.totalPages === 'number') return pageNumber < page.totalPages;
	return items.length >= pageSize;
}

function stillListingError(context: HelenaContext): NodeOperationError {
	return new NodeOperationError(context.getNode(), `Helena still reported more results after ${MAX_PAGES.toLocaleString('en')} pages`, {
		description: 'The listing was stopped so that it cannot run forever. Narrow it with filters, or set a Limit.',
	});
}

/**
 * Reads pages of 100 until one is empty or repeats what was already read, Helena says there are no
 * more (or, without paging fields, a page is short), or `limit` items are in hand; a page past the
 * limit is never requested. The server's paging fields are a ceiling, never a plan: the pages read
 * ahead side by side are at most as many as the full pages just taken in a row (1, 2, 4, then 4 at a
 * time; 1 again after a short page), so a server that claims 40 pages and has one costs one extra
 * request. A page is full when it is as long as the first (Helena may cap the size below 100). An
 * item already output (same key) is dropped; after MAX_PAGES requests the listing stops with an error.
 * `requestForPage` builds the request of one page (GET list takes PascalCase query parameters,
 * filter takes camelCase body fields). Only the documented paging fields are read (`items`,
 * `pageNumber`, `totalPages`, `hasMorePages`): no page envelope of the reference names a next-page token.
 */
export async function fetchAllPages(
	this: HelenaContext,
	requestForPage: (pageNumber: number, pageSize: number) => HelenaRequest,
	{ returnAll, limit, keyOf = (item) => item.id, afterPage }: PagingOptions,
): Promise<IDataObject[]> {
	const wanted = returnAll ? Infinity : Math.max(0, limit ?? 0);
	const readAhead = afterPage ? 1 : CONCURRENT_PAGES;
	const fetchPage = async (pageNumber: number) =>
		(await helenaRequest.call(this, { ...requestForPage(pageNumber, PAGE_SIZE), answer: 'page' })) as PageEnvelope;

	const collected: IDataObject[] = [];
	const seen = new Set<unknown>();
	/** Adds a page's new items; whether reading may go on after it. */
	const take = (page: PageEnvelope, pageNumber: number): boolean => {
		const items = page.items ?? [];
		let fresh = 0;
		for (const item of items) {
			const key = keyOf(item);
			if (key !== undefined && key !== null && key !== '') {
				if (seen.has(key)) continue;
				seen.add(key);
			}
			collected.push(item);
			fresh++;
		}
		return fresh > 0 && morePagesAfter(page, pageNumber);
	};

	// A sliding window: a page is requested as soon as one is taken, so up to 4 stay in flight instead of
	// rounds of 4 that each wait for their slowest page. Pages are taken in order.
	const inFlight = new Map<number, Promise<PageEnvelope>>();
	const request = (pageNumber: number) => {
		const page = fetchPage(pageNumber);
		// a page read ahead whose result is not needed (an earlier page ended the listing) must not fail the run
		page.catch(() => undefined);
		inFlight.set(pageNumber, page);
	};
	let next = 1;
	// full pages in a row: the read-ahead grows with them and starts again at 1 after a short page
	let fullPages = 0;
	// the size of Helena's pages: the first page's, when Helena caps the size below 100
	let itemsPerPage = PAGE_SIZE;
	// the lowest page count the server has stated: pages past it are never read ahead
	let lastPage = MAX_PAGES;
	let pageNumber = 1;
	try {
		for (let requests = 1; collected.length < wanted; requests++) {
			if (requests > MAX_PAGES) throw stillListingError(this);
			const window = Math.max(1, Math.min(readAhead, fullPages));
			const pagesStillWanted = Math.ceil((wanted - collected.length) / itemsPerPage);
			const until = Math.min(pageNumber + Math.min(window, pagesStillWanted) - 1, lastPage, MAX_PAGES);
			for (next = Math.max(next, pageNumber); next <= Math.max(until, pageNumber); next++) request(next);
			const page = (await (inFlight.get(pageNumber) as Promise<PageEnvelope>)) ?? {};
			inFlight.delete(pageNumber);
			if (typeof page.totalPages === 'number' && page.totalPages > 0) lastPage = Math.min(lastPage, page.totalPages);
			if (!take(page, pageNumber)) break;
			const size = page.items?.length ?? 0;
			if (requests === 1) itemsPerPage = Math.max(1, Math.min(PAGE_SIZE, size));
			fullPages = size >= itemsPerPage ? fullPages + 1 : 0;
			const step = afterPage?.(page) ?? 'next';
			if (step === 'stop') break;
			if (step === 'restart') {
				pageNumber = 1;
				next = 1;
				lastPage = MAX_PAGES;
			} else {
				pageNumber++;
			}
		}
	} finally {
		// nothing is left running after the node has finished
		await Promise.allSettled(inFlight.values());
	}
	return collected.length > wanted ? collected.slice(0, wanted) : collected;
}
