'use strict';

/**
 * How the contact list orders the items inside one page. 'sorted' (default) follows OrderBy; 'reversed'
 * hands each page's items back last-first, as a service may that sorts pages but not the rows of a
 * page, so a client that trusts the order of a page's items is caught out.
 */

/** @type {{ order: 'sorted' | 'reversed', maxPageSize: number }} */
const setting = { order: 'sorted', maxPageSize: 100 };

/** @param {'sorted' | 'reversed'} order */
function setPageOrder(order) {
	if (order !== 'sorted' && order !== 'reversed') throw new Error(`page order: sorted or reversed, not ${order}`);
	setting.order = order;
	return { order };
}

/** @template T @param {{ items: T[] }} page */
function arrangePage(page) {
	return setting.order === 'reversed' ? { ...page, items: [...page.items].reverse() } : page;
}

/**
 * The most contacts a list page holds, whatever PageSize asks (100 by default, Helena's maximum): a
 * service that caps pages below the request (15 is Helena's default size) and says so in its paging fields.
 * @param {number} [size]
 */
function setPageSizeCap(size = 100) {
	if (!Number.isInteger(size) || size < 1 || size > 100) throw new Error(`page size cap: 1 to 100, not ${size}`);
	setting.maxPageSize = size;
	return { maxPageSize: size };
}

/** @param {number} requested */
function pageSizeOf(requested) {
	return Math.min(requested, setting.maxPageSize);
}

module.exports = { setPageOrder, arrangePage, setPageSizeCap, pageSizeOf };
