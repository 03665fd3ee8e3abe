import type { IDataObject } from 'n8n-workflow';

import { runListSearch } from '../engine/runMethod';
import { useSandbox } from '../engine/sandbox';

/*
 * Paging that must not stop early: a page shorter than asked is the last only when Helena says so
 * (hasMorePages, totalPages) or, without those fields, when it is short. Helena's default page size
 * is 15 and its maximum 100; a server that caps the size below the request still gives the whole list.
 */

const getAll = { resource: 'contact', operation: 'getAll', returnAll: true };
const search = { resource: 'contact', operation: 'search', returnAll: true };
/** The paging fields left out of the page, as a service that sends none. */
const NO_PAGING_FIELDS = { hasMorePages: undefined, totalPages: undefined, pageNumber: undefined };

describe('paging: a short page is the end only when Helena says so', () => {
	const helena = useSandbox();
	beforeEach(() => {
		helena.sandbox.reset('empty');
		helena.sandbox.clearRequests();
	});
	afterEach(() => {
		helena.sandbox.misbehaviour.clear();
		helena.sandbox.setPageSizeCap(100);
	});

	const pagesAsked = () =>
		helena.apiRequests().map((request) => Number(request.query.PageNumber ?? (request.body as IDataObject).pageNumber));
	const ids = (items: Array<{ json: IDataObject }>) => items.map((item) => item.json.id);

	test('Get Many against a server that caps pages at 15: all 250 contacts, pages 1 to 17, each once', async () => {
		helena.sandbox.seedContacts(250);
		helena.sandbox.setPageSizeCap(15);

		const { items, error } = await helena.run(getAll);

		expect(error).toBeUndefined();
		expect(items).toHaveLength(250);
		expect(new Set(ids(items)).size).toBe(250);
		expect([...pagesAsked()].sort((a, b) => a - b)).toEqual(Array.from({ length: 17 }, (_, index) => index + 1));
		expect(helena.apiRequests().every((request) => request.query.PageSize === '100')).toBe(true);
	});

	test('Search (the filter endpoint) capped at 15: the whole list too', async () => {
		helena.sandbox.seedContacts(40);
		helena.sandbox.setPageSizeCap(15);

		const { items, error } = await helena.run(search);

		expect(error).toBeUndefined();
		expect(items).toHaveLength(40);
		expect(pagesAsked()).toEqual([1, 2, 3]);
	});

	test('a Limit of 40 against pages of 15: 3 pages, none past the limit', async () => {
		helena.sandbox.seedContacts(200);
		helena.sandbox.setPageSizeCap(15);

		const { items } = await helena.run({ resource: 'contact', operation: 'getAll', returnAll: false, limit: 40 });

		expect(items).toHaveLength(40);
		expect([...pagesAsked()].sort((a, b) => a - b)).toEqual([1, 2, 3]);
	});

	test('only totalPages says more (no hasMorePages): its short pages are read to the last', async () => {
		helena.sandbox.seedContacts(50);
		helena.sandbox.setPageSizeCap(15);
		helena.sandbox.misbehaviour.always({ paging: { hasMorePages: undefined } });

		const { items } = await helena.run(getAll);

		expect(items).toHaveLength(50);
		expect(pagesAsked()).toEqual([1, 2, 3, 4]);
	});

	test('hasMorePages: false on a full page ends the listing, whatever totalPages says', async () => {
		helena.sandbox.seedContacts(250);
		helena.sandbox.misbehaviour.always({ paging: { hasMorePages: false, totalPages: 3 } });

		const { items } = await helena.run(getAll);

		expect(items).toHaveLength(100);
		expect(pagesAsked()).toEqual([1]);
	});

	test('no paging fields at all: a short page is the end (one request for 15 of 250)', async () => {
		helena.sandbox.seedContacts(250);
		helena.sandbox.setPageSizeCap(15);
		helena.sandbox.misbehaviour.always({ paging: NO_PAGING_FIELDS });

		const { items } = await helena.run(getAll);

		expect(items).toHaveLength(15);
		expect(pagesAsked()).toEqual([1]);
	});

	test('no paging fields at all, full pages: read until the short one', async () => {
		helena.sandbox.seedContacts(250);
		helena.sandbox.misbehaviour.always({ paging: NO_PAGING_FIELDS });

		const { items } = await helena.run(getAll);

		expect(items).toHaveLength(250);
		expect(pagesAsked().slice(0, 3)).toEqual([1, 2, 3]);
	});

	test('an empty page ends the listing even when it says more follow', async () => {
		helena.sandbox.seedContacts(20);
		helena.sandbox.setPageSizeCap(15);
		helena.sandbox.misbehaviour.always({ paging: { hasMorePages: true, totalPages: 99 } });

		const { items, error } = await helena.run(getAll);

		expect(error).toBeUndefined();
		expect(items).toHaveLength(20);
		expect(pagesAsked()).toEqual([1, 2, 3]);
	});

	test('a server repeating its short first page with hasMorePages: true ends on the repeat', async () => {
		helena.sandbox.seedContacts(100);
		helena.sandbox.setPageSizeCap(15);
		helena.sandbox.misbehaviour.always({ paging: { repeatFirstPage: true, hasMorePages: true } });

		const { items } = await helena.run(getAll);

		expect(items).toHaveLength(15);
		expect(pagesAsked()).toEqual([1, 2]);
	});

	describe('the Contact picker', () => {
		test('a short page that says more follow offers the next page', async () => {
			helena.sandbox.seedContacts(20);
			helena.sandbox.setPageSizeCap(15);

			const first = await runListSearch('searchContacts', { credentials: helena.credentials, path: 'parameters.contact' });
			const second = await runListSearch('searchContacts', {
				credentials: helena.credentials,
				path: 'parameters.contact',
				paginationToken: first.paginationToken as string,
			});

			expect(first.results).toHaveLength(15);
			expect(first.paginationToken).toBe('2');
			expect(second.results).toHaveLength(5);
			expect(second.paginationToken).toBeUndefined();
		});

		test('without paging fields, a full page offers the next and a short one does not', async () => {
			helena.sandbox.seedContacts(120);
			helena.sandbox.misbehaviour.always({ paging: NO_PAGING_FIELDS });

			const first = await runListSearch('searchContacts', { credentials: helena.credentials, path: 'parameters.contact' });
			const second = await runListSearch('searchContacts', {
				credentials: helena.credentials,
				path: 'parameters.contact',
				paginationToken: first.paginationToken as string,
			});

			expect(first.paginationToken).toBe('2');
			expect(second.results).toHaveLength(20);
			expect(second.paginationToken).toBeUndefined();
		});
	});
});
