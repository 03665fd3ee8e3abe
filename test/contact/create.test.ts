import { useSandbox } from '../engine/sandbox';

import { demo } from '../sandbox';

const create = { resource: 'contact', operation: 'create' };

describe('Contact > Create', () => {
	const helena = useSandbox();
	beforeEach(() => {
		helena.sandbox.reset('demo');
		helena.sandbox.clearRequests();
	});

	test('every body field; custom fields picked by name are sent by key with their type', async () => {
		const sequenceId = '5d1c7e52-3b8a-4f0e-9a57-2a0f1f6c9b11';
		const { items, error } = await helena.run({
			...create,
			name: 'Carlos Souza',
			phoneNumber: '+55|21987654321',
			additionalFields: {
				email: 'carlos@example.com',
				instagram: 'carlos.souza',
				annotation: 'Met at the fair',
				tagNames: 'VIP, Feira 2026',
				portfolioNames: 'Carteira Norte',
				sequenceIds: sequenceId,
				customFieldsUi: {
					field: [
						{ key: 'plano', value: 'Pro' },
						{ key: 'pontos', value: '250' },
						{ key: 'aceita_marketing', value: 'true' },
						{ key: 'interesses', value: 'Promoções, Eventos' },
						{ key: 'ticket_medio', value: '99.9' },
					],
				},
				customFieldsJson: '{"cpf": "111.222.333-44"}',
				metadataUi: { entry: [{ key: 'crmId', value: 'CRM-0100' }] },
			},
		});

		expect(error).toBeUndefined();
		const requests = helena.apiRequests();
		expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
			'GET /core/v1/contact/custom-field',
			'POST /core/v1/contact',
		]);
		expect(requests[0].query).toEqual({ NestedList: 'false' });
		expect(requests[1].body).toEqual({
			name: 'Carlos Souza',
			phoneNumber: '+55|21987654321',
			email: 'carlos@example.com',
			instagram: 'carlos.souza',
			annotation: 'Met at the fair',
			tagNames: ['VIP', 'Feira 2026'],
			portfolioNames: ['Carteira Norte'],
			sequenceIds: [sequenceId],
			customFields: {
				plano: 'Pro',
				pontos: 250,
				aceita_marketing: true,
				interesses: ['Promoções', 'Eventos'],
				ticket_medio: 99.9,
				cpf: '111.222.333-44',
			},
			metadata: { crmId: 'CRM-0100' },
		});
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			name: 'Carlos Souza',
			phoneNumber: '+55|21987654321',
			tagNames: ['VIP', 'Feira 2026'],
			portfolioNames: ['Carteira Norte'],
			customFields: { plano: 'Pro', pontos: 250, aceita_marketing: true, interesses: ['Promoções', 'Eventos'] },
			metadata: { crmId: 'CRM-0100' },
		});
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	test('tag and portfolio IDs; without custom fields no definitions are read', async () => {
		const { items, error } = await helena.run({
			...create,
			name: 'Bea',
			additionalFields: {
				email: 'bea@example.com',
				tagIds: `${demo.tagId('VIP')}, ${demo.tagId('Lead')}`,
				portfolioIds: demo.portfolioId('Carteira Sul'),
			},
		});

		expect(error).toBeUndefined();
		expect(helena.apiRequests()).toHaveLength(1);
		expect(helena.apiRequests()[0].body).toEqual({
			name: 'Bea',
			email: 'bea@example.com',
			tagIds: [demo.tagId('VIP'), demo.tagId('Lead')],
			portfolioIds: [demo.portfolioId('Carteira Sul')],
		});
		expect(items[0].json.tagNames).toEqual(['VIP', 'Lead']);
	});

	test('options upsert, upsert fields, upsert tag operation: an existing phone is updated', async () => {
		const { items, error } = await helena.run({
			...create,
			name: 'Maria S. Silva',
			phoneNumber: '5511999999999',
			additionalFields: { tagNames: 'Newsletter', annotation: 'not applied' },
			options: { upsert: true, upsertFields: ['Name', 'Tags'], upsertTagOperation: 'INSERTIFNOTEXISTS' },
		});

		expect(error).toBeUndefined();
		expect(helena.apiRequests()[0].body).toEqual({
			name: 'Maria S. Silva',
			phoneNumber: '5511999999999',
			annotation: 'not applied',
			tagNames: ['Newsletter'],
			options: { upsert: true, upsertFields: ['Name', 'Tags'], upsertTagOperation: 'INSERTIFNOTEXISTS' },
		});
		expect(items[0].json).toMatchObject({
			id: demo.contactId(1),
			name: 'Maria S. Silva',
			annotation: null,
			tagNames: ['Cliente', 'VIP', 'Newsletter'],
		});
	});

	test('get-if-exists returns the existing contact unchanged', async () => {
		const { items } = await helena.run({
			...create,
			name: 'Someone Else',
			phoneNumber: '+55|11999999999',
			options: { getIfExists: true },
		});

		expect(helena.apiRequests()[0].body).toEqual({
			name: 'Someone Else',
			phoneNumber: '+55|11999999999',
			options: { getIfExists: true },
		});
		expect(items[0].json).toMatchObject({ id: demo.contactId(1), name: 'Maria Silva' });
	});

	test('a contact that exists, without upsert, is Helena refusing it', async () => {
		const { error } = await helena.run({ ...create, phoneNumber: '+55|11999999999' });

		expect(error?.message).toBe('Helena rejected the request: Contato já existe');
	});

	test('a plain create answered 503 is not repeated; an upsert create is', async () => {
		helena.sandbox.failNext(1, { status: 503, method: 'POST' });
		const plain = await helena.run({ ...create, name: 'Once Only' });
		const plainStatuses = helena.apiRequests().map((request) => request.status);
		helena.sandbox.clearRequests();

		helena.sandbox.failNext(1, { status: 503, method: 'POST' });
		// Helena finds the contact again by its phone number (one with only a name is not repeated: notRepeated.test.ts)
		const upsert = await helena.run({ ...create, name: 'Twice Is Fine', phoneNumber: '+55|11955557777', options: { upsert: true } });

		expect(plainStatuses).toEqual([503]);
		expect(plain.error?.description).toContain('it was not repeated automatically');
		expect(helena.apiRequests().map((request) => request.status)).toEqual([503, 200]);
		expect(upsert.error).toBeUndefined();
	});

	test('nothing to create from, an unknown custom field, or a value of the wrong type is refused', async () => {
		const nothing = await helena.run({ ...create, additionalFields: { annotation: 'only a note' } });
		const unknownKey = await helena.run({
			...create,
			name: 'X',
			additionalFields: { customFieldsUi: { field: [{ key: '={{ "shoe_size" }}', value: '42' }] } },
		});
		const wrongType = await helena.run({
			...create,
			name: 'X',
			additionalFields: { customFieldsUi: { field: [{ key: 'pontos', value: 'many' }] } },
		});
		const tooLong = await helena.run({ ...create, name: 'x'.repeat(256) });

		expect(nothing.error?.message).toBe('Contact needs at least one of Name, Phone Number, Email or Instagram (item 0)');
		expect(unknownKey.error?.message).toBe(
			'Custom Fields has "shoe_size", which is not the key of a contact custom field in Helena (item 0)',
		);
		expect(unknownKey.error?.description).toContain('plano');
		expect(wrongType.error?.message).toBe('Custom Fields: "Pontos" needs a whole number, not "many" (item 0)');
		expect(tooLong.error?.message).toBe('Name must be at most 255 characters long; it has 256 (item 0)');
		// only the custom field definitions were read; nothing was created
		expect(helena.apiRequests().filter((request) => request.method === 'POST')).toHaveLength(0);
	});
});
