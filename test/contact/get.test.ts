import { useSandbox } from '../engine/sandbox';
import { byId, byPhone } from '../helpers/requests';

import { demo } from '../sandbox';

const MARIA_ID: string = demo.contactId(1);

describe('Contact > Get', () => {
	const helena = useSandbox();
	beforeEach(() => helena.sandbox.clearRequests());

	test('by ID, simplified by default: GET /v1/contact/{id} asking for the tags', async () => {
		const { items, error } = await helena.run({ resource: 'contact', operation: 'get', contact: byId(MARIA_ID) });

		expect(error).toBeUndefined();
		const [request] = helena.apiRequests();
		expect(request.method).toBe('GET');
		expect(request.path).toBe(`/core/v1/contact/${MARIA_ID}`);
		expect(request.query).toEqual({ IncludeDetails: 'Tags' });
		expect(request.body).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([
			{
				id: MARIA_ID,
				name: 'Maria Silva',
				phoneNumber: '+55|11999999999',
				email: 'maria.silva@example.com',
				instagram: 'maria.silva',
				status: 'ACTIVE',
				tagNames: ['Cliente', 'VIP'],
				updatedAt: expect.any(String),
			},
		]);
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	test('by phone +55|11999999999, raw, with every detail: the phone is URL-encoded in the path', async () => {
		const { items, error } = await helena.run({
			resource: 'contact',
			operation: 'get',
			contact: byPhone('+55|11999999999'),
			simple: false,
			options: { includeDetails: ['Tags', 'CustomFields', 'Portfolios'] },
		});

		expect(error).toBeUndefined();
		const [request] = helena.apiRequests();
		expect(request.method).toBe('GET');
		expect(request.path).toBe('/core/v1/contact/phonenumber/%2B55%7C11999999999');
		expect(request.query).toEqual({ IncludeDetails: ['Tags', 'CustomFields', 'Portfolios'] });
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			id: MARIA_ID,
			name: 'Maria Silva',
			tagNames: ['Cliente', 'VIP'],
			customFields: { cpf: '123.456.789-09', plano: 'Pro', pontos: 120, aceita_marketing: true },
			portfolioNames: ['Carteira Sul'],
			metadata: { crmId: 'CRM-0001' },
			companyId: demo.companyId,
		});
	});

	test('raw without details sends no query', async () => {
		const { items } = await helena.run({
			resource: 'contact',
			operation: 'get',
			contact: byId(MARIA_ID),
			simple: false,
		});

		expect(helena.apiRequests()[0].query).toEqual({});
		expect(items[0].json).toMatchObject({ id: MARIA_ID, tagNames: null, customFields: null });
	});

	test('one request per input item, each output paired to its item', async () => {
		const { items } = await helena.run(
			{ resource: 'contact', operation: 'get', contact: byPhone('={{ $json.phone }}') },
			{ items: [{ phone: demo.contactPhone(2) }, { phone: demo.contactPhone(3) }] },
		);

		expect(helena.apiRequests().map((request) => request.decodedPath)).toEqual([
			`/core/v1/contact/phonenumber/${demo.contactPhone(2)}`,
			`/core/v1/contact/phonenumber/${demo.contactPhone(3)}`,
		]);
		expect(items.map((item) => [item.json.name, item.pairedItem])).toEqual([
			['João Santos', { item: 0 }],
			['Ana Oliveira', { item: 1 }],
		]);
	});

	test('a contact that does not exist gives an error that says so', async () => {
		const missing = '00000000-0000-4000-8000-000000000000';
		const byIdRun = await helena.run({ resource: 'contact', operation: 'get', contact: byId(missing) });
		const byPhoneRun = await helena.run({
			resource: 'contact',
			operation: 'get',
			contact: byPhone('+55|11000000000'),
		});

		expect(byIdRun.error?.message).toBe(`No contact with the ID "${missing}" exists in Helena`);
		expect(byIdRun.error?.description).toContain('Contato não encontrado');
		expect(byPhoneRun.error?.message).toBe('No contact with the phone number "+55|11000000000" exists in Helena');
		// "not found" is not retried
		expect(helena.apiRequests()).toHaveLength(2);
	});

	test('n8n itself refuses a typed ID that is not a UUID (the locator validation)', async () => {
		await expect(helena.run({ resource: 'contact', operation: 'get', contact: byId('12345') })).rejects.toThrow('The workflow has issues');
		expect(helena.apiRequests()).toHaveLength(0);
	});

	test('an ID from an expression that is not a UUID, or an empty phone, is refused before any request', async () => {
		const badId = await helena.run(
			{ resource: 'contact', operation: 'get', contact: byId('={{ $json.id }}') },
			{ items: [{ id: '12345' }] },
		);
		const noPhone = await helena.run(
			{ resource: 'contact', operation: 'get', contact: byPhone('={{ $json.phone }}') },
			{ items: [{ phone: ' ' }] },
		);

		expect(badId.error?.message).toBe('Contact must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, not "12345" (item 0)');
		expect(noPhone.error?.message).toBe('Contact needs a phone number (item 0)');
		expect(helena.apiRequests()).toHaveLength(0);
	});

	test('under Continue On Fail a missing contact becomes an error item, the others succeed', async () => {
		const { items, error } = await helena.run(
			{ resource: 'contact', operation: 'get', contact: byId('={{ $json.id }}') },
			{ items: [{ id: MARIA_ID }, { id: '00000000-0000-4000-8000-000000000000' }], continueOnFail: true },
		);

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.name ?? item.json.error)).toEqual([
			'Maria Silva',
			'No contact with the ID "00000000-0000-4000-8000-000000000000" exists in Helena',
		]);
		expect(items[1].pairedItem).toEqual({ item: 1 });
	});
});
