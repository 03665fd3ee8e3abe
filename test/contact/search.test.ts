import { useSandbox } from '../engine/sandbox';

import { demo } from '../sandbox';

const search = { resource: 'contact', operation: 'search' };

describe('Contact > Search', () => {
	const helena = useSandbox();
	beforeEach(() => {
		helena.sandbox.reset('demo');
		helena.sandbox.clearRequests();
	});

	test('search text: POST /v1/contact/filter with textFilter, a page of 100, simplified items', async () => {
		const { items, error } = await helena.run({ ...search, textFilter: 'silva' });

		expect(error).toBeUndefined();
		const [request] = helena.apiRequests();
		expect(request.method).toBe('POST');
		expect(request.path).toBe('/core/v1/contact/filter');
		expect(request.query).toEqual({});
		expect(request.body).toEqual({ textFilter: 'silva', includeDetails: ['Tags'], pageNumber: 1, pageSize: 100 });
		expect(items.map((item) => item.json)).toEqual([
			{
				id: demo.contactId(1),
				name: 'Maria Silva',
				phoneNumber: '+55|11999999999',
				email: 'maria.silva@example.com',
				instagram: 'maria.silva',
				status: 'ACTIVE',
				tagNames: ['Cliente', 'VIP'],
				updatedAt: expect.any(String),
			},
		]);
	});

	test('every filter of the body is sent as the API names it', async () => {
		const { items, error } = await helena.run({
			...search,
			textFilter: 'maria',
			simple: false,
			returnAll: true,
			filters: {
				name: 'Maria',
				phoneNumber: '11999999999',
				email: 'maria.silva@',
				instagram: 'maria',
				tagNames: 'VIP, Cliente',
				tagIds: demo.tagId('VIP'),
				portfolioNames: 'Carteira Sul',
				portfolioIds: `${demo.portfolioId('Carteira Sul')}`,
				origin: 'CREATED_BY_USER',
				status: 'ACTIVE',
				createdAfter: '2026-01-01T00:00:00.000Z',
				createdBefore: '2026-02-01T00:00:00.000Z',
				updatedAfter: '2026-01-01T00:00:00.000Z',
				updatedBefore: '2027-01-01T00:00:00.000Z',
				customFieldsUi: { field: [{ key: 'plano', value: 'Pro' }] },
				customFieldsJson: '{"pontos": "120"}',
				metadataUi: { entry: [{ key: 'crmId', value: 'CRM-0001' }] },
			},
			options: { includeDetails: ['Tags', 'CustomFields', 'Portfolios'], orderBy: 'name', orderDirection: 'DESCENDING' },
		});

		expect(error).toBeUndefined();
		// the custom field keys are checked against the account's list first, as in a write
		expect(helena.apiRequests().map((request) => `${request.method} ${request.path}`)).toEqual([
			'GET /core/v1/contact/custom-field',
			'POST /core/v1/contact/filter',
		]);
		expect(helena.apiRequests()[1].body).toEqual({
			textFilter: 'maria',
			name: 'Maria',
			phoneNumber: '11999999999',
			email: 'maria.silva@',
			instagram: 'maria',
			tagNames: ['VIP', 'Cliente'],
			tagIds: [demo.tagId('VIP')],
			portfolioNames: ['Carteira Sul'],
			portfolioIds: [demo.portfolioId('Carteira Sul')],
			customFields: { plano: 'Pro', pontos: '120' },
			metadata: { crmId: 'CRM-0001' },
			status: 'ACTIVE',
			origin: 'CREATED_BY_USER',
			createdAt: { after: '2026-01-01T00:00:00.000Z', before: '2026-02-01T00:00:00.000Z' },
			updatedAt: { after: '2026-01-01T00:00:00.000Z', before: '2027-01-01T00:00:00.000Z' },
			includeDetails: ['Tags', 'CustomFields', 'Portfolios'],
			orderBy: 'name',
			orderDirection: 'DESCENDING',
			pageNumber: 1,
			pageSize: 100,
		});
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ id: demo.contactId(1), portfolioNames: ['Carteira Sul'] });
	});

	test('Limit 120 over 250 matches: 2 pages of 100; Return All: 3', async () => {
		helena.sandbox.reset('empty');
		helena.sandbox.seedContacts(250);

		const limited = await helena.run({ ...search, textFilter: 'Contato', limit: 120 });
		const limitedPages = helena.apiRequests().map((request) => [request.body.pageNumber, request.body.pageSize]);
		helena.sandbox.clearRequests();
		const all = await helena.run({ ...search, textFilter: 'Contato', returnAll: true });

		expect(limitedPages).toEqual([
			[1, 100],
			[2, 100],
		]);
		expect(limited.items).toHaveLength(120);
		expect(helena.apiRequests().map((request) => request.body.pageNumber)).toEqual([1, 2, 3]);
		expect(all.items).toHaveLength(250);
	});

	test('a filter is repeated after a 503 (it only reads)', async () => {
		helena.sandbox.failNext(1, { status: 503, method: 'POST' });

		const { items, error } = await helena.run({ ...search, textFilter: 'silva' });

		expect(error).toBeUndefined();
		expect(helena.apiRequests().map((request) => request.status)).toEqual([503, 200]);
		expect(items).toHaveLength(1);
	});

	test('bad custom fields JSON, a bad tag ID or a limit of 0 is refused before any request', async () => {
		const notJson = await helena.run({ ...search, filters: { customFieldsJson: '{plano: Pro}' } });
		const notObject = await helena.run({ ...search, filters: { customFieldsJson: '[1, 2]' } });
		const badTag = await helena.run({ ...search, filters: { tagIds: 'VIP' } });
		const zero = await helena.run({ ...search, limit: '={{ 0 }}' });

		expect(notJson.error?.message).toMatch(/^Custom Fields \(JSON\) is not valid JSON \(.+\) \(item 0\)$/);
		expect(notObject.error?.message).toBe('Custom Fields (JSON) must be a JSON object such as {"key": "value"} (item 0)');
		expect(badTag.error?.message).toBe('Tag IDs must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, not "VIP" (item 0)');
		expect(zero.error?.message).toBe('Limit must be a whole number of at least 1, not 0 (item 0)');
		expect(helena.apiRequests()).toHaveLength(0);
	});

	test('a custom field key the account does not have is refused, as in a write: no search on a field that is not there', async () => {
		const { error } = await helena.run({ ...search, filters: { customFieldsJson: '{"plan": "Pro"}' } });

		expect(error?.message).toBe('Custom Fields (JSON) has "plan", which is not the key of a contact custom field in Helena (item 0)');
		expect((error as { description?: string }).description).toContain('plano');
		expect(helena.apiRequests().map((request) => `${request.method} ${request.path}`)).toEqual(['GET /core/v1/contact/custom-field']);
	});
});
