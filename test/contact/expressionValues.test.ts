import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useSandbox } from '../engine/sandbox';
import { byId, byPhone } from '../helpers/requests';
import { expectRefused, fromItem as v, sentWith } from '../helpers/refused';

import { demo } from '../sandbox';

/*
 * Values of the wrong type from expressions (issue #20 class 1), path values (#14 class 1) and custom
 * field values (#20 class 2): converted when unambiguous, otherwise refused with field and item named
 * before any request.
 */
describe('Contact: expression values are converted when unambiguous and refused otherwise', () => {
	const helena = useSandbox();
	beforeEach(() => {
		helena.sandbox.reset('demo');
		helena.sandbox.clearRequests();
	});
	const get = { resource: 'contact', operation: 'get', simple: false };
	const update = { resource: 'contact', operation: 'update', contact: byId(demo.contactId(1)) };
	const create = { resource: 'contact', operation: 'create', name: 'Lia' };
	const getAll = { resource: 'contact', operation: 'getAll' };
	const search = { resource: 'contact', operation: 'search' };

	// the Phone mode reads a phone number as every phone field does (test/reliability/phoneNumbers.test.ts): a dot
	// segment, a broken character or 20,000 digits is no phone number, refused before the path is built
	describe('values that go into a path (Get, Update, Tags by phone)', () => {
		const phoneCases: Array<[string, IDataObject[string], string]> = [
			['..', '..', 'Contact must be a phone number with country code (10 to 15 digits), not ".." (item 0)'],
			['.', '.', 'Contact must be a phone number with country code (10 to 15 digits), not "." (item 0)'],
			['%2e%2E', '%2e%2E', 'Contact must be a phone number with country code (10 to 15 digits), not "%2e%2E" (item 0)'],
			['.%2e', '.%2e', 'Contact must be a phone number with country code (10 to 15 digits), not ".%2e" (item 0)'],
			[
				'%252e%252e (encoded twice)',
				'%252e%252e',
				'Contact must be a phone number with country code (10 to 15 digits), not "%252e%252e" (item 0)',
			],
			['an object', { n: 1 }, 'Contact must be text, not an object (item 0)'],
			['a list', ['5511', '9999'], 'Contact must be text, not a list (item 0)'],
			['true', true, 'Contact must be text, not the boolean true (item 0)'],
			['1e21', 1e21, 'Contact must be text; the number 1e+21 has no unambiguous text form (item 0)'],
			['a lone surrogate', '5511\uD800', 'Contact must be a phone number with country code (10 to 15 digits), not "5511\uD800" (item 0)'],
			[
				'20,000 characters',
				'5'.repeat(20000),
				'Contact must be a phone number with country code (10 to 15 digits), not a text of 20000 characters (item 0)',
			],
			['a control character', '5511\n999', 'Contact contains a control character (item 0)'],
		];
		test.each(phoneCases)('a phone of %s is refused by Get, Update and Change Tags', async (_name, value, message) => {
			await expectRefused(helena, { ...get, contact: byPhone(v) }, [{ v: value }], message);
			await expectRefused(helena, { ...update, contact: byPhone(v), updateFields: { name: 'X' } }, [{ v: value }], message);
			await expectRefused(
				helena,
				{ resource: 'contact', operation: 'updateTags', contact: byPhone(v), tagNames: 'VIP' },
				[{ v: value }],
				message,
			);
		});

		test('an option from an expression is read against its list for each item: the second item’s Action is refused and nothing is sent for the first', async () => {
			await expectRefused(
				helena,
				{ resource: 'contact', operation: 'updateTags', contact: byId(demo.contactId(1)), tagNames: 'VIP', tagsOperation: v },
				[{ v: 'InsertIfNotExists' }, { v: 'Explode' }],
				'Action must be one of InsertIfNotExists, ExcluiIfExists, ReplaceAll, not "Explode" (item 1)',
			);
		});

		test('a phone given as a number is converted to text and sent URL-encoded; a phone with + and | is encoded too', async () => {
			const digits = await sentWith(helena, { ...get, contact: byPhone(v) }, [{ v: 5511999999999 }]);
			expect(`${digits.method} ${digits.path}`).toBe('GET /core/v1/contact/phonenumber/5511999999999');
			const stored = await sentWith(helena, { ...get, contact: byPhone(v) }, [{ v: ' +55|11999999999 ' }]);
			expect(stored.path).toBe('/core/v1/contact/phonenumber/+55|11999999999');
			expect(helena.apiRequests()[0].path).toBe('/core/v1/contact/phonenumber/%2B55%7C11999999999');
		});

		test('a contact ID given as an object or a number is refused as not a UUID', async () => {
			await expectRefused(
				helena,
				{ ...get, contact: byId(v) },
				[{ v: { id: demo.contactId(1) } }],
				'Contact must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, not an object (item 0)',
			);
			await expectRefused(
				helena,
				{ ...get, contact: byId(v) },
				[{ v: 42 }],
				'Contact must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, not number 42 (item 0)',
			);
		});

		test('a failed request names the path it was sent to', async () => {
			const { error } = await helena.run({ ...get, contact: byPhone('+55|11000000000') });
			expect(error?.message).toBe('No contact with the phone number "+55|11000000000" exists in Helena');
			expect(error?.description).toContain('Request: GET /core/v1/contact/phonenumber/%2B55%7C11000000000.');
		});
	});

	describe('booleans, numbers and options', () => {
		test('Return All "false" returns the limit, "true" returns all; Limit "3" is 3; Limit true, "many" and 0 are refused', async () => {
			const limited = await helena.run({ ...getAll, returnAll: v, limit: 2 }, { items: [{ v: 'false' }] });
			expect(limited.error).toBeUndefined();
			expect(limited.items).toHaveLength(2);
			const all = await helena.run({ ...getAll, returnAll: v }, { items: [{ v: 'TRUE' }] });
			expect(all.items.length).toBeGreaterThan(2);
			const three = await helena.run({ ...getAll, limit: v }, { items: [{ v: '3' }] });
			expect(three.items).toHaveLength(3);

			await expectRefused(helena, { ...getAll, limit: v }, [{ v: true }], 'Limit must be a number, not the boolean true (item 0)');
			await expectRefused(
				helena,
				{ ...search, limit: v },
				[{ v: 'many' }],
				'Limit must be a whole number of at least 1, not many (item 0)',
			);
			await expectRefused(
				helena,
				{ ...getAll, returnAll: v },
				[{ v: 'yes' }],
				'Return All must be true or false, not string "yes" (item 0)',
			);
			await expectRefused(helena, { ...getAll, returnAll: v }, [{ v: 1 }], 'Return All must be true or false, not number 1 (item 0)');
			await expectRefused(
				helena,
				{ ...get, contact: byId(demo.contactId(1)), simple: v },
				[{ v: {} }],
				'Simplify must be true or false, not an object (item 0)',
			);
		});

		test('Upsert "true" sends upsert: true; Get If Exists "false" sends false; "sim" is refused', async () => {
			const upsert = await sentWith(
				helena,
				{ ...create, phoneNumber: '+55|11999999999', options: { upsert: v, getIfExists: '={{ "false" }}' } },
				[{ v: 'true' }],
			);
			expect(upsert.body.options).toEqual({ upsert: true, getIfExists: false });
			await expectRefused(
				helena,
				{ ...create, options: { upsert: v } },
				[{ v: 'sim' }],
				'Upsert must be true or false, not string "sim" (item 0)',
			);
		});

		test('option values outside the list are refused; a value in another letter case is the same option', async () => {
			await expectRefused(
				helena,
				{ ...update, updateFields: { status: v } },
				[{ v: 'DELETED' }],
				'Status must be one of ACTIVE, ARCHIVED, BLOCKED, not "DELETED" (item 0)',
			);
			await expectRefused(
				helena,
				{ ...getAll, filters: { status: v } },
				[{ v: 'GONE' }],
				'Status must be one of ACTIVE, ARCHIVED, BLOCKED, not "GONE" (item 0)',
			);
			await expectRefused(
				helena,
				{ ...search, filters: { origin: v } },
				[{ v: 'SPAM' }],
				'Origin must be one of CREATED_BY_USER, CREATED_FROM_HUB, IMPORTED, not "SPAM" (item 0)',
			);
			await expectRefused(
				helena,
				{ ...getAll, options: { orderBy: v } },
				[{ v: { field: 'name' } }],
				'Order By must be text, not an object (item 0)',
			);
			await expectRefused(
				helena,
				{ ...search, options: { orderBy: v } },
				[{ v: 'name; drop' }],
				'Order By must be the name of a contact field, such as createdAt, not "name; drop" (item 0)',
			);
			await expectRefused(
				helena,
				{ ...getAll, options: { orderDirection: v } },
				[{ v: 'UP' }],
				'Order Direction must be one of ASCENDING, DESCENDING, not "UP" (item 0)',
			);
			await expectRefused(
				helena,
				{ ...getAll, options: { includeDetails: v } },
				[{ v: ['Tags', 'Secrets'] }],
				'Include Details must be one of CustomFields, Portfolios, Tags, not "Secrets" (item 0)',
			);
			await expectRefused(
				helena,
				{ ...update, updateFields: { status: v } },
				[{ v: { status: 'ACTIVE' } }],
				'Status must be one of ACTIVE, ARCHIVED, BLOCKED, not {"status":"ACTIVE"} (item 0)',
			);
			await expectRefused(
				helena,
				{ ...update, updateFields: { tagNames: 'VIP' }, options: { tagsOperation: v } },
				[{ v: 'Nuke' }],
				'Tag Operation must be one of InsertIfNotExists, DeleteIfExists, ReplaceAll, not "Nuke" (item 0)',
			);
			await expectRefused(
				helena,
				{ ...create, options: { upsertTagOperation: v } },
				[{ v: 'MERGE' }],
				'Upsert Tag Operation must be one of INSERTIFNOTEXISTS, DELETEIFEXISTS, REPLACEALL, not "MERGE" (item 0)',
			);

			const archived = await sentWith(helena, { ...update, updateFields: { status: v } }, [{ v: 'archived' }]);
			expect(archived.body).toEqual({ fields: ['Status'], status: 'ARCHIVED' });
		});
	});

	describe('text', () => {
		test('an object, a list or a boolean in a text field is refused, never sent as "[object Object]"', async () => {
			await expectRefused(
				helena,
				{ ...search, textFilter: v },
				[{ v: { q: 'maria' } }],
				'Search Text must be text, not an object (item 0)',
			);
			await expectRefused(helena, { ...create, name: v }, [{ v: ['Lia'] }], 'Name must be text, not a list (item 0)');
			await expectRefused(
				helena,
				{ ...update, updateFields: { email: v } },
				[{ v: false }],
				'Email must be text, not the boolean false (item 0)',
			);
			await expectRefused(
				helena,
				{ ...update, updateFields: { annotation: v } },
				[{ v: { note: 1 } }],
				'Annotation must be text, not an object (item 0)',
			);
			await expectRefused(helena, { ...search, filters: { name: v } }, [{ v: { n: 'a' } }], 'Name must be text, not an object (item 0)');
		});

		test('a number in Search Text becomes its text', async () => {
			const sent = await sentWith(helena, { ...search, textFilter: v }, [{ v: 9999 }]);
			expect(sent.body).toMatchObject({ textFilter: '9999' });
		});
	});

	describe('dates', () => {
		const bad: Array<[string, IDataObject[string]]> = [
			['"March 7"', 'March 7'],
			['"01/02/2024" (day or month first?)', '01/02/2024'],
			['"2024-02-30"', '2024-02-30'],
			['"2024-13-01"', '2024-13-01'],
			['"2024-01-01T25:00:00Z"', '2024-01-01T25:00:00Z'],
			['a number', 1704067200000],
			['an object', { date: '2024-01-01' }],
			['true', true],
		];
		test.each(bad)('%s is refused by Get Many and Search', async (_name, value) => {
			const shown = typeof value === 'string' ? `"${value}"` : JSON.stringify(value);
			const message = `Created After is not an ISO 8601 date such as 2024-03-07 or 2024-03-07T14:30:00Z: ${shown} (item 0)`;
			await expectRefused(helena, { ...getAll, filters: { createdAfter: v } }, [{ v: value }], message);
			await expectRefused(helena, { ...search, filters: { createdAfter: v } }, [{ v: value }], message);
		});

		test('ISO dates with or without offset and a Luxon DateTime are sent as ISO date-times; a day alone is its start in UTC', async () => {
			const day = await sentWith(helena, { ...getAll, filters: { createdAfter: v, updatedBefore: '2024-02-29T10:00:00-03:00' } }, [
				{ v: '2024-01-31' },
			]);
			expect(day.query).toMatchObject({ 'CreatedAt.After': '2024-01-31T00:00:00Z', 'UpdatedAt.Before': '2024-02-29T10:00:00-03:00' });
			const luxon = await sentWith(helena, {
				...search,
				filters: { createdBefore: '={{ DateTime.fromISO("2024-03-07T14:30:00Z", { zone: "utc" }) }}' },
			});
			expect(luxon.body).toMatchObject({ createdAt: { before: '2024-03-07T14:30:00.000Z' } });
		});
	});

	describe('lists', () => {
		test('a tag name that is an object is refused in Create, Update, Change Tags and Search; repeated tags go once', async () => {
			await expectRefused(
				helena,
				{ ...create, additionalFields: { tagNames: v } },
				[{ v: [{ name: 'VIP' }] }],
				'Tag Names entry 1 must be text, not an object (item 0)',
			);
			await expectRefused(
				helena,
				{ ...update, updateFields: { tagNames: v } },
				[{ v: ['VIP', null, ['x']] }],
				'Tag Names entry 3 must be text, not a list (item 0)',
			);
			await expectRefused(
				helena,
				{ resource: 'contact', operation: 'updateTags', contact: byId(demo.contactId(1)), tagNames: v },
				[{ v: { name: 'VIP' } }],
				'Tag Names must be a list or comma-separated text, not an object (item 0)',
			);
			await expectRefused(
				helena,
				{ ...search, filters: { tagNames: v } },
				[{ v: [{}] }],
				'Tag Names entry 1 must be text, not an object (item 0)',
			);

			const sent = await sentWith(helena, { ...update, updateFields: { tagNames: v, tagIds: '' } }, [{ v: ['VIP', 'VIP', ' Lead '] }]);
			expect(sent.body.tagNames).toEqual(['VIP', 'Lead']);
		});
	});

	describe('custom fields and metadata against the field definitions', () => {
		const definitionsRead = ['GET /core/v1/contact/custom-field'];
		const refusedValues: Array<[string, INodeParameters, IDataObject[string], string]> = [
			[
				'DATE "31/12/1990"',
				{ customFieldsJson: v },
				{ data_nascimento: '31/12/1990' },
				'Custom Fields: "Data de nascimento" is not an ISO 8601 date such as 2024-03-07 or 2024-03-07T14:30:00Z: "31/12/1990" (item 0)',
			],
			[
				'DATE "2023-02-29"',
				{ customFieldsJson: v },
				{ data_nascimento: '2023-02-29' },
				'Custom Fields: "Data de nascimento" is not an ISO 8601 date such as 2024-03-07 or 2024-03-07T14:30:00Z: "2023-02-29" (item 0)',
			],
			['SINGLESELECT not an option', { customFieldsJson: v }, { plano: 'Gold' }, 'Custom Fields: "Plano" has no option "Gold" (item 0)'],
			[
				'MULTISELECT with an unknown option',
				{ customFieldsJson: v },
				{ interesses: ['Eventos', 'Futebol'] },
				'Custom Fields: "Interesses" has no option "Futebol" (item 0)',
			],
			['INTEGER 12.5', { customFieldsJson: v }, { pontos: 12.5 }, 'Custom Fields: "Pontos" needs a whole number, not 12.5 (item 0)'],
			['INTEGER "abc"', { customFieldsJson: v }, { pontos: 'abc' }, 'Custom Fields: "Pontos" needs a whole number, not "abc" (item 0)'],
			['INTEGER true', { customFieldsJson: v }, { pontos: true }, 'Custom Fields: "Pontos" needs a whole number, not true (item 0)'],
			['FLOAT "1,5"', { customFieldsJson: v }, { ticket_medio: '1,5' }, 'Custom Fields: "Ticket médio" needs a number, not "1,5" (item 0)'],
			[
				'BOOLEAN 0',
				{ customFieldsJson: v },
				{ aceita_marketing: 0 },
				'Custom Fields: "Aceita marketing" needs true or false, not 0 (item 0)',
			],
			[
				'BOOLEAN "yes"',
				{ customFieldsJson: v },
				{ aceita_marketing: 'yes' },
				'Custom Fields: "Aceita marketing" needs true or false, not "yes" (item 0)',
			],
			[
				'an object for a STRING field',
				{ customFieldsJson: v },
				{ cpf: { n: '1' } },
				'Custom Fields: "CPF" must be text, not an object (item 0)',
			],
			[
				'an unknown key in the JSON form',
				{ customFieldsJson: v },
				{ shoe_size: 42 },
				'Custom Fields (JSON) has "shoe_size", which is not the key of a contact custom field in Helena (item 0)',
			],
		];
		test.each(refusedValues)(
			'%s is refused (Update and Create) after reading the definitions only',
			async (_name, fields, value, message) => {
				await expectRefused(helena, { ...update, updateFields: fields }, [{ v: value }], message, definitionsRead);
				await expectRefused(helena, { ...create, additionalFields: fields }, [{ v: value }], message, definitionsRead);
			},
		);

		test('two rows with the same key are refused (custom fields and metadata)', async () => {
			const twice = {
				field: [
					{ key: 'plano', value: 'Pro' },
					{ key: 'plano', value: 'Básico' },
				],
			};
			await expectRefused(
				helena,
				{ ...update, updateFields: { customFieldsUi: twice } },
				undefined,
				'Custom Fields has the key "plano" twice; Helena would keep only one of the values (item 0)',
			);
			const metadata = {
				entry: [
					{ key: 'origem', value: 'a' },
					{ key: ' origem ', value: 'b' },
				],
			};
			await expectRefused(
				helena,
				{ ...create, additionalFields: { metadataUi: metadata } },
				undefined,
				'Metadata has the key "origem" twice; Helena would keep only one of the values (item 0)',
			);
		});

		test('unambiguous values are converted: ISO date-times to the day, "12" to 12, "true" to true, options to their names', async () => {
			const sent = await sentWith(
				helena,
				{
					...update,
					updateFields: {
						customFieldsJson: v,
						customFieldsUi: {
							field: [
								{ key: 'pontos', value: ' 12 ' },
								{ key: 'aceita_marketing', value: 'TRUE' },
							],
						},
					},
				},
				[
					{
						v: {
							data_nascimento: '1990-12-31T23:00:00-03:00',
							plano: 'pro',
							interesses: 'eventos, Promoções, eventos',
							ticket_medio: '99.9',
							cpf: 12345,
						},
					},
				],
			);
			expect(sent.body.customFields).toEqual({
				pontos: 12,
				aceita_marketing: true,
				data_nascimento: '1990-12-31',
				plano: 'Pro',
				interesses: ['Eventos', 'Promoções'],
				ticket_medio: 99.9,
				cpf: '12345',
			});
			expect(sent.output[0].customFields).toMatchObject({ data_nascimento: '1990-12-31', plano: 'Pro', pontos: 12 });
		});

		test('a Luxon DateTime for a DATE field is its calendar day', async () => {
			const sent = await sentWith(helena, {
				...update,
				updateFields: {
					customFieldsJson: '={{ { data_nascimento: DateTime.fromISO("1985-06-15T08:00:00", { zone: "America/Sao_Paulo" }) } }}',
				},
			});
			expect(sent.body.customFields).toEqual({ data_nascimento: '1985-06-15' });
		});
	});
});
