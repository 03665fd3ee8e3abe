import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { TEST_API_KEY, useSandbox } from '../engine/sandbox';
import { byId, byPhone } from '../helpers/requests';

import { demo } from '../sandbox';

/*
 * A server that misbehaves (test/sandbox/misbehave.js), through n8n-core's engine: what the node
 * sent, and the error or items n8n shows. Secrets never show (see also secretsUnderFaults.test.ts).
 */

const getEvents = { resource: 'webhook', operation: 'getEvents' };
const getContact = { resource: 'contact', operation: 'get', contact: byId(demo.contactId(1)) };
const getManyContacts = { resource: 'contact', operation: 'getAll', returnAll: true };
const createContact = { resource: 'contact', operation: 'create', name: 'Lia', phoneNumber: '+55|11955550000' };
const SUPORTE = demo.departmentId('Suporte');

describe('a misbehaving server', () => {
	const helena = useSandbox();
	beforeEach(() => {
		helena.sandbox.reset('demo');
		helena.sandbox.clearRequests();
		helena.sandbox.misbehaviour.clear();
	});
	afterAll(() => helena.sandbox.misbehaviour.clear());

	const sent = () => helena.apiRequests().map((request) => `${request.method} ${request.decodedPath.replace(/^\/core/, '')}`);

	describe('Base URL: parsed once as a URL', () => {
		const port = () => new URL(helena.sandbox.url).port;

		test.each([
			['/core/v1', ''],
			['/core/v2/', ''],
			['/v1', ''],
			['/CORE/V1/', ''],
			['/core//', ''],
		])('a pasted "%s" is tolerated: one request to /core/v1/webhook/event', async (suffix) => {
			const { error } = await helena.run(getEvents, { credentials: { baseUrl: helena.sandbox.url + suffix } });

			expect(error).toBeUndefined();
			expect(helena.apiRequests().map((request) => request.path)).toEqual(['/core/v1/webhook/event']);
		});

		test.each([
			['a query', () => `${helena.sandbox.url}?tenant=1`, 'must not contain a query ("?…")', 'tenant=1'],
			['an empty query', () => `${helena.sandbox.url}/?`, 'must not contain a query ("?…")', undefined],
			['a fragment', () => `${helena.sandbox.url}#team`, 'must not contain a fragment ("#…")', '#team'],
			['user and password', () => `http://alice:s3cret@127.0.0.1:${port()}`, 'must not contain a user name or password', 's3cret'],
			['a user alone', () => `http://alice@127.0.0.1:${port()}`, 'must not contain a user name or password', 'alice'],
			['a refused scheme with a password', () => 'ftp://admin:Pa55w0rd@api.wts.chat', 'must start with http:// or https://', 'Pa55w0rd'],
			['a port out of range', () => 'http://127.0.0.1:99999', 'is not a valid address', undefined],
			['an unclosed IPv6 host', () => 'http://[::1', 'is not a valid address', undefined],
			['a space in the host', () => 'http://api wts.chat', 'is not a valid address', undefined],
		])('%s is a credential error before any request, never echoing a secret', async (_case, baseUrl, problem, secret) => {
			for (const parameters of [getEvents, createContact]) {
				const { items, error } = await helena.run(parameters, { credentials: { baseUrl: baseUrl() } });

				expect(items).toEqual([]);
				expect(error?.message).toContain(`Base URL in the Helena API credential ${problem}`);
				expect(error?.message).not.toContain('Invalid URL');
				if (secret) expect(JSON.stringify([error, error?.message, error?.description])).not.toContain(secret);
			}
			expect(helena.sandbox.requests).toEqual([]);
		});
	});

	describe('timeouts: every request has one', () => {
		const quick = { timeout: 0.3 };

		test('a read that gets no answer is retried like a broken connection, then fails naming the endpoint and the limit', async () => {
			helena.sandbox.misbehaviour.always({ hang: true });

			const { items, error } = await helena.run(getEvents, { credentials: quick });

			expect(items).toEqual([]);
			expect(error?.message).toBe('Helena did not answer GET /core/v1/webhook/event within 0.3 s (3 attempts)');
			expect(error?.description).toContain('Timeout of the "Helena API" credential');
			expect(sent()).toEqual(Array(3).fill('GET /v1/webhook/event'));
		});

		test('a read whose first attempt hangs gets its answer from the second', async () => {
			helena.sandbox.misbehaviour.next({ hang: true });

			const { items, error } = await helena.run(getContact, { credentials: quick });

			expect(error).toBeUndefined();
			expect(items.map((item) => item.json.id)).toEqual([demo.contactId(1)]);
			expect(sent()).toEqual(Array(2).fill(`GET /v1/contact/${demo.contactId(1)}`));
		});

		test('a plain create that gets no answer is not repeated, and the error says so', async () => {
			helena.sandbox.misbehaviour.next({ hang: true });

			const { items, error } = await helena.run(createContact, { credentials: quick });

			expect(items).toEqual([]);
			expect(error?.message).toBe('Helena did not answer POST /core/v1/contact within 0.3 s; the request was not repeated');
			expect(error?.description).toContain('it was not repeated automatically (a repeat could create a duplicate)');
			expect(sent()).toEqual(['POST /v1/contact']);
		});

		test('a Department > Update (a PUT, harmless to repeat) that hangs once is applied by the repeat', async () => {
			helena.sandbox.misbehaviour.next({ hang: true });

			const { error } = await helena.run(
				{ resource: 'department', operation: 'update', department: byId(SUPORTE), updateFields: { name: 'Suporte N2' } },
				{ credentials: quick },
			);

			expect(error).toBeUndefined();
			expect(sent()).toEqual(Array(2).fill(`PUT /v1/department/${SUPORTE}`));
			expect(helena.sandbox.state.departments.get(SUPORTE).name).toBe('Suporte N2');
		});

		test('a reset connection on a read is retried; on a plain create it is not', async () => {
			helena.sandbox.misbehaviour.next({ reset: true, method: 'GET' });
			expect((await helena.run(getEvents)).error).toBeUndefined();
			helena.sandbox.misbehaviour.next({ reset: true, method: 'POST' });
			const { error } = await helena.run(createContact);

			expect(error?.message).toBe('The connection to Helena broke during POST /core/v1/contact; the request was not repeated');
			expect(sent()).toEqual(['GET /v1/webhook/event', 'GET /v1/webhook/event', 'POST /v1/contact']);
		});
	});

	describe('answer shapes: a 2xx is data only when it has the shape of the endpoint', () => {
		test.each<[string, Record<string, unknown>, INodeParameters, string]>([
			['HTML with 200', { body: 'html' }, getContact, 'it is an HTML or XML page, not JSON'],
			['invalid JSON with 200', { body: 'invalid-json' }, getContact, 'it is not valid JSON'],
			['null with 200', { body: null }, getContact, 'it is null'],
			['an empty 200', { body: 'empty' }, getContact, 'it is empty'],
			['a list where a record belongs', { body: [{ id: 'x' }] }, getContact, 'it is a list, not a record'],
			['a number', { body: 42 }, getContact, 'it is number, not a record'],
			[
				'an error body with 200',
				{ body: { key: 'INTERNAL_ERROR', text: 'Falha' } },
				getContact,
				'it is an error (INTERNAL_ERROR), not data',
			],
			['the event list as HTML', { body: 'html' }, getEvents, 'it is an HTML or XML page, not JSON'],
			['the event list as a record', { body: { status: 'ok' } }, getEvents, 'it is a record, not a list'],
			['the event list holding strings', { body: ['SESSION_NEW'] }, getEvents, 'the list holds values that are not records'],
			['a page of 2^33 pages', { paging: { totalPages: 2 ** 33 } }, getManyContacts, 'its totalPages is 8589934592, not a page count'],
			['a page numbered -1', { paging: { pageNumber: -1 } }, getManyContacts, 'its pageNumber is -1, not a page count'],
			['a page whose items are text', { body: { items: 'many', totalPages: 1 } }, getManyContacts, 'its items are not a list'],
			[
				'a page whose hasMorePages is "yes"',
				{ paging: { hasMorePages: 'yes' } },
				getManyContacts,
				'its hasMorePages is "yes", not true or false',
			],
			['a page as HTML with 200', { body: 'html' }, getManyContacts, 'it is an HTML or XML page, not JSON'],
		])('%s is a clear error naming the endpoint, with a short excerpt', async (_case, rule, parameters, problem) => {
			helena.sandbox.misbehaviour.next(rule);

			const { items, error } = await helena.run(parameters);

			expect(items).toEqual([]);
			expect(error?.message).toMatch(/^Helena's answer to (GET|POST) \/core\/v\d\/[\w/{}-]+ is not usable: /);
			expect(error?.message).toContain(problem);
			expect(error?.description).toContain('Check that the Base URL');
			expect((error?.description ?? '').length).toBeLessThan(400);
			expect(helena.apiRequests()).toHaveLength(1);
		});

		test('"not found" sent with 200 ({ key: FORM_ERROR, text: "Contato não encontrado" }) reads as not found, not as a contact', async () => {
			helena.sandbox.misbehaviour.next({ body: { key: 'FORM_ERROR', text: 'Contato não encontrado', httpStatusCode: 'BadRequest' } });

			const { items, error } = await helena.run(getContact);

			expect(items).toEqual([]);
			expect(error?.message).toContain(demo.contactId(1));
			expect(error?.message).toMatch(/not found|No contact/i);
			expect(sent()).toEqual([`GET /v1/contact/${demo.contactId(1)}`]);
		});

		test('a 200 HTML answer to a plain create is an error, and the create is not repeated', async () => {
			helena.sandbox.misbehaviour.next({ body: 'html', method: 'POST' });

			const { items, error } = await helena.run(createContact);

			expect(items).toEqual([]);
			expect(error?.message).toBe("Helena's answer to POST /core/v1/contact is not usable: it is an HTML or XML page, not JSON");
			expect(sent()).toEqual(['POST /v1/contact']);
		});

		test('under Continue On Fail the bad answer fails its item only', async () => {
			helena.sandbox.misbehaviour.next({ body: 'html' });

			const { items, error } = await helena.run(getContact, { items: [{}, {}], continueOnFail: true });

			expect(error).toBeUndefined();
			expect(items.map((item) => (item.json.error ? 'error' : item.json.id))).toEqual(['error', demo.contactId(1)]);
			expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		});

		test('an HTML page or an empty answer with an error status keeps the status in the message', async () => {
			helena.sandbox.misbehaviour.next({ body: 'html', status: 502 });
			helena.sandbox.misbehaviour.next({ body: 'empty', status: 500 });

			const { error } = await helena.run(createContact);
			const second = await helena.run(createContact);

			expect(error?.message).toBe('Helena answered 502');
			expect(second.error?.message).toBe('Helena answered 500');
			expect(sent()).toEqual(['POST /v1/contact', 'POST /v1/contact']);
		});
	});

	describe('pagination: the server paging fields are a ceiling, never a plan', () => {
		beforeEach(() => {
			helena.sandbox.reset('empty');
			helena.sandbox.clearRequests();
		});
		const pagesAsked = () => helena.apiRequests().map((request) => Number(request.query.PageNumber));
		const ids = (items: Array<{ json: IDataObject }>) => items.map((item) => item.json.id);

		test('the same page repeated with hasMorePages: true is read twice, not 31 times; 100 distinct contacts', async () => {
			helena.sandbox.seedContacts(250);
			helena.sandbox.misbehaviour.always({ paging: { repeatFirstPage: true, hasMorePages: true } });

			const { items, error } = await helena.run(getManyContacts);

			expect(error).toBeUndefined();
			expect(pagesAsked()).toEqual([1, 2]);
			expect(items).toHaveLength(100);
			expect(new Set(ids(items)).size).toBe(100);
		});

		test('totalPages: 40 with an empty page 2 stops at page 2', async () => {
			helena.sandbox.seedContacts(100);
			helena.sandbox.misbehaviour.always({ paging: { totalPages: 40, hasMorePages: true } });

			const { items, error } = await helena.run(getManyContacts);

			expect(error).toBeUndefined();
			expect(pagesAsked()).toEqual([1, 2]);
			expect(items).toHaveLength(100);
		});

		test('totalPages: 2147483647 with 250 contacts: the short page 3 claims more, so page 4 (read beside it) is read; it is empty and ends the listing', async () => {
			helena.sandbox.seedContacts(250);
			helena.sandbox.misbehaviour.always({ paging: { totalPages: 2147483647, hasMorePages: true } });

			const { items, error } = await helena.run(getManyContacts);

			expect(error).toBeUndefined();
			expect(pagesAsked()).toEqual([1, 2, 3, 4]);
			expect(items).toHaveLength(250);
		});

		test('a page read ahead that fails after an earlier page ended the listing does not fail it', async () => {
			helena.sandbox.seedContacts(250);
			helena.sandbox.misbehaviour.next({ count: 2, paging: { totalPages: 2147483647, hasMorePages: true } });
			// page 3 as the sandbox answers it: the last (hasMorePages: false)
			helena.sandbox.misbehaviour.next({ paging: {} });
			helena.sandbox.misbehaviour.next({ status: 400, body: { key: 'FORM_ERROR', text: 'Página inválida', httpStatusCode: 'BadRequest' } });

			const { items, error } = await helena.run(getManyContacts);

			expect(error).toBeUndefined();
			expect(pagesAsked()).toEqual([1, 2, 3, 4]);
			expect(helena.apiRequests().map((request) => request.status)).toEqual([200, 200, 200, 400]);
			expect(items).toHaveLength(250);
		});

		test('a Limit of 150 under an absurd totalPages asks for 2 pages', async () => {
			helena.sandbox.seedContacts(400);
			helena.sandbox.misbehaviour.always({ paging: { totalPages: 2147483647 } });

			const { items } = await helena.run({ resource: 'contact', operation: 'getAll', returnAll: false, limit: 150 });

			expect(pagesAsked()).toEqual([1, 2]);
			expect(items).toHaveLength(150);
		});

		test('a contact that comes again on a later page is output once', async () => {
			helena.sandbox.seedContacts(250);
			helena.sandbox.misbehaviour.always({ paging: { repeatFromFirstPage: 3 } });

			const { items, error } = await helena.run(getManyContacts);

			expect(error).toBeUndefined();
			expect(items).toHaveLength(250);
			expect(new Set(ids(items)).size).toBe(250);
		});

		test('Search (POST /v1/contact/filter) stops on a repeated page too', async () => {
			helena.sandbox.seedContacts(250);
			helena.sandbox.misbehaviour.always({ paging: { repeatFirstPage: true, hasMorePages: true, totalPages: 99 } });

			const { items, error } = await helena.run({ resource: 'contact', operation: 'search', returnAll: true });

			expect(error).toBeUndefined();
			expect(helena.apiRequests().map((request) => (request.body as IDataObject).pageNumber)).toEqual([1, 2]);
			expect(items).toHaveLength(100);
		});

		test('an honest server is read in full: 1,050 contacts, 11 pages, each once', async () => {
			helena.sandbox.seedContacts(1050);

			const { items } = await helena.run(getManyContacts);

			expect(pagesAsked().sort((a, b) => a - b)).toEqual(Array.from({ length: 11 }, (_, n) => n + 1));
			expect(new Set(ids(items)).size).toBe(1050);
		});
	});

	describe('a DELETE whose answer was lost', () => {
		test('Department > Delete: the repeat finds nothing, and that counts as deleted', async () => {
			helena.sandbox.misbehaviour.next({ loseAnswer: true, method: 'DELETE' });

			const { items, error } = await helena.run({ resource: 'department', operation: 'delete', department: byId(SUPORTE) });

			expect(error).toBeUndefined();
			expect(items.map((item) => item.json)).toEqual([{ deleted: true, id: SUPORTE }]);
			// the first was applied, its answer dropped (status 0); the repeat found nothing
			expect(helena.apiRequests().map((request) => [request.method, request.status])).toEqual([
				['DELETE', 0],
				['DELETE', 500],
			]);
			expect(helena.sandbox.state.departments.has(SUPORTE)).toBe(false);
		});

		test('Webhook > Delete: the same for a subscription', async () => {
			const created = await helena.run({
				resource: 'webhook',
				operation: 'create',
				name: 'CRM',
				url: 'https://crm.example.com/hook',
				events: ['CONTACT_NEW'],
			});
			const id = String(created.items[0].json.id);
			helena.sandbox.clearRequests();
			helena.sandbox.misbehaviour.next({ loseAnswer: true, method: 'DELETE' });

			const { items, error } = await helena.run({ resource: 'webhook', operation: 'delete', subscription: byId(id) });

			expect(error).toBeUndefined();
			expect(items.map((item) => item.json)).toEqual([{ deleted: true, id }]);
			expect(sent()).toEqual([`DELETE /v1/webhook/subscription/${id}`, `DELETE /v1/webhook/subscription/${id}`]);
			expect(helena.sandbox.state.subscriptions.size).toBe(0);
		});

		test('a DELETE of something that was never there is still "not found"', async () => {
			const missing = '0b0b0b0b-0000-4000-8000-000000000000';

			const { error } = await helena.run({ resource: 'department', operation: 'delete', department: byId(missing) });

			expect(error?.message).toBe(`The department with ID "${missing}" was not found in Helena`);
			expect(sent()).toEqual([`DELETE /v1/department/${missing}`]);
		});
	});

	describe('"not found" names what Helena says is missing', () => {
		const UNKNOWN_USER = '0c0c0c0c-0000-4000-8000-000000000000';

		test('Update Agents with an unknown user blames the user, not the department', async () => {
			const { error } = await helena.run({
				resource: 'department',
				operation: 'updateAgents',
				department: byId(SUPORTE),
				agentsAction: 'Upsert',
				agents: { agent: [{ userId: UNKNOWN_USER, isAgent: true, isSupervisor: false }] },
			});

			expect(error?.message).toBe(`A user in Agents was not found in Helena (Helena says: "Usuário não encontrado: ${UNKNOWN_USER}")`);
			expect(sent()).toEqual([`PUT /v1/department/${SUPORTE}/agents`]);
		});

		test('Update with an unknown channel blames the channel', async () => {
			const { error } = await helena.run({
				resource: 'department',
				operation: 'update',
				department: byId(SUPORTE),
				updateFields: { channelsConfig: { config: { scope: 'SELECTED', channels: ['Canal Inexistente'] } } },
			});

			expect(error?.message).toBe('A channel in Channels was not found in Helena (Helena says: "Canal não encontrado: Canal Inexistente")');
		});

		test('an unknown department is still the department', async () => {
			const missing = '0b0b0b0b-0000-4000-8000-000000000000';
			const { error } = await helena.run({
				resource: 'department',
				operation: 'updateAgents',
				department: byId(missing),
				agentsAction: 'Upsert',
				agents: { agent: [{ userId: demo.userId('Ana Souza'), isAgent: true, isSupervisor: false }] },
			});

			expect(error?.message).toBe(`The department with ID "${missing}" was not found in Helena`);
		});
	});

	describe('a failed read is not cached', () => {
		test('under Continue On Fail, item 1 reads the event list again after item 0 failed to', async () => {
			helena.sandbox.misbehaviour.next({ body: 'html', path: '/v1/webhook/event' });
			const create = {
				resource: 'webhook',
				operation: 'create',
				name: 'CRM',
				url: 'https://crm.example.com/hook',
				events: ['CONTACT_NEW'],
			};

			const { items, error } = await helena.run(create, { items: [{}, {}, {}], continueOnFail: true });

			expect(error).toBeUndefined();
			expect(items.map((item) => (item.json.error ? 'error' : 'created'))).toEqual(['error', 'created', 'created']);
			expect(String(items[0].json.error)).toContain('/core/v1/webhook/event is not usable');
			// read again after the failure, then cached for item 2
			expect(sent()).toEqual([
				'GET /v1/webhook/event',
				'GET /v1/webhook/event',
				'POST /v1/webhook/subscription',
				'POST /v1/webhook/subscription',
			]);
		});
	});

	test('the API key is not in the output of a 2xx that echoes it', async () => {
		helena.sandbox.misbehaviour.next({
			body: [{ event: 'SESSION_NEW', description: `sent with Bearer ${TEST_API_KEY}`, [TEST_API_KEY]: encodeURIComponent(TEST_API_KEY) }],
		});

		const { items } = await helena.run(getEvents);

		expect(items.map((item) => item.json)).toEqual([
			{ event: 'SESSION_NEW', description: 'sent with Bearer [redacted]', '[redacted]': '[redacted]' },
		]);
	});

	test('a phone number contact is unaffected by redaction (control)', async () => {
		const { items, error } = await helena.run({ resource: 'contact', operation: 'get', contact: byPhone(demo.contactPhone(1)) });

		expect(error).toBeUndefined();
		expect(items[0].json.phoneNumber).toBe(demo.contactPhone(1));
	});
});
