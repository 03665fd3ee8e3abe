'use strict';

const http = require('node:http');
const { startSandbox, demo } = require('./index');

/** The sandbox's switches for what the real service legitimately varies (variations.js). */

const KEY = 'variations-key';
const MISSING = '00000000-0000-4000-8000-000000000000';
/** @type {import('./index').Sandbox} */
let sb;

async function core(method, path, body) {
	const res = await fetch(`${sb.url}/core${path}`, {
		method,
		headers: { authorization: `Bearer ${KEY}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await res.text();
	return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

beforeAll(async () => {
	sb = await startSandbox({ port: 0, apiKey: KEY });
});
afterAll(async () => await sb.close());
beforeEach(() => {
	sb.reset('demo');
	sb.variations.reset();
});
afterEach(() => expect(sb.contract.violations).toEqual([]));

test('httpStatusCode as the .NET name, a number, upper case with underscores, or run together', async () => {
	const forms = { name: 'InternalServerError', number: 500, upperSnake: 'INTERNAL_SERVER_ERROR', upper: 'INTERNALSERVERERROR' };
	for (const [statusCode, expected] of Object.entries(forms)) {
		sb.setVariations({ statusCode });
		const missing = await core('GET', `/v1/contact/${MISSING}`);
		expect([statusCode, missing.status, missing.json.httpStatusCode]).toEqual([statusCode, 500, expected]);
	}
	sb.setVariations({ statusCode: 'upperSnake', notFound: 'http404' });
	expect((await core('GET', `/v1/department/${MISSING}`)).json).toMatchObject({ httpStatusCode: 'NOT_FOUND', key: 'NOT_FOUND' });
});

test('not found as HTTP 500 FORM_ERROR (default) or as a 404', async () => {
	const formError = await core('GET', `/v1/webhook/subscription/${MISSING}`);
	expect(formError).toMatchObject({
		status: 500,
		json: { key: 'FORM_ERROR', text: 'Assinatura não encontrada', httpStatusCode: 'InternalServerError' },
	});
	sb.setVariations({ notFound: 'http404' });
	const notFound = await core('GET', `/v1/webhook/subscription/${MISSING}`);
	expect(notFound).toMatchObject({
		status: 404,
		json: { key: 'NOT_FOUND', text: 'Assinatura não encontrada', httpStatusCode: 'NotFound' },
	});
});

test('a validation error as Helena body (default) or as the ASP.NET answer, whose errors name the field', async () => {
	sb.setVariations({ tagRemoval: 'seed' });
	const helena = await core('POST', `/v1/contact/${demo.contactId(1)}/tags`, { tagNames: ['VIP'], operation: 'DeleteIfExists' });
	expect(helena).toMatchObject({ status: 400, json: { key: 'VALIDATION_ERROR', details: { field: 'operation' } } });
	sb.setVariations({ validation: 'aspnet' });
	const aspnet = await core('POST', `/v1/contact/${demo.contactId(1)}/tags`, { tagNames: ['VIP'], operation: 'DeleteIfExists' });
	expect(aspnet).toEqual({
		status: 400,
		json: {
			type: expect.any(String),
			title: 'One or more validation errors occurred.',
			status: 400,
			errors: { '$.operation': ['The JSON value could not be converted to TagOperation. Path: $.operation'] },
			traceId: expect.stringMatching(/^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/),
		},
	});
	expect(sb.state.contacts.get(demo.contactId(1)).tagIds).toContain(demo.tagId('VIP'));
});

test("tag removal: the reference's spelling (default), the spec's, or both are understood", async () => {
	const remove = (operation) => core('POST', `/v1/contact/${demo.contactId(1)}/tags`, { tagNames: ['VIP'], operation });
	const tagsUpdate = (tagsOperation) =>
		core('PUT', `/v2/contact/${demo.contactId(1)}`, { fields: ['Tags'], tagNames: ['VIP'], options: { tagsOperation } });
	const outcomes = {};
	for (const tagRemoval of ['both', 'seed', 'vendor']) {
		sb.setVariations({ tagRemoval });
		outcomes[tagRemoval] = [];
		for (const spelling of ['ExcluiIfExists', 'DeleteIfExists']) {
			sb.reset('demo');
			outcomes[tagRemoval].push(`${spelling} ${(await remove(spelling)).status}/${(await tagsUpdate(spelling)).status}`);
		}
	}
	expect(outcomes).toEqual({
		both: ['ExcluiIfExists 200/200', 'DeleteIfExists 200/200'],
		seed: ['ExcluiIfExists 200/200', 'DeleteIfExists 400/400'],
		vendor: ['ExcluiIfExists 400/400', 'DeleteIfExists 200/200'],
	});
	// the spec's spelling is outside the contract unless a switch plays a service that reads it
	expect(sb.takeViolations().map((v) => v.problems.map((p) => p.key))).toEqual([['body.operation'], ['body.options.tagsOperation']]);
});

test("the contract's other reading: ExcluiIfExists is admitted only while tagRemoval plays seed or both", async () => {
	const remove = () => core('POST', `/v1/contact/${demo.contactId(1)}/tags`, { tagNames: ['VIP'], operation: 'ExcluiIfExists' });
	expect(sb.variations.settings.tagRemoval).toBe('vendor');
	expect(await remove()).toMatchObject({ status: 400, json: { key: 'CONTRACT_VIOLATION' } });
	const [violation] = sb.takeViolations();
	expect(violation.problems).toEqual([
		{ key: 'body.operation', message: '"ExcluiIfExists" is not one of InsertIfNotExists, DeleteIfExists, ReplaceAll' },
	]);
	for (const tagRemoval of ['seed', 'both']) {
		sb.setVariations({ tagRemoval });
		sb.reset('demo');
		expect((await remove()).status).toBe(200);
	}
});

test('a delivered event dates itself with 7 fractional digits (default), milliseconds or whole seconds', async () => {
	const received = [];
	const receiver = http.createServer((req, res) => {
		let text = '';
		req.on('data', (chunk) => (text += chunk));
		req.on('end', () => {
			received.push(JSON.parse(text));
			res.end();
		});
	});
	await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
	try {
		await core('POST', '/v1/webhook/subscription', {
			name: 'dates',
			url: `http://127.0.0.1:${receiver.address().port}/`,
			events: ['SESSION_NEW'],
		});
		for (const webhookDate of ['ticks', 'millis', 'seconds']) {
			sb.setVariations({ webhookDate });
			await sb.deliver('SESSION_NEW');
		}
	} finally {
		await new Promise((resolve) => receiver.close(resolve));
	}
	expect(received.map((event) => event.date)).toEqual([
		expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{7}Z$/),
		expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
		expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
	]);
});

test('switches are set over the control API too, and an unknown one is refused', async () => {
	const set = await fetch(`${sb.url}/__sandbox/variations`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ statusCode: 'number', tagRemoval: 'seed' }),
	});
	expect(await set.json()).toMatchObject({ statusCode: 'number', tagRemoval: 'seed', notFound: 'formError500' });
	const bad = await fetch(`${sb.url}/__sandbox/variations`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ statusCode: 'roman' }),
	});
	expect(bad.status).toBe(400);
	expect(() => sb.setVariations({ colour: 'blue' })).toThrow(/unknown variation/);
});
