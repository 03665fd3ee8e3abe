import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useSandbox } from '../engine/sandbox';
import { FAULTS, phoneOf, statusCounts, useInstantPacing } from './faultInjection';

import { demo } from '../sandbox';

/*
 * What a plain create does when Helena fails: 429 means Helena refused the request unapplied, so it
 * is sent again; a 503 (or a broken connection) leaves it unknown whether Helena applied it, so it
 * is never sent again. Retry-After is 0: the transport honours it, and waiting proves nothing here.
 */

describe('plain creates under 20% 429 and 10% 503', () => {
	const helena = useSandbox({ seed: 'empty' });
	useInstantPacing();
	beforeEach(() => {
		helena.sandbox.reset('empty');
		helena.sandbox.clearRequests();
		helena.sandbox.setFaults(FAULTS);
	});
	afterEach(() => helena.sandbox.setFaults({ rate429: 0, rate5xx: 0 }));

	test('plain creates: a 429 is retried (Helena refused it unapplied), a 503 is never repeated', async () => {
		// runPerItem sends one item after another, so the PRNG gives the same faults on every run
		const count = 60;
		const input = Array.from({ length: count }, (_, n) => ({ name: `Novo ${n}`, phone: phoneOf(n) }));

		const { items, error } = await helena.run(
			{ resource: 'contact', operation: 'create', name: '={{ $json.name }}', phoneNumber: '={{ $json.phone }}' },
			{ items: input, continueOnFail: true },
		);

		expect(error).toBeUndefined();
		expect(items).toHaveLength(count);
		const posts = helena.apiRequests();
		const created: number[] = [];
		const refused: number[] = [];
		input.forEach(({ phone }, n) => {
			const statuses = posts.filter((request) => request.body.phoneNumber === phone).map((request) => request.status);
			// any number of 429s, then one answer that ends it: 200 (created) or 503 (not repeated)
			expect(statuses.join(' ')).toMatch(/^(429 )*(200|503)$/);
			(statuses.at(-1) === 200 ? created : refused).push(n);
			expect(items[n].pairedItem).toEqual({ item: n });
		});
		expect(refused.length).toBeGreaterThan(0);
		for (const n of refused) {
			expect(items[n].json.error).toBe('Helena answered 503 (ServiceUnavailable)');
			expect(items[n].json.description).toContain('it was not repeated automatically');
		}
		for (const n of created) expect(items[n].json.phoneNumber).toBe(phoneOf(n));
		expect(helena.sandbox.state.contacts.size).toBe(created.length);
		const counts = statusCounts(posts);
		expect(counts[503]).toBe(refused.length);
		expect(counts[200]).toBe(created.length);
	});
});

describe('only what is safe to repeat is repeated', () => {
	const helena = useSandbox();
	beforeEach(() => {
		helena.sandbox.reset('demo');
		helena.sandbox.clearRequests();
	});

	const plainCreates: Array<[string, INodeParameters, () => number]> = [
		[
			'Contact > Create',
			{ resource: 'contact', operation: 'create', name: 'Lia', phoneNumber: '+55|11955550000' },
			() => helena.sandbox.state.contacts.size,
		],
		['Department > Create', { resource: 'department', operation: 'create', name: 'Plantão' }, () => helena.sandbox.state.departments.size],
		[
			'Webhook > Create Subscription',
			{ resource: 'webhook', operation: 'create', name: 'CRM', url: 'https://crm.example.com/hook', events: ['CONTACT_NEW'] },
			() => helena.sandbox.state.subscriptions.size,
		],
	];

	test.each(plainCreates)(
		'%s answered 503 is sent exactly once and the error says it was not repeated',
		async (_name, parameters, count) => {
			const before = count();
			helena.sandbox.failNext(1, { status: 503, method: 'POST' });

			const { error } = await helena.run(parameters);

			expect(
				helena
					.apiRequests()
					.filter((request) => request.method === 'POST')
					.map((request) => request.status),
			).toEqual([503]);
			expect(error?.message).toBe('Helena answered 503 (ServiceUnavailable)');
			expect(error?.description).toMatch(
				/^Helena says: "Serviço temporariamente indisponível" \(error key SERVICE_UNAVAILABLE, reference [0-9A-F]{8}; quote the reference to Helena support\) This request creates data, so it was not repeated automatically \(a repeat could create a duplicate\)\. Check in Helena whether it was applied, then run the item again\. Request: POST \/core\/v1\/(contact|department|webhook\/subscription)\.$/,
			);
			expect(count()).toBe(before);
		},
	);

	test('a broken connection during a plain create is not repeated either', async () => {
		helena.sandbox.failNext(1, { status: 0, method: 'POST' });

		const { error } = await helena.run({ resource: 'department', operation: 'create', name: 'Plantão' });

		expect(helena.apiRequests().filter((request) => request.method === 'POST')).toHaveLength(1);
		// the request left the machine before the connection broke: Helena may have applied it
		expect(error?.message).toBe('The connection to Helena broke during POST /core/v1/department; the request was not repeated');
		expect(error?.description).toContain('Helena may have applied it');
	});

	test.each<[string, INodeParameters]>([
		[
			'Contact > Create with Upsert',
			{ resource: 'contact', operation: 'create', name: 'Lia', phoneNumber: '+55|11955550000', options: { upsert: true } },
		],
		[
			'Contact > Create with Get If Exists',
			{ resource: 'contact', operation: 'create', name: 'Lia', phoneNumber: '+55|11955550000', options: { getIfExists: true } },
		],
		[
			'Contact > Tags',
			{ resource: 'contact', operation: 'updateTags', contact: { __rl: true, mode: 'id', value: demo.contactId(1) }, tagNames: 'VIP' },
		],
	])('%s answered 503 is repeated (repeating it ends in the same state)', async (_name, parameters) => {
		helena.sandbox.failNext(1, { status: 503, method: 'POST' });

		await helena.run(parameters);

		expect(
			helena
				.apiRequests()
				.filter((request) => request.method === 'POST')
				.map((request) => request.status)[0],
		).toBe(503);
		expect(helena.apiRequests().filter((request) => request.method === 'POST')).toHaveLength(2);
	});

	test.each<[string, INodeParameters, { items?: IDataObject[] }]>([
		[
			'Contact > Create with Upsert of a contact with only a name',
			{ resource: 'contact', operation: 'create', name: 'Lia', phoneNumber: '', options: { upsert: true } },
			{},
		],
		[
			'Contact > Create with Upsert into a sequence',
			{
				resource: 'contact',
				operation: 'create',
				name: 'Lia',
				phoneNumber: '+55|11955550000',
				additionalFields: { sequenceIds: demo.sequenceId('Boas-vindas') },
				options: { upsert: true },
			},
			{},
		],
		[
			'Contact > Create or Update Many with a contact that has only a name',
			{ resource: 'contact', operation: 'upsertMany' },
			{
				items: [{ name: 'Bia', phoneNumber: '+55|11955551111' }, { name: 'Sem Telefone' }],
			},
		],
		[
			'Contact > Create or Update Many into a sequence',
			{ resource: 'contact', operation: 'upsertMany' },
			{
				items: [{ name: 'Bia', phoneNumber: '+55|11955551111', sequenceIds: [demo.sequenceId('Boas-vindas')] }],
			},
		],
	])(
		'%s answered 503 is not repeated: Helena could not find it again, or its sequence may start over',
		async (_name, parameters, input) => {
			helena.sandbox.failNext(1, { status: 503, method: 'POST' });

			const { error } = await helena.run(parameters, input);

			expect(helena.apiRequests().filter((request) => request.method === 'POST')).toHaveLength(1);
			expect(error?.message).toBe('Helena answered 503 (ServiceUnavailable)');
			expect(error?.description).toContain('it was not repeated automatically');
			if (parameters.operation === 'upsertMany') {
				expect(error?.description).toContain('Unknown (the answer was lost, so Helena may have applied them): items 0');
				expect(error?.description).toMatch(/Running the node again would (create a second contact|add the contacts with Sequence IDs)/);
			}
		},
	);

	test('Create or Update Many of contacts with a phone number, email or Instagram answered 503 is repeated, and says a repeat is safe', async () => {
		helena.sandbox.failNext(1, { status: 503, method: 'POST' });

		const { error, items } = await helena.run(
			{ resource: 'contact', operation: 'upsertMany' },
			{
				items: [
					{ name: 'Bia', phoneNumber: '+55|11955551111' },
					{ name: 'Rui', email: 'rui@example.com' },
					{ name: 'Lu', instagram: 'lu' },
				],
			},
		);

		expect(error).toBeUndefined();
		expect(helena.apiRequests().map((request) => request.status)).toEqual([503, 200]);
		expect(items).toHaveLength(3);
	});
});
