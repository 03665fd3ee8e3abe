'use strict';

const http = require('node:http');
const { startSandbox, demo } = require('./index');

const KEY = 'test-key';
/** @type {import('./index').Sandbox} */
let sb;

/**
 * @param {string} method
 * @param {string} path below the base URL (include /core)
 * @param {unknown} [body]
 * @param {Record<string, string>} [headers]
 */
async function call(method, path, body, headers = { authorization: `Bearer ${KEY}` }) {
	const res = await fetch(sb.url + path, {
		method,
		headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
		body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
	});
	const text = await res.text();
	return { status: res.status, headers: res.headers, text, json: text ? JSON.parse(text) : undefined };
}
const core = (method, path, body) => call(method, `/core${path}`, body);
const enc = encodeURIComponent;

beforeAll(async () => {
	sb = await startSandbox({ port: 0, apiKey: KEY });
});
afterAll(async () => {
	await sb.close();
});
beforeEach(() => {
	sb.reset('demo');
	sb.clearRequests();
	sb.setFaults({ latencyMs: 0, rate429: 0, rate5xx: 0, retryAfterSeconds: undefined, enforceRateLimits: false, redirectTo: undefined });
	sb.variations.reset();
});
// every request outside the contract must have been provoked on purpose (and taken by `refused`)
afterEach(() => expect(sb.contract.violations).toEqual([]));

/** The sandbox's contract refusal: a 400 that names `key`; the violation is taken, as it was provoked. */
function refused(res, key) {
	expect(res.status).toBe(400);
	expect(res.json).toMatchObject({ key: 'CONTRACT_VIOLATION' });
	expect(res.json.text).toContain(key);
	expect(res.json.details.violations.map((v) => v.key)).toContain(key);
	const taken = sb.takeViolations();
	expect(taken).toHaveLength(1);
	return res.json;
}

function expectErrorBody(res, status, key) {
	expect(res.status).toBe(status);
	expect(res.json).toMatchObject({ error: true, key, isUnsolvableError: false });
	expect(res.json.id.shortValue).toMatch(/^[0-9A-F]{8}$/);
	expect(typeof res.json.date).toBe('string');
	expect(res.json).toHaveProperty('details');
	expect(res.json).toHaveProperty('version');
	expect(res.json).toHaveProperty('environment');
}

describe('transport', () => {
	test('auth accepts Bearer and the bare key; anything else is 401 Acesso negado', async () => {
		expect((await call('GET', '/core/v1/webhook/event', undefined, { authorization: `Bearer ${KEY}` })).status).toBe(200);
		expect((await call('GET', '/core/v1/webhook/event', undefined, { authorization: KEY })).status).toBe(200);
		for (const headers of [{}, { authorization: 'Bearer nope' }, { authorization: `Basic ${KEY}` }]) {
			const res = await call('GET', '/core/v1/webhook/event', undefined, headers);
			expectErrorBody(res, 401, 'ERROR_UNAUTHORIZED');
			expect(res.json).toMatchObject({ httpStatusCode: 'Unauthorized', text: 'Acesso negado' });
		}
		// unknown route without a token is 401 too
		expect((await call('GET', '/core/v9/nothing', undefined, {})).status).toBe(401);
	});

	test('/core is required; unknown routes 404; bad JSON 400; wrong content type 415', async () => {
		expectErrorBody(await call('GET', '/v1/contact'), 400, 'INVALID_SERVICE');
		expect(await core('GET', '/v1/nothing')).toMatchObject({ status: 404, text: '' });
		refused(await core('POST', '/v1/contact', '{"name": '), 'body');
		const res = await call('POST', '/core/v1/contact', '{"name":"x"}', { authorization: KEY, 'content-type': 'text/plain' });
		expect(res.status).toBe(415);
		expect(
			(
				await call('POST', '/core/v1/contact', '{"name":"A","phoneNumber":"5511912345678"}', {
					authorization: KEY,
					'content-type': 'application/problem+json',
				})
			).status,
		).toBe(200);
	});

	test('request log keeps raw path, decoded path, query arrays, headers, body and status', async () => {
		await core('GET', `/v1/contact/phonenumber/${enc('+55|11999999999')}?IncludeDetails=Tags&IncludeDetails=CustomFields`);
		await core('POST', '/v1/contact/filter', { name: 'maria' });
		const [get, post] = sb.requests;
		expect(get).toMatchObject({
			method: 'GET',
			path: '/core/v1/contact/phonenumber/%2B55%7C11999999999',
			decodedPath: '/core/v1/contact/phonenumber/+55|11999999999',
			query: { IncludeDetails: ['Tags', 'CustomFields'] },
			status: 200,
		});
		expect(get.headers.authorization).toBe(`Bearer ${KEY}`);
		expect(post.body).toEqual({ name: 'maria' });
		expect(typeof post.at).toBe('number');
	});
});

describe('contacts: list and filter', () => {
	test('paging envelope, defaults and bounds', async () => {
		const p1 = (await core('GET', '/v1/contact')).json;
		expect(p1).toMatchObject({
			pageNumber: 1,
			pageSize: 15,
			orderBy: 'createdAt',
			orderDirection: 'ASCENDING',
			totalItems: 17,
			totalPages: 2,
			hasMorePages: true,
		});
		expect(p1.items).toHaveLength(15);
		expect(p1.items[0]).toMatchObject({
			id: demo.contactId(1),
			phoneNumber: '+55|11999999999',
			tagIds: null,
			customFields: null,
			portfolioIds: null,
		});
		const p2 = (await core('GET', '/v1/contact?PageNumber=2')).json;
		expect(p2).toMatchObject({ pageNumber: 2, hasMorePages: false });
		expect(p2.items).toHaveLength(2);
		// the reference's page numbers start at 0: page 0 is the first page
		expect((await core('GET', '/v1/contact?PageNumber=0')).json).toMatchObject({ pageNumber: 1, items: p1.items });
		for (const bad of [
			'PageSize=0',
			'PageSize=101',
			'PageNumber=-1',
			'PageSize=abc',
			'OrderDirection=UP',
			'Status=GONE',
			'IncludeDetails=Everything',
			'orderBy=name',
			'IncludeDetails[0]=Tags',
		])
			refused(
				await core('GET', `/v1/contact?${bad}`),
				`query.${bad.split('=')[0]}`.replace(/^query\.IncludeDetails$/, 'query.IncludeDetails[0]'),
			);
		// any field name is a valid OrderBy on the wire; the sandbox refuses one it cannot sort by
		expectErrorBody(await core('GET', '/v1/contact?OrderBy=shoeSize'), 400, 'VALIDATION_ERROR');
		const archived = (await core('GET', '/v1/contact?Status=ARCHIVED')).json;
		expect(archived.totalItems).toBe(2);
		const byName = (await core('GET', '/v1/contact?OrderBy=name&OrderDirection=DESCENDING&PageSize=100')).json;
		const names = byName.items.map((c) => c.name.toLowerCase());
		expect(names).toEqual([...names].sort().reverse());
		const withDetails = (await core('GET', '/v1/contact?PageSize=1&IncludeDetails=Tags&IncludeDetails=Portfolios')).json.items[0];
		expect(withDetails).toMatchObject({ tagNames: ['Cliente', 'VIP'], portfolioNames: ['Carteira Sul'], customFields: null });
	});

	test('CreatedAt bounds', async () => {
		const res = (await core('GET', `/v1/contact?CreatedAt.Before=${enc('2026-01-08T00:00:00Z')}`)).json;
		expect(res.items.map((c) => c.name)).toEqual(['Maria Silva', 'João Santos', 'Ana Oliveira']);
	});

	test('filter is additive; text, phone digits, tags, custom fields, metadata', async () => {
		const names = async (body) => (await core('POST', '/v1/contact/filter', { pageSize: 100, ...body })).json.items.map((c) => c.name);
		expect(await names({ textFilter: 'OLIVEIRA' })).toEqual(['Ana Oliveira']);
		expect(await names({ textFilter: '11 99999' })).toEqual(['Maria Silva']);
		expect(await names({ phoneNumber: '+55 (11) 98800-0002' })).toEqual(['João Santos']);
		expect(await names({ tagNames: ['vip'] })).toEqual(['Maria Silva', 'Camila Lima']);
		expect(await names({ tagNames: ['vip'], name: 'camila' })).toEqual(['Camila Lima']);
		expect(await names({ tagIds: [demo.tagId('Newsletter')], origin: 'IMPORTED' })).toEqual(['Lucas Rodrigues', 'Aline Freitas']);
		expect(await names({ customFields: { plano: 'Pro' } })).toEqual(['Maria Silva']);
		expect(await names({ metadata: { segmento: 'varejo' } })).toEqual(['Camila Lima']);
		expect(await names({ status: 'BLOCKED' })).toEqual(['Felipe Cardoso']);
		refused(await core('POST', '/v1/contact/filter', { pageSize: 101 }), 'body.pageSize');
		const detailed = (await core('POST', '/v1/contact/filter', { name: 'Maria', includeDetails: ['CustomFields'] })).json.items[0];
		expect(detailed.customFields).toMatchObject({ plano: 'Pro', pontos: 120 });
		expect(detailed.tagIds).toBeNull();
	});

	test('custom field definitions, flat and nested', async () => {
		const flat = (await core('GET', '/v1/contact/custom-field')).json;
		expect(flat.map((d) => d.key)).toEqual([
			null,
			'cpf',
			'data_nascimento',
			'plano',
			'pontos',
			'aceita_marketing',
			'interesses',
			'ticket_medio',
		]);
		expect(flat.every((d) => d.children === null)).toBe(true);
		const nested = (await core('GET', '/v1/contact/custom-field?NestedList=true')).json;
		const group = nested.find((d) => d.type === 'GROUP');
		expect(group.children.map((d) => d.key)).toEqual(['cpf', 'data_nascimento']);
		expect(nested).toHaveLength(6);
	});
});

describe('contacts: writes', () => {
	test('create, then exists error / getIfExists / upsert (phones match by digits)', async () => {
		const created = await core('POST', '/v1/contact', {
			name: 'Novo',
			phoneNumber: '+55 11 91234-5678',
			tagNames: ['Lead', 'Prospect'],
			customFields: { pontos: '7', plano: 'nope', unknown: 1 },
			metadata: { a: 1, b: 2 },
		});
		expect(created.status).toBe(200);
		expect(created.json).toMatchObject({
			name: 'Novo',
			origin: 'CREATED_BY_USER',
			status: 'ACTIVE',
			phoneNumberFormatted: '+55 11 91234-5678',
			tagNames: ['Lead', 'Prospect'],
			customFields: { pontos: 7 },
			metadata: { a: 1, b: 2 },
		});
		expect(sb.state.tags.size).toBe(5);

		const again = await core('POST', '/v1/contact', { name: 'Outro', phoneNumber: '5511912345678' });
		expectErrorBody(again, 400, 'FORM_ERROR');
		expect(again.json.text).toBe('Contato já existe');

		const got = await core('POST', '/v1/contact', {
			name: 'Outro',
			phoneNumber: '+55|11912345678',
			options: { getIfExists: true, upsert: true },
		});
		expect(got.json).toMatchObject({ id: created.json.id, name: 'Novo' });

		const upserted = await core('POST', '/v1/contact', {
			name: 'Renomeado',
			email: 'novo@example.com',
			phoneNumber: '5511912345678',
			tagNames: ['VIP'],
			metadata: { a: null },
			options: { upsert: true, upsertFields: ['Name', 'Tags', 'Metadata'], upsertTagOperation: 'INSERTIFNOTEXISTS' },
		});
		expect(upserted.json).toMatchObject({
			id: created.json.id,
			name: 'Renomeado',
			email: null,
			tagNames: ['Lead', 'Prospect', 'VIP'],
			metadata: { b: 2 },
		});
		expect(sb.state.contacts.size).toBe(21);

		refused(await core('POST', '/v1/contact', { name: 'x'.repeat(256) }), 'body.name');
		expectErrorBody(await core('POST', '/v1/contact', { tagIds: ['00000000-0000-4000-8000-000000000000'], name: 'A' }), 400, 'FORM_ERROR');
	});

	test('update by id and by phone applies only the named fields', async () => {
		const id = demo.contactId(2);
		const before = sb.state.contacts.get(id).updatedAt;
		refused(await core('PUT', `/v2/contact/${id}`, { fields: ['name'], name: 'João S.' }), 'body.fields[0]');
		const res = await core('PUT', `/v2/contact/${id}`, {
			fields: ['Name', 'Status'],
			name: 'João S.',
			email: 'ignored@example.com',
			status: 'ARCHIVED',
		});
		expect(res.json).toMatchObject({ name: 'João S.', email: 'joao.santos@example.com', status: 'ARCHIVED' });
		expect(res.json.updatedAt > before).toBe(true);

		const byPhone = await core('PUT', `/v1/contact/phonenumber/${enc('5511999999999')}`, {
			tagNames: ['Lead'],
			utm: { source: 'meta' },
			pictureUrl: 'https://x/y.png',
		});
		expect(byPhone.json).toMatchObject({ id: demo.contactId(1), tagNames: ['Cliente', 'VIP', 'Lead'], utm: { source: 'meta' } });
		expect(sb.state.contacts.get(demo.contactId(1)).pictureUrl).toBe('https://x/y.png');

		const replaced = await core('PUT', `/v2/contact/${id}`, {
			fields: ['Tags'],
			tagNames: ['VIP'],
			options: { tagsOperation: 'ReplaceAll' },
		});
		expect(replaced.json.tagNames).toEqual(['VIP']);
		refused(await core('PUT', `/v2/contact/${id}`, { fields: ['Shoe'] }), 'body.fields[0]');
	});

	test('tag operations by id and by phone', async () => {
		const id = demo.contactId(1);
		const tags = async (path, body) => (await core('POST', path, body)).json.tagNames;
		expect(await tags(`/v1/contact/${id}/tags`, { tagNames: ['Lead', 'VIP'] })).toEqual(['Cliente', 'VIP', 'Lead']);
		expect(await tags(`/v1/contact/${id}/tags`, { tagNames: ['cliente'], operation: 'DeleteIfExists' })).toEqual(['VIP', 'Lead']);
		expect(
			await tags(`/v1/contact/phonenumber/${enc('+55|11999999999')}/tags`, { tagIds: [demo.tagId('Newsletter')], operation: 'ReplaceAll' }),
		).toEqual(['Newsletter']);
		expect(
			await tags(`/v1/contact/phonenumber/${enc('+55|11999999999')}/tags`, { tagNames: ['Newsletter'], operation: 'DeleteIfExists' }),
		).toEqual([]);
		// the path is typed uuid, though described as "id or phone number": the contract holds the type
		refused(await core('POST', `/v1/contact/${enc('+55|11999999999')}/tags`, { tagNames: ['VIP'] }), 'path.id');
		expectErrorBody(await core('POST', `/v1/contact/${id}/tags`, { tagNames: [] }), 400, 'FORM_ERROR');
		refused(await core('POST', `/v1/contact/${id}/tags`, { tagNames: ['x'], operation: 'Toggle' }), 'body.operation');
		refused(await core('POST', `/v1/contact/${id}/tags`, { tagNames: ['x'], operation: 'deleteIfExists' }), 'body.operation');
	});

	test('batch upserts by phone/email/instagram and answers in item order', async () => {
		const res = await core('POST', '/v2/contact/batch', {
			items: [
				{ name: 'Batch 1', phoneNumber: '5511955550001' },
				{ name: 'Maria Atualizada', email: 'MARIA.SILVA@example.com' },
				{ name: 'Batch 2', instagram: '@batch2' },
			],
		});
		expect(res.status).toBe(200);
		expect(res.json.map((c) => c.name)).toEqual(['Batch 1', 'Maria Atualizada', 'Batch 2']);
		expect(res.json[1].id).toBe(demo.contactId(1));
		expect(sb.state.contacts.size).toBe(22);
		refused(await core('POST', '/v2/contact/batch', { items: [{ name: 'x', unknownKey: true }] }), 'body.items[0].unknownKey');
		refused(await core('POST', '/v2/contact/batch', { items: [] }), 'body.items');
		refused(await core('POST', '/v2/contact/batch', { items: Array.from({ length: 101 }, (_, i) => ({ name: `n${i}` })) }), 'body.items');
	});

	test('not found is HTTP 500 FORM_ERROR; malformed ids are 400', async () => {
		const missing = await core('GET', '/v1/contact/00000000-0000-4000-8000-000000000000');
		expectErrorBody(missing, 500, 'FORM_ERROR');
		expect(missing.json).toMatchObject({ httpStatusCode: 'InternalServerError', text: 'Contato não encontrado' });
		expectErrorBody(await core('GET', `/v1/contact/phonenumber/${enc('+55|11000000000')}`), 500, 'FORM_ERROR');
		refused(await core('GET', '/v1/contact/not-a-uuid'), 'path.id');
		expect((await core('GET', `/v1/department/${demo.contactId(1)}`)).json.text).toBe('Departamento não encontrado');
		expect((await core('DELETE', `/v1/webhook/subscription/${demo.contactId(1)}`)).json.text).toBe('Assinatura não encontrada');
	});
});

describe('departments', () => {
	test('list, get with details, create, update fields, agents, channels, delete', async () => {
		const list = (await core('GET', '/v2/department')).json;
		expect(list.map((d) => d.name)).toEqual(['Suporte', 'Vendas', 'Financeiro']);
		expect(list[0]).not.toHaveProperty('description');
		expect(list[0]).not.toHaveProperty('isPrivate');
		const suporte = demo.departmentId('Suporte');
		const plain = (await core('GET', `/v1/department/${suporte}`)).json;
		expect(plain).toMatchObject({ isDefault: true, agents: null, channels: null, description: 'Atendimento de suporte técnico' });
		const agentsOnly = (await core('GET', `/v1/department/${suporte}?includeDetails=Agents`)).json;
		expect(agentsOnly.agents).toHaveLength(2);
		expect(agentsOnly.channels).toBeNull();

		refused(await core('POST', '/v1/department', { name: '' }), 'body.name');
		refused(await core('POST', '/v1/department', { name: 'x'.repeat(101) }), 'body.name');
		refused(await core('POST', '/v1/department', { name: 'X', description: 'no such property' }), 'body.description');
		expectErrorBody(
			await core('POST', '/v1/department', { name: 'X', agents: [{ userId: '00000000-0000-4000-8000-000000000000' }] }),
			400,
			'FORM_ERROR',
		);
		const created = (
			await core('POST', '/v1/department', {
				name: 'Pós-venda',
				isDefault: true,
				distributionIsEnabled: true,
				channelsConfig: { scope: 'SELECTED', channels: ['WhatsApp Comercial', '5511940000002'] },
				agents: [{ userId: demo.userId('Bruno Lima'), isAgent: true, isSupervisor: false }],
			})
		).json;
		expect(created).toMatchObject({ name: 'Pós-venda', isDefault: true, distribuitionEnabled: true });
		expect(created.channels.map((c) => c.name)).toEqual(['WhatsApp Comercial', 'WhatsApp Suporte']);
		expect(sb.state.departments.get(suporte).isDefault).toBe(false);

		refused(await core('PUT', `/v1/department/${created.id}`, { name: 'Y' }), 'body.fields');
		refused(await core('PUT', `/v1/department/${created.id}`, { fields: ['Description'], description: 'Nova' }), 'body.description');
		const updated = (await core('PUT', `/v1/department/${created.id}`, { fields: ['Description'], name: 'ignored' })).json;
		expect(updated).toMatchObject({ name: 'Pós-venda', description: null });

		const body = { action: 'Upsert', items: [{ userId: demo.userId('Ana Souza'), isAgent: true, isSupervisor: true }] };
		expect((await core('PUT', `/v1/department/${created.id}/agents`, body)).json).toEqual(body);
		expect(sb.state.departments.get(created.id).agents).toHaveLength(2);
		refused(await core('PUT', `/v1/department/${created.id}/agents`, { items: [] }), 'body.action');

		expect((await core('GET', `/v1/department/${created.id}/channel`)).json).toEqual({
			scope: 'SELECTED',
			channels: [demo.channelId('WhatsApp Comercial'), demo.channelId('WhatsApp Suporte')],
		});
		const del = await core('DELETE', `/v1/department/${created.id}`);
		expect(del.status).toBe(200);
		expect(del.text).toBe('');
		expect((await core('GET', `/v1/department/${created.id}`)).status).toBe(500);
	});
});

describe('webhooks', () => {
	/** @type {http.Server} */
	let receiver;
	/** @type {any[]} */
	let received;
	let receiverUrl;
	beforeAll(async () => {
		receiver = http.createServer((req, res) => {
			let text = '';
			req.on('data', (c) => (text += c));
			req.on('end', () => {
				received.push({ headers: req.headers, url: req.url, body: JSON.parse(text) });
				res.end('ok');
			});
		});
		await new Promise((r) => receiver.listen(0, '127.0.0.1', r));
		receiverUrl = `http://127.0.0.1:${receiver.address().port}`;
	});
	afterAll(() => new Promise((r) => receiver.close(r)));
	beforeEach(() => {
		received = [];
	});

	test('events and subscription bounds', async () => {
		const events = (await core('GET', '/v1/webhook/event')).json;
		expect(events).toHaveLength(16);
		expect(events[0]).toEqual({ event: 'SESSION_NEW', description: 'Atendimento criado' });
		const good = { name: 'n8n', url: 'https://example.com/hook', events: ['SESSION_NEW'] };
		for (const [bad, key] of [
			[{ ...good, name: '' }, 'body.name'],
			[{ ...good, name: 'x'.repeat(101) }, 'body.name'],
			[{ ...good, url: `https://e.com/${'x'.repeat(490)}` }, 'body.url'],
			[{ ...good, events: [] }, 'body.events'],
			[{ ...good, events: ['NOPE'] }, 'body.events[0]'],
			[{ url: good.url, events: good.events }, 'body.name'],
		])
			refused(await core('POST', '/v1/webhook/subscription', bad), key);
		expect((await core('POST', '/v1/webhook/subscription', { ...good, url: 'ftp://e.com' })).status).toBe(400);
		const sub = (await core('POST', '/v1/webhook/subscription', good)).json;
		expect(sub).toMatchObject({ name: 'n8n', enabled: true, events: [{ event: 'SESSION_NEW', description: 'Atendimento criado' }] });
		expect((await core('GET', '/v1/webhook/subscription')).json).toHaveLength(1);
		refused(await core('PUT', `/v1/webhook/subscription/${sub.id}`, { enabled: false }), 'body.fields');
		const upd = (await core('PUT', `/v1/webhook/subscription/${sub.id}`, { fields: ['Enabled'], enabled: false, name: 'ignored' })).json;
		expect(upd).toMatchObject({ name: 'n8n', enabled: false });
		expect((await core('DELETE', `/v1/webhook/subscription/${sub.id}`)).status).toBe(200);
		expectErrorBody(await core('GET', `/v1/webhook/subscription/${sub.id}`), 500, 'FORM_ERROR');
	});

	test('deliver SESSION_NEW to enabled subscribers, plus automatic CONTACT_NEW', async () => {
		const sub = (
			await core('POST', '/v1/webhook/subscription', {
				name: 'a',
				url: `${receiverUrl}/hook/secret`,
				events: ['SESSION_NEW', 'CONTACT_NEW'],
			})
		).json;
		await core('POST', '/v1/webhook/subscription', { name: 'off', url: `${receiverUrl}/off`, events: ['SESSION_NEW'], enabled: false });
		const results = await sb.deliver('SESSION_NEW');
		expect(results).toEqual([{ subscriptionId: sub.id, url: `${receiverUrl}/hook/secret`, status: 200 }]);
		expect(received).toHaveLength(1);
		const { body, headers, url } = received[0];
		expect(url).toBe('/hook/secret');
		expect(headers['content-type']).toBe('application/json');
		expect(body.eventType).toBe('SESSION_NEW');
		expect(body.date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{7}Z$/);
		// a new conversation the sandbox knows: opened by the first contact without one (contact 1 has one), window open
		expect(body.content).toEqual(sb.chat.session(body.content.id));
		expect(body.content).toMatchObject({
			status: 'PENDING',
			endAt: null,
			contactId: demo.contactId(2),
			departmentId: null,
			userId: null,
			origin: 'CUSTOMER',
			windowStatus: 'ACTIVE',
		});
		expect(body.content.contactDetails).toMatchObject({ id: demo.contactId(2) });

		await core('POST', '/v1/contact', { name: 'Hook', phoneNumber: '5511977776666', tagNames: ['VIP'] });
		await sb.waitForDeliveries();
		expect(received).toHaveLength(2);
		expect(received[1].body.eventType).toBe('CONTACT_NEW');
		expect(received[1].body.content).toMatchObject({
			name: 'Hook',
			phonenumber: '5511977776666',
			phonenumberFormatted: '+55 11 97777-6666',
			tagsId: [demo.tagId('VIP')],
		});
		expect(sb.deliveries).toHaveLength(2);

		const viaHttp = await call(
			'POST',
			'/__sandbox/events',
			{ eventType: 'SESSION_NEW', content: { contactId: demo.contactId(5), utm: 'x' } },
			{},
		);
		expect(viaHttp.json[0].status).toBe(200);
		expect(received[2].body.content).toMatchObject({ contactId: demo.contactId(5), utm: 'x', status: 'PENDING' });
		expect(sb.chat.session(received[2].body.content.id)).toMatchObject({ contactId: demo.contactId(5) });
		await expect(sb.deliver('NOT_AN_EVENT')).rejects.toThrow();
	});

	test('a duplicate storm (each delivery as many times at once as asked) and one delivery held late while the others go out', async () => {
		await core('POST', '/v1/webhook/subscription', { name: 'msg', url: `${receiverUrl}/msg`, events: ['MESSAGE_RECEIVED'] });
		const texts = () => received.map(({ body }) => body.content.text);
		sb.deliverTwice((eventType) => eventType === 'MESSAGE_RECEIVED' && 3);
		sb.chat.contactWrites('+55 31 97777-0303', 'oi');
		await sb.waitForDeliveries();
		sb.deliverTwice(undefined);
		expect(texts()).toEqual(['oi', 'oi', 'oi']);

		received = [];
		sb.holdDeliveries('MESSAGE_RECEIVED', (content) => content.text === 'atrasada');
		sb.chat.contactWrites('+55 31 97777-0303', 'atrasada');
		sb.chat.contactWrites('+55 31 97777-0303', 'na hora');
		await sb.waitForDeliveries();
		expect(texts()).toEqual(['na hora']);
		await sb.releaseDeliveries();
		expect(texts()).toEqual(['na hora', 'atrasada']);
	});

	test('every event the sandbox fires names records it has, so a workflow reacting to it can act on them', async () => {
		const chat = () => sb.chat;
		const known = {
			session: (id) => chat().session(id),
			message: (id) => chat().message(id),
			contact: (id) => sb.state.contacts.get(id),
			channel: (id) => sb.state.channels.get(id),
			department: (id) => sb.state.departments.get(id),
			user: (id) => sb.state.users.get(id),
		};
		const expectKnown = (kind, id) => expect([kind, id, known[kind](id) !== undefined]).toEqual([kind, id, true]);
		for (const seed of ['demo', 'empty']) {
			sb.reset(seed);
			for (const { event } of sb.state.events) {
				await core('POST', '/v1/webhook/subscription', { name: event, url: `${receiverUrl}/${event}`, events: [event] });
				await sb.deliver(event);
			}
			expect(received.map(({ body }) => body.eventType)).toEqual(sb.state.events.map(({ event }) => event));
			for (const { body } of received.splice(0)) {
				const { eventType, content } = body;
				if (eventType.startsWith('SESSION_')) {
					expect(content).toEqual(chat().session(content.id));
					expectKnown('contact', content.contactId);
					expectKnown('channel', content.channelId);
					if (content.departmentId) expectKnown('department', content.departmentId);
					if (content.userId) expectKnown('user', content.userId);
				} else if (eventType.startsWith('MESSAGE_')) {
					expect(content).toEqual(chat().message(content.id));
					expectKnown('session', content.sessionId);
				} else if (eventType.startsWith('CONTACT_')) {
					expectKnown('contact', content.id);
				} else if (eventType.startsWith('PAYMENT_')) {
					expectKnown('contact', content.contactId);
					if (content.sessionId) expectKnown('session', content.sessionId);
				} else if (eventType.startsWith('PANEL_CARD_') && content.contactIds) {
					for (const id of content.contactIds) expectKnown('contact', id);
				}
			}
		}
		sb.reset('demo');
		// A SESSION_NEW's conversation takes a free message: its window is open.
		await core('POST', '/v1/webhook/subscription', { name: 'new', url: `${receiverUrl}/new`, events: ['SESSION_NEW'] });
		await sb.deliver('SESSION_NEW');
		const opened = received.at(-1).body.content;
		const sent = await call('POST', '/chat/v1/send/text', { sessionId: opened.id, text: 'Bem-vindo!' });
		expect(sent.status).toBe(200);
	});

	test('content given with an event: its references must name records the sandbox has, and agree', async () => {
		await core('POST', '/v1/webhook/subscription', {
			name: 'all',
			url: `${receiverUrl}/all`,
			events: ['SESSION_UPDATE', 'MESSAGE_RECEIVED'],
		});
		const sessionsBefore = sb.chat.sessions().length;
		for (const [content, field] of [
			[{ id: 'x' }, 'content.id'],
			[{ id: demo.contactId(1) }, 'content.id'],
			[{ contactId: '00000000-0000-0000-0000-000000000000' }, 'content.contactId'],
			[{ departmentId: 'nope' }, 'content.departmentId'],
			[{ contactDetails: { id: 'nope' } }, 'content.contactDetails.id'],
		]) {
			const refused = await call('POST', '/__sandbox/events', { eventType: 'SESSION_UPDATE', content }, {});
			expect(refused.status).toBe(400);
			expect(refused.json.error).toContain(field);
		}
		await expect(sb.deliver('MESSAGE_RECEIVED', { sessionId: 'nope' })).rejects.toThrow('content.sessionId');
		await expect(sb.deliver('SESSION_UPDATE', 'text')).rejects.toThrow('JSON object');
		expect(received).toEqual([]);
		expect(sb.chat.sessions()).toHaveLength(sessionsBefore);

		const [open] = sb.chat.sessions().filter((s) => s.status === 'PENDING');
		await expect(sb.deliver('SESSION_UPDATE', { id: open.id, contactId: demo.contactId(9) })).rejects.toThrow('does not agree');
		await sb.deliver('SESSION_UPDATE', { id: open.id, departmentId: demo.departmentId('Financeiro'), title: 'Renegociação' });
		expect(received.at(-1).body.content).toMatchObject({
			id: open.id,
			departmentId: demo.departmentId('Financeiro'),
			title: 'Renegociação',
		});
		expect(sb.chat.session(open.id).departmentId).toBe(demo.departmentId('Financeiro'));
	});
});

describe('faults and limits', () => {
	test('failNext answers the scripted status without applying the request', async () => {
		sb.failNext(2, { status: 503, retryAfterSeconds: 2, method: 'POST', path: '/v1/contact' });
		const r1 = await core('POST', '/v1/contact', { name: 'F', phoneNumber: '5511933334444' });
		expectErrorBody(r1, 503, 'SERVICE_UNAVAILABLE');
		expect(r1.headers.get('retry-after')).toBe('2');
		expect((await core('GET', '/v1/contact')).status).toBe(200); // not matching: untouched
		expect((await core('POST', '/v1/contact', { name: 'F', phoneNumber: '5511933334444' })).status).toBe(503);
		expect(sb.state.contacts.size).toBe(20);
		expect((await core('POST', '/v1/contact', { name: 'F', phoneNumber: '5511933334444' })).status).toBe(200);
		expect(sb.requests.map((r) => r.status)).toEqual([503, 200, 503, 200]);

		await call('POST', '/__sandbox/fail-next', { count: 1, status: 429, pathRegex: 'webhook' }, {});
		const limited = await core('GET', '/v1/webhook/event');
		expectErrorBody(limited, 429, 'TOO_MANY_REQUESTS');
		expect(limited.headers.get('retry-after')).toBeNull();
	});

	test('rate429 / rate5xx are deterministic for a randomSeed', async () => {
		const run = async () => {
			sb.setFaults({ rate429: 0.3, rate5xx: 0.2, randomSeed: 42, retryAfterSeconds: 1 });
			const statuses = [];
			for (let i = 0; i < 30; i++) statuses.push((await core('GET', '/v1/webhook/event')).status);
			return statuses;
		};
		const first = await run();
		expect(await run()).toEqual(first);
		expect(first).toContain(429);
		expect(first).toContain(503);
		expect(first).toContain(200);
		sb.setFaults({ rate429: 1, rate5xx: 0 });
		const res = await core('POST', '/v1/contact', { name: 'Never' });
		expect(res.status).toBe(429);
		expect(res.headers.get('retry-after')).toBe('1');
		expect(sb.state.contacts.size).toBe(20);
	});

	test('enforceRateLimits: 200 requests per 5 s, then 429', async () => {
		sb.setFaults({ enforceRateLimits: true });
		const statuses = await Promise.all(Array.from({ length: 205 }, () => core('GET', '/v1/webhook/event').then((r) => r.status)));
		expect(statuses.filter((s) => s === 200)).toHaveLength(200);
		expect(statuses.filter((s) => s === 429)).toHaveLength(5);
		expect(sb.requests.filter((r) => r.status === 429)).toHaveLength(5);
	});

	test('sendCounting: each send endpoint allows 1,000 per 2 min, a batch weighing one request or its messages; a refusal counts nowhere', () => {
		const { Faults } = require('./faults');
		const batch = 'POST /chat/v1/send/template/batch';
		const wide = [{ windowMs: 5_000, max: 100_000 }];
		const perRequest = new Faults({ rateLimits: wide });
		expect(Array.from({ length: 11 }, () => perRequest.admit(KEY, batch, 100, 0))).toEqual(Array(11).fill(true));

		const perMessage = new Faults({ rateLimits: wide, sendCounting: 'message' });
		expect(Array.from({ length: 11 }, () => perMessage.admit(KEY, batch, 100, 0))).toEqual([...Array(10).fill(true), false]);
		// another endpoint of the family has its own window; the refused batch took nothing from the account
		expect(perMessage.admit(KEY, 'POST /chat/v1/send/text', 1, 0)).toBe(true);
		expect(perMessage.limiter.byKey.get(KEY)).toHaveLength(11);
		// two minutes later the window has room again
		expect(perMessage.admit(KEY, batch, 100, 120_000)).toBe(true);
		expect(() => perMessage.set({ sendCounting: 'recipient' })).toThrow('sendCounting');
	});

	test('redirectTo answers every /core request 307 to another origin, same path and query, unapplied', async () => {
		sb.setFaults({ redirectTo: 'http://127.0.0.1:9/ignored-path' });
		const res = await fetch(`${sb.url}/core/v1/contact?PageSize=5`, {
			method: 'POST',
			headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
			body: JSON.stringify({ name: 'Never' }),
			redirect: 'manual',
		});
		expect(res.status).toBe(307);
		expect(res.headers.get('location')).toBe('http://127.0.0.1:9/core/v1/contact?PageSize=5');
		expect(sb.state.contacts.size).toBe(20);
		expect(sb.requests.map((r) => r.status)).toEqual([307]);
		sb.setFaults({ redirectTo: undefined });
		expect((await core('GET', '/v1/webhook/event')).status).toBe(200);
	});

	test('latency is applied before answering', async () => {
		sb.setFaults({ latencyMs: 60 });
		const t0 = Date.now();
		await core('GET', '/v1/webhook/event');
		expect(Date.now() - t0).toBeGreaterThanOrEqual(55);
	});
});

describe('holding requests', () => {
	test('a held request waits unanswered and unapplied until released; others pass', async () => {
		const hold = sb.hold({ method: 'PUT', path: '/core/v2/contact/' });
		const id = demo.contactId(3);
		let answered = false;
		const put = core('PUT', `/v2/contact/${id}`, { fields: ['Annotation'], annotation: 'held' }).then((res) => {
			answered = true;
			return res;
		});
		while (hold.waiting.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
		expect((await core('GET', `/v1/contact/${id}`)).status).toBe(200);
		expect(answered).toBe(false);
		expect(sb.state.contacts.get(id).annotation).not.toBe('held');
		expect(hold.waiting).toEqual([`/core/v2/contact/${id}`]);
		hold.release();
		expect((await put).status).toBe(200);
		expect(sb.state.contacts.get(id).annotation).toBe('held');
		expect((await core('PUT', `/v2/contact/${id}`, { fields: ['Annotation'], annotation: 'free' })).status).toBe(200);
	});
});

describe('bulk and control API', () => {
	test('10,000 contacts page through without gaps or duplicates', async () => {
		sb.reset('empty');
		const seeded = sb.seedContacts(10_000, { prefix: 'Bulk' });
		expect(seeded[0].phoneNumber).toBe('+55|11900000001');
		const ids = [];
		for (let page = 1; ; page++) {
			const res = (await core('GET', `/v1/contact?PageSize=100&PageNumber=${page}`)).json;
			ids.push(...res.items.map((c) => c.id));
			if (!res.hasMorePages) break;
		}
		expect(ids).toEqual(seeded.map((c) => c.id));
	});

	test('control endpoints', async () => {
		expect((await call('GET', '/__sandbox/health', undefined, {})).json.ok).toBe(true);
		await call('POST', '/__sandbox/reset', { seed: 'empty' }, {});
		const state = (await call('GET', '/__sandbox/state', undefined, {})).json;
		expect(state.counts).toMatchObject({ contacts: 0, departments: 0, subscriptions: 0, events: 16, customFields: 8 });
		await call('POST', '/__sandbox/seed-contacts', { n: 3, prefix: 'C' }, {});
		expect(sb.state.contacts.size).toBe(3);
		await core('GET', '/v1/contact');
		expect((await call('GET', '/__sandbox/requests', undefined, {})).json).toHaveLength(1);
		await call('DELETE', '/__sandbox/requests', undefined, {});
		expect(sb.requests).toHaveLength(0);
		expect((await call('POST', '/__sandbox/faults', { rate429: 0.5 }, {})).json.rate429).toBe(0.5);
		expect((await call('POST', '/__sandbox/faults', { rate429: 2 }, {})).status).toBe(400);
	});
});
