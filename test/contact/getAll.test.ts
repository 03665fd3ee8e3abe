import { useSandbox } from '../engine/sandbox';

const getMany = { resource: 'contact', operation: 'getAll' };

describe('Contact > Get Many', () => {
	const helena = useSandbox();
	beforeEach(() => {
		helena.sandbox.reset('demo');
		helena.sandbox.clearRequests();
	});

	test('defaults: one page of 100 asking for tags, active contacts, simplified, one item per contact', async () => {
		const { items, error } = await helena.run(getMany);

		expect(error).toBeUndefined();
		const requests = helena.apiRequests();
		expect(requests).toHaveLength(1);
		expect(requests[0].method).toBe('GET');
		expect(requests[0].path).toBe('/core/v1/contact');
		expect(requests[0].query).toEqual({ PageNumber: '1', PageSize: '100', IncludeDetails: 'Tags' });
		// the demo has 20 contacts, 3 of them archived or blocked
		expect(items).toHaveLength(17);
		expect(items[0].json).toEqual({
			id: expect.any(String),
			name: 'Maria Silva',
			phoneNumber: '+55|11999999999',
			email: 'maria.silva@example.com',
			instagram: 'maria.silva',
			status: 'ACTIVE',
			tagNames: ['Cliente', 'VIP'],
			updatedAt: expect.any(String),
		});
		expect(items.map((item) => item.pairedItem)).toEqual(items.map(() => ({ item: 0 })));
	});

	test('status, date bounds, order and details become the query parameters the API names', async () => {
		const { items, error } = await helena.run({
			...getMany,
			returnAll: true,
			simple: false,
			filters: {
				status: 'ARCHIVED',
				createdAfter: '2026-01-01T00:00:00.000Z',
				createdBefore: '2026-03-01T00:00:00.000Z',
				updatedAfter: '2026-01-02T00:00:00.000Z',
				updatedBefore: '2026-04-01T00:00:00.000Z',
			},
			options: { orderBy: 'name', orderDirection: 'DESCENDING', includeDetails: ['Tags', 'CustomFields'] },
		});

		expect(error).toBeUndefined();
		expect(helena.apiRequests().map((request) => request.query)).toEqual([
			{
				Status: 'ARCHIVED',
				'CreatedAt.After': '2026-01-01T00:00:00.000Z',
				'CreatedAt.Before': '2026-03-01T00:00:00.000Z',
				'UpdatedAt.After': '2026-01-02T00:00:00.000Z',
				'UpdatedAt.Before': '2026-04-01T00:00:00.000Z',
				OrderBy: 'name',
				OrderDirection: 'DESCENDING',
				IncludeDetails: ['Tags', 'CustomFields'],
				PageNumber: '1',
				PageSize: '100',
			},
		]);
		expect(items.map((item) => item.json.name)).toEqual(['Vanessa Moreira', 'Eduardo Teixeira']);
		expect(items[1].json).toMatchObject({ status: 'ARCHIVED', tagNames: ['Cliente'], portfolioNames: null });
	});

	test('250 contacts with Limit 120: exactly 2 requests of page size 100, 120 items', async () => {
		helena.sandbox.reset('empty');
		helena.sandbox.seedContacts(250);

		const { items, error } = await helena.run({ ...getMany, limit: 120 });

		expect(error).toBeUndefined();
		const requests = helena.apiRequests();
		expect(requests.map((request) => [request.query.PageNumber, request.query.PageSize])).toEqual([
			['1', '100'],
			['2', '100'],
		]);
		expect(items).toHaveLength(120);
		expect(new Set(items.map((item) => item.json.id)).size).toBe(120);
	});

	test('Return All over 250 contacts: 3 requests, 250 distinct items', async () => {
		helena.sandbox.reset('empty');
		helena.sandbox.seedContacts(250);

		const { items } = await helena.run({ ...getMany, returnAll: true });

		// pages after the first go out side by side, so only the first is sure to arrive first
		const pages = helena.apiRequests().map((request) => request.query.PageNumber);
		expect(pages[0]).toBe('1');
		expect([...pages].sort()).toEqual(['1', '2', '3']);
		expect(helena.apiRequests().every((request) => request.query.PageSize === '100')).toBe(true);
		expect(items).toHaveLength(250);
		expect(new Set(items.map((item) => item.json.id)).size).toBe(250);
	});

	test('Return All over 1,050 contacts: 11 requests, every contact once, in the order Helena lists them', async () => {
		helena.sandbox.reset('empty');
		const seeded = helena.sandbox.seedContacts(1050) as Array<{ id: string }>;

		const { items } = await helena.run({ ...getMany, returnAll: true });

		expect(helena.apiRequests()).toHaveLength(11);
		expect(items.map((item) => item.json.id)).toEqual(seeded.map((contact) => contact.id));
	});

	test('a Limit below 1 or a date that is not a date is refused before any request', async () => {
		const zero = await helena.run({ ...getMany, limit: '={{ 0 }}' });
		const badDate = await helena.run({ ...getMany, filters: { createdAfter: '={{ "yesterday-ish" }}' } });

		expect(zero.error?.message).toBe('Limit must be a whole number of at least 1, not 0 (item 0)');
		expect(badDate.error?.message).toBe(
			'Created After is not an ISO 8601 date such as 2024-03-07 or 2024-03-07T14:30:00Z: "yesterday-ish" (item 0)',
		);
		expect(helena.apiRequests()).toHaveLength(0);
	});

	test('an empty account gives no items and no error', async () => {
		helena.sandbox.reset('empty');

		const { items, error } = await helena.run({ ...getMany, returnAll: true });

		expect(error).toBeUndefined();
		expect(items).toHaveLength(0);
		expect(helena.apiRequests()).toHaveLength(1);
	});
});
