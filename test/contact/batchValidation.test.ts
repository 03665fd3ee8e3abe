import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useSandbox } from '../engine/sandbox';
import { byId } from '../helpers/requests';
import { expectRefused, fromItem as v, requestLines } from '../helpers/refused';

import { demo } from '../sandbox';

/*
 * One contact validator for Create, Update and both modes of Create or Update Many (issue #14 class 7):
 * a value Create refuses is refused in a batch too, and under Continue On Fail an invalid item fails
 * alone while the valid ones are saved in one request that holds only them.
 */
describe('Contact: one validator for Create, Update and Create or Update Many', () => {
	const helena = useSandbox();
	beforeEach(() => {
		helena.sandbox.reset('demo');
		helena.sandbox.clearRequests();
	});
	const autoMap = { resource: 'contact', operation: 'upsertMany' };
	const defineBelow: INodeParameters = {
		resource: 'contact',
		operation: 'upsertMany',
		dataMode: 'defineBelow',
		name: '={{ $json.name }}',
		phoneNumber: '={{ $json.phoneNumber ?? "" }}',
		additionalFields: { tagNames: '={{ $json.tagNames ?? "" }}' },
	};

	const invalid: Array<[string, IDataObject, string, string]> = [
		['a tag name that is an object', { name: 'Ana', tagNames: [{ name: 'VIP' }] }, 'tagNames', 'entry 1 must be text, not an object'],
		['a name of 300 characters', { name: 'n'.repeat(300) }, 'name', 'must be at most 255 characters long; it has 300'],
		['a phone of 1e21', { name: 'Ana', phoneNumber: 1e21 }, 'phoneNumber', 'must be text; the number 1e+21 has no unambiguous text form'],
		[
			'a phone of letters',
			{ name: 'Ana', phoneNumber: 'call me' },
			'phoneNumber',
			'must be a phone number with country code (10 to 15 digits), not "call me"',
		],
		['a name that is a boolean', { name: true, phoneNumber: '5511988880000' }, 'name', 'must be text, not the boolean true'],
	];

	test.each(invalid)('%s: Create refuses it, and so do both batch modes, before any request', async (_name, item, key, problem) => {
		const label: Record<string, string> = { name: 'Name', phoneNumber: 'Phone Number', tagNames: 'Tag Names' };
		await expectRefused(
			helena,
			{
				resource: 'contact',
				operation: 'create',
				name: '={{ $json.name }}',
				phoneNumber: '={{ $json.phoneNumber ?? "" }}',
				additionalFields: { tagNames: '={{ $json.tagNames ?? "" }}' },
			},
			[item],
			`${label[key]} ${problem} (item 0)`,
		);
		await expectRefused(helena, defineBelow, [{ name: 'Ok' }, item], `${label[key]} ${problem} (item 1)`);
		await expectRefused(helena, autoMap, [{ name: 'Ok' }, item], `Input item key "${key}" ${problem} (item 1)`);
	});

	test('Update refuses the same values', async () => {
		await expectRefused(
			helena,
			{ resource: 'contact', operation: 'update', contact: byId(demo.contactId(1)), updateFields: { tagNames: v } },
			[{ v: [{ name: 'VIP' }] }],
			'Tag Names entry 1 must be text, not an object (item 0)',
		);
		await expectRefused(
			helena,
			{ resource: 'contact', operation: 'update', contact: byId(demo.contactId(1)), updateFields: { phoneNumber: v } },
			[{ v: 1e21 }],
			'Phone Number must be text; the number 1e+21 has no unambiguous text form (item 0)',
		);
	});

	test.each([
		['auto-map', autoMap],
		['define below', defineBelow],
	])(
		'%s under Continue On Fail: invalid items fail alone, the valid ones are saved once in a batch without them',
		async (_mode, parameters) => {
			const items = [
				{ name: 'Valid Um', phoneNumber: '5511911110001' },
				{ name: 'Ana', tagNames: [{ name: 'VIP' }] },
				{ name: 'n'.repeat(300) },
				{ name: 'Valid Dois', phoneNumber: 5511911110002 },
				{ name: 'Ana', phoneNumber: 1e21 },
			];
			const { items: output, error } = await helena.run(parameters as INodeParameters, { items, continueOnFail: true });

			expect(error).toBeUndefined();
			expect(output.map((item) => item.pairedItem)).toEqual([0, 1, 2, 3, 4].map((item) => ({ item })));
			expect(output.map((item) => (item.json.error ? 'error' : item.json.name))).toEqual([
				'Valid Um',
				'error',
				'error',
				'Valid Dois',
				'error',
			]);
			expect(String(output[1].json.error)).toMatch(/ entry 1 must be text, not an object \(item 1\)$/);
			expect(String(output[2].json.error)).toMatch(/ must be at most 255 characters long; it has 300 \(item 2\)$/);
			expect(String(output[4].json.error)).toMatch(/ must be text; the number 1e\+21 has no unambiguous text form \(item 4\)$/);
			expect(requestLines(helena)).toEqual(['POST /core/v2/contact/batch']);
			expect(helena.apiRequests()[0].body).toEqual({
				items: [
					{ name: 'Valid Um', phoneNumber: '5511911110001' },
					{ name: 'Valid Dois', phoneNumber: '5511911110002' },
				],
			});
			expect(helena.apiRequests()[0].status).toBe(200);
		},
	);

	test('auto-map: custom fields in an item are checked against the definitions; metadata must be an object', async () => {
		await expectRefused(
			helena,
			autoMap,
			[{ name: 'Ana', customFields: { pontos: 12.5 } }],
			'Custom Fields: "Pontos" needs a whole number, not 12.5 (item 0)',
			['GET /core/v1/contact/custom-field'],
		);
		await expectRefused(
			helena,
			autoMap,
			[{ name: 'Ana', customFields: { cidade: 'Recife' } }],
			'Input item key "customFields" has "cidade", which is not the key of a contact custom field in Helena (item 0)',
			['GET /core/v1/contact/custom-field'],
		);
		await expectRefused(
			helena,
			autoMap,
			[{ name: 'Ana', metadata: ['a'] }],
			'Input item key "metadata" must be a JSON object such as {"key": "value"} (item 0)',
		);
	});

	test('auto-map: unambiguous custom field values are converted; null still clears a field', async () => {
		const { error } = await helena.run(autoMap, {
			items: [
				{
					name: 'Maria',
					phoneNumber: '+55|11999999999',
					email: null,
					customFields: { pontos: '7', data_nascimento: '1991-01-02T00:00:00Z', plano: 'enterprise' },
				},
			],
		});
		expect(error).toBeUndefined();
		expect(helena.apiRequests().at(-1)?.body).toEqual({
			items: [
				{
					name: 'Maria',
					phoneNumber: '+55|11999999999',
					email: null,
					customFields: { pontos: 7, data_nascimento: '1991-01-02', plano: 'Enterprise' },
				},
			],
		});
	});

	test('auto-map: a key in another letter case is named as the item spells it in an error', async () => {
		await expectRefused(
			helena,
			autoMap,
			[{ Name: 'Ok' }, { NAME: 'Ana', PhoneNumber: 'call me' }],
			'Input item key "PhoneNumber" must be a phone number with country code (10 to 15 digits), not "call me" (item 1)',
		);
		await expectRefused(
			helena,
			autoMap,
			[{ name: 'Ana', TAGIDS: 'VIP' }],
			'Input item key "TAGIDS" must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, not "VIP" (item 0)',
		);
	});

	test('auto-map: items with and without custom fields keep their order, lists lose blanks and repeats, metadata blanks become null', async () => {
		const items = [
			{ name: 'Sem Campos', tagNames: ' lead, newsletter ,lead,, ' },
			{ name: 'Com Campos', customFields: { pontos: '3' }, tagIds: [demo.tagId('VIP'), ` ${demo.tagId('VIP').toUpperCase()} `] },
			{ name: 'Com Metadata', metadata: { origem: 'feira', apagar: '' } },
		];
		helena.sandbox.clearRequests();
		const { error, items: output } = await helena.run(autoMap, { items });
		expect(error).toBeUndefined();
		expect(output.map((item) => item.pairedItem)).toEqual([0, 1, 2].map((item) => ({ item })));
		const sent = helena.apiRequests().filter((request) => request.path === '/core/v2/contact/batch');
		expect(sent).toHaveLength(1);
		const [first, second, third] = (sent[0].body as { items: IDataObject[] }).items;
		expect(first).toEqual({ name: 'Sem Campos', tagNames: ['lead', 'newsletter'] });
		expect(second).toEqual({ name: 'Com Campos', customFields: { pontos: 3 }, tagIds: [demo.tagId('VIP')] });
		expect(third).toEqual({ name: 'Com Metadata', metadata: { origem: 'feira', apagar: null } });
	});
});
