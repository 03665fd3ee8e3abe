import type { IDataObject } from 'n8n-workflow';

import { mapWithConcurrency } from '../helpers/concurrency';
import type { HelenaContext, HelenaRequest } from './request';
import { helenaRequest } from './request';

/** The API's maximum; fewer requests for the same items whatever the user's limit. */
export const PAGE_SIZE = 100;

/** Pages fetched side by side once the first page has told how many there are. */
const CONCURRENT_PAGES = 4;

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

/** Whether a page says more follow (a page count, or a full page when the API gives neither). */
export function hasMore(page: PageEnvelope | undefined, pageNumber: number): boolean {
	const items = page?.items ?? [];
	if (items.length === 0) return false;
	return page?.hasMorePages ?? (page?.totalPages !== undefined ? pageNumber < page.totalPages : items.length === PAGE_SIZE);
}

/**
 * Reads pages of 100 until the API says there are no more or `limit` items are in hand, so a page
 * past the limit is never requested. The first page tells how many pages there are; the ones still
 * needed are then fetched a few at a time (the request budget paces them) and kept in page order.
 * `requestForPage` builds the request of one page (GET list takes PascalCase query parameters,
 * filter takes camelCase body fields).
 */
export async function fetchAllPages(
	this: HelenaContext,
	requestForPage: (pageNumber: number, pageSize: number) => HelenaRequest,
	{ returnAll, limit }: PagingOptions,
): Promise<IDataObject[]> {
	const wanted = returnAll ? Infinity : Math.max(0, limit ?? 0);
	const fetchPage = async (pageNumber: number) =>
		(await helenaRequest.call(this, requestForPage(pageNumber, PAGE_SIZE))) as PageEnvelope | undefined;

	let pageNumber = 1;
	let page = await fetchPage(pageNumber);
	const collected: IDataObject[] = [...(page?.items ?? [])];

	if (hasMore(page, pageNumber) && collected.length < wanted && page?.totalPages !== undefined) {
		const lastNeeded = Math.min(page.totalPages, Math.ceil(wanted / PAGE_SIZE));
		const pageNumbers = Array.from({ length: Math.max(0, lastNeeded - 1) }, (_, n) => n + 2);
		const pages = await mapWithConcurrency(pageNumbers, CONCURRENT_PAGES, fetchPage);
		for (const fetched of pages) collected.push(...(fetched?.items ?? []));
		pageNumber = lastNeeded;
		page = pages.at(-1) ?? page;
	}
	// Without a page count (or when the list grew while we read), go on one page at a time.
	while (hasMore(page, pageNumber) && collected.length < wanted) {
		pageNumber++;
		page = await fetchPage(pageNumber);
		collected.push(...(page?.items ?? []));
	}
	return collected.length > wanted ? collected.slice(0, wanted) : collected;
}
