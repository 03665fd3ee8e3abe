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
}

/** Whether the server's paging fields claim a page after this one. */
function claimsMore(page: PageEnvelope, pageNumber: number): boolean {
	if (typeof page.hasMorePages === 'boolean') return page.hasMorePages;
	if (typeof page.totalPages === 'number') return pageNumber < page.totalPages;
	return true;
}

/** Whether a full page says more follow (a page count, or a full page when the API gives neither). */
export function hasMore(page: PageEnvelope | undefined, pageNumber: number): boolean {
	const items = page?.items ?? [];
	// an empty or short page is the last, whatever its paging fields claim
	if (items.length < PAGE_SIZE) return false;
	return page?.hasMorePages ?? (page?.totalPages !== undefined ? pageNumber < page.totalPages : items.length === PAGE_SIZE);
}

/**
 * Reads pages of 100 until one is empty, short or repeats what was already read, the server says
 * there are no more, or `limit` items are in hand; a page past the limit is never requested. The
 * server's paging fields are a ceiling, never a plan: the pages read ahead side by side are at most
 * as many as the full pages already seen (1, 2, 4, then 4 at a time), so a server that claims 40
 * pages and has one costs one extra request. An item already output (same `id`) is dropped.
 * `requestForPage` builds the request of one page (GET list takes PascalCase query parameters,
 * filter takes camelCase body fields).
 */
export async function fetchAllPages(
	this: HelenaContext,
	requestForPage: (pageNumber: number, pageSize: number) => HelenaRequest,
	{ returnAll, limit }: PagingOptions,
): Promise<IDataObject[]> {
	const wanted = returnAll ? Infinity : Math.max(0, limit ?? 0);
	const wantedPages = Math.ceil(wanted / PAGE_SIZE);
	const fetchPage = async (pageNumber: number) =>
		(await helenaRequest.call(this, { ...requestForPage(pageNumber, PAGE_SIZE), answer: 'page' })) as PageEnvelope;

	const collected: IDataObject[] = [];
	const seen = new Set<unknown>();
	/** Adds a page's new items; whether reading may go on after it. */
	const take = (page: PageEnvelope, pageNumber: number): boolean => {
		const items = page.items ?? [];
		let fresh = 0;
		for (const item of items) {
			const id = item.id;
			if (id !== undefined && id !== null && id !== '') {
				if (seen.has(id)) continue;
				seen.add(id);
			}
			collected.push(item);
			fresh++;
		}
		return fresh > 0 && items.length >= PAGE_SIZE && claimsMore(page, pageNumber);
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
	let fullPagesSeen = 0;
	// the lowest page count the server has stated: pages past it are never read ahead
	let lastPage = MAX_PAGES;
	try {
		for (let pageNumber = 1; collected.length < wanted; pageNumber++) {
			if (pageNumber > MAX_PAGES) {
				throw new NodeOperationError(this.getNode(), `Helena still reported more results after ${MAX_PAGES.toLocaleString('en')} pages`, {
					description: 'The listing was stopped so that it cannot run forever. Narrow it with filters, or set a Limit.',
				});
			}
			const window = Math.max(1, Math.min(CONCURRENT_PAGES, fullPagesSeen));
			const until = Math.min(pageNumber + window - 1, wantedPages, lastPage, MAX_PAGES);
			for (next = Math.max(next, pageNumber); next <= Math.max(until, pageNumber); next++) request(next);
			const page = await (inFlight.get(pageNumber) as Promise<PageEnvelope>);
			inFlight.delete(pageNumber);
			if (typeof page.totalPages === 'number' && page.totalPages > 0) lastPage = Math.min(lastPage, page.totalPages);
			if (!take(page, pageNumber)) break;
			fullPagesSeen++;
		}
	} finally {
		// nothing is left running after the node has finished
		await Promise.allSettled(inFlight.values());
	}
	return collected.length > wanted ? collected.slice(0, wanted) : collected;
}
