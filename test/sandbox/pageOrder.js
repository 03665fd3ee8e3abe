'use strict';

/**
 * How the contact list orders the items inside one page. 'sorted' (default) follows OrderBy; 'reversed'
 * hands each page's items back last-first, as a service may that sorts pages but not the rows of a
 * page, so a client that trusts the order of a page's items is caught out.
 */

/** @type {{ order: 'sorted' | 'reversed' }} */
const setting = { order: 'sorted' };

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

module.exports = { setPageOrder, arrangePage };
