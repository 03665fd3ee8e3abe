import type { IDataObject } from 'n8n-workflow';

import type { HelenaContext, HelenaRequest } from './request';
import { helenaRequest } from './request';

/** The API's maximum; fewer requests for the same items whatever the user's limit. */
export const PAGE_SIZE = 100;

export interface PageEnvelope {
	items?: IDataObject[] | null;
	pageNumber?: number;
	totalPages?: number;
	hasMorePages?: boolean;
}

export interface PagingOptions {
	returnAll: boolean;
	limit?: number;
}

/**
 * Reads pages of 100 until the API says there are no more or `limit` items are in hand, so a page
 * past the limit is never requested. `requestForPage` builds the request of one page (GET list takes
 * PascalCase query parameters, filter takes camelCase body fields).
 */
export async function fetchAllPages(
	this: HelenaContext,
	requestForPage: (pageNumber: number, pageSize: number) => HelenaRequest,
	{ returnAll, limit }: PagingOptions,
): Promise<IDataObject[]> {
	const wanted = returnAll ? Infinity : Math.max(0, limit ?? 0);
	const collected: IDataObject[] = [];
	for (let pageNumber = 1; collected.length < wanted; pageNumber++) {
		const page = (await helenaRequest.call(this, requestForPage(pageNumber, PAGE_SIZE))) as
			| PageEnvelope
			| undefined;
		const items = page?.items ?? [];
		for (const item of items) {
			if (collected.length >= wanted) break;
			collected.push(item);
		}
		const morePages =
			page?.hasMorePages ??
			(page?.totalPages !== undefined ? pageNumber < page.totalPages : items.length === PAGE_SIZE);
		if (!morePages || items.length === 0) break;
	}
	return collected;
}
