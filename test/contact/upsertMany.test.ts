import type { IDataObject } from 'n8n-workflow';

import type { LoggedRequest } from '../engine/sandbox';
import { useSandbox } from '../engine/sandbox';

import { demo } from '../sandbox';

const upsertMany = { resource: 'contact', operation: 'upsertMany' };
const phoneOf = (n: number) => `+55|2190000${String(n).padStart(4, '0')}`;
const people = (count: number) => Array.from({ length: count }, (_, n) => ({ name: `Pessoa ${n}`, phoneNumber: phoneOf(n) }));
const batchRequests = (requests: LoggedRequest[]) =>
	requests.filter((request) => request.method === 'POST' && request.path === '/core/v2/contact/batch');

describe('Contact > Create or Update Many (Batch)', () => {
	const helena = useSandbox();
	beforeEach(() => {
		helena.sandbox.reset('demo');
		helena.sandbox.clearRequests();
	});

	test("each item's JSON is one contact; read-only keys from a Get are dropped; output paired by position", async () => {
		const { items, error } = await helena.run(upsertMany, {
			items: [
				{ name: 'Novo Cliente', phoneNumber: 5521988887777, tagNames: 'Lead, Feira', email: '' },
				{
					id: demo.contactId(1),
					createdAt: '2026-01-05T12:37:00.000Z',
					phoneNumberFormatted: '+55 11 99999-9999',
					status: 'ACTIVE',
					name: 'Maria Silva Atualizada',
					phoneNumber: '+55|11999999999',
					customFields: { pontos: 500 },
					metadata: { origem: 'planilha' },
				},
				{ Email: 'so.email@example.com', TagIds: [demo.tagId('VIP')] },
			],
		});

		expect(error).toBeUndefined();
		const requests = helena.apiRequests();
		// the custom field definitions are read once, to check the values before anything is sent
		expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
			'GET /core/v1/contact/custom-field',
			'POST /core/v2/contact/batch',
		]);
		expect(requests[1].body).toEqual({
			items: [
				{ name: 'Novo Cliente', phoneNumber: '5521988887777', tagNames: ['Lead', 'Feira'] },
				{
					name: 'Maria Silva Atualizada',
					phoneNumber: '+55|11999999999',
					customFields: { pontos: 500 },
					metadata: { origem: 'planilha' },
				},
				{ email: 'so.email@example.com', tagIds: [demo.tagId('VIP')] },
			],
		});
		expect(items.map((item) => [item.json.name ?? item.json.email, item.pairedItem])).toEqual([
			['Novo Cliente', { item: 0 }],
			['Maria Silva Atualizada', { item: 1 }],
			['so.email@example.com', { item: 2 }],
		]);
		expect(items[1].json).toMatchObject({ id: demo.contactId(1), customFields: { pontos: 500 } });
	});

	test('shared options go once per request', async () => {
		await helena.run(
			{
				...upsertMany,
				options: { upsertFields: ['Tags'], upsertTagOperation: 'INSERTIFNOTEXISTS', getIfExists: false },
			},
			{ items: [{ phoneNumber: '+55|11999999999', tagNames: ['Lead'] }] },
		);

		expect(helena.apiRequests()[0].body).toEqual({
			items: [{ phoneNumber: '+55|11999999999', tagNames: ['Lead'] }],
			options: { getIfExists: false, upsertFields: ['Tags'], upsertTagOperation: 'INSERTIFNOTEXISTS' },
		});
		expect(helena.sandbox.state.contacts.get(demo.contactId(1)).tagIds).toHaveLength(3);
	});

	test('250 input items: 3 batch requests (100, 100, 50) and 250 output items paired to their input', async () => {
		const input = people(250);

		const { items, error } = await helena.run(upsertMany, { items: input });

		expect(error).toBeUndefined();
		const batches = batchRequests(helena.apiRequests());
		expect(batches.map((request) => request.body.items.length).sort((a: number, b: number) => b - a)).toEqual([100, 100, 50]);
		expect(items).toHaveLength(250);
		items.forEach((item, index) => {
			expect(item.pairedItem).toEqual({ item: index });
			expect(item.json.phoneNumber).toBe(input[index].phoneNumber);
		});
		expect(helena.sandbox.state.contacts.size).toBe(20 + 250);
	});

	test('Define Below maps fields per item with expressions', async () => {
		const { items, error } = await helena.run(
			{
				...upsertMany,
				dataMode: 'defineBelow',
				name: '={{ $json.fullName }}',
				phoneNumber: '={{ $json.tel }}',
				additionalFields: {
					tagNames: '={{ $json.tags }}',
					customFieldsUi: { field: [{ key: 'pontos', value: '={{ $json.points }}' }] },
					metadataUi: { entry: [{ key: 'row', value: '={{ $itemIndex }}' }] },
				},
			},
			{
				items: [
					{ fullName: 'Ana', tel: '+55|31911112222', tags: ['VIP'], points: '10' },
					{ fullName: 'Rui', tel: '+55|31933334444', tags: 'Lead', points: 7 },
				],
			},
		);

		expect(error).toBeUndefined();
		const requests = helena.apiRequests();
		expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
			'GET /core/v1/contact/custom-field',
			'POST /core/v2/contact/batch',
		]);
		expect(requests[1].body).toEqual({
			items: [
				{ name: 'Ana', phoneNumber: '+55|31911112222', tagNames: ['VIP'], customFields: { pontos: 10 }, metadata: { row: 0 } },
				{ name: 'Rui', phoneNumber: '+55|31933334444', tagNames: ['Lead'], customFields: { pontos: 7 }, metadata: { row: 1 } },
			],
		});
		expect(items.map((item) => [item.json.name, item.pairedItem])).toEqual([
			['Ana', { item: 0 }],
			['Rui', { item: 1 }],
		]);
	});

	test('unknown keys are an error that names them, before any request', async () => {
		const { error } = await helena.run(upsertMany, {
			items: [{ name: 'ok' }, { name: 'Bad', phone: '123', cidade: 'Recife' }],
		});

		expect(error?.message).toBe('Input item has keys Helena does not know: "phone", "cidade" (item 1)');
		expect(error?.description).toContain('phoneNumber');
		expect(helena.apiRequests()).toHaveLength(0);
	});

	test('an item with nothing to match by is refused; under Continue On Fail the others are saved', async () => {
		const { items, error } = await helena.run(upsertMany, {
			items: [{ name: 'Um' }, { annotation: 'only a note' }, { name: 'Três' }],
			continueOnFail: true,
		});

		expect(error).toBeUndefined();
		expect(batchRequests(helena.apiRequests())[0].body.items).toEqual([{ name: 'Um' }, { name: 'Três' }]);
		expect(items.map((item) => [item.json.name ?? item.json.error, item.pairedItem])).toEqual([
			['Um', { item: 0 }],
			[
				'Input item has none of name, phoneNumber, email or instagram, so Helena can neither create nor match the contact (item 1)',
				{ item: 1 },
			],
			['Três', { item: 2 }],
		]);
	});

	test('under Continue On Fail only the failed chunk carries the error, on each of its items', async () => {
		const input: IDataObject[] = people(250);
		// a tag ID Helena does not have makes Helena refuse the whole batch holding item 150
		input[150] = { ...input[150], tagIds: ['7d444840-9dc0-11d1-b245-5ffdce74fad2'] };

		const { items, error } = await helena.run(upsertMany, { items: input, continueOnFail: true });

		expect(error).toBeUndefined();
		expect(batchRequests(helena.apiRequests())).toHaveLength(3);
		expect(items).toHaveLength(250);
		items.forEach((item, index) => expect(item.pairedItem).toEqual({ item: index }));
		const failed = items.flatMap((item, index) => (item.json.error ? [index] : []));
		expect(failed).toEqual(Array.from({ length: 100 }, (_, n) => 100 + n));
		expect(items[120].json.error).toBe('The requested record was not found in Helena');
		expect(items[120].json.description).toContain('Helena says: "Etiqueta não encontrada: 7d444840');
		expect(items[120].json.description).toContain('The request held items 100 to 199.');
		expect(items[99].json.phoneNumber).toBe(phoneOf(99));
		expect(items[200].json.phoneNumber).toBe(phoneOf(200));
	});

	test('without Continue On Fail the error names the first item of the failed chunk', async () => {
		const input: IDataObject[] = people(250);
		input[150] = { ...input[150], tagIds: ['7d444840-9dc0-11d1-b245-5ffdce74fad2'] };

		const { error } = await helena.run(upsertMany, { items: input });

		expect(error?.message).toBe('The requested record was not found in Helena');
		expect(error?.description).toContain('Etiqueta não encontrada');
		expect(error?.description).toContain('The request held items 100 to 199.');
		expect((error as unknown as { context: { itemIndex: number } }).context.itemIndex).toBe(100);
	});

	test('a batch answered 503 is repeated (a batch always upserts)', async () => {
		helena.sandbox.failNext(1, { status: 503, method: 'POST' });

		const { items, error } = await helena.run(upsertMany, { items: people(2) });

		expect(error).toBeUndefined();
		expect(helena.apiRequests().map((request) => request.status)).toEqual([503, 200]);
		expect(items).toHaveLength(2);
	});
});
