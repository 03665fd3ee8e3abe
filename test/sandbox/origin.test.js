'use strict';

const http = require('node:http');
const { startSandbox, demo } = require('./index');
const { pageView } = require('./page/view');
const clock = require('./clock');
const { afterBoundReading } = require('./afterBound');

/*
 * The sandbox answers only its own callers (localOnly.js): a page on another site can neither drive it (a
 * cross-site text/plain or form POST needs no preflight) nor read it (a name of its own resolved to 127.0.0.1).
 */

const KEY = 'origin-test-key';
/** @type {import('./index').Sandbox} */
let sb;
let port = 0;
/** @type {http.Server} */
let receiver;
let received = 0;

/**
 * A raw request, so that Host and Origin are exactly what a browser on another site would send.
 * @param {string} method @param {string} path @param {{ host?: string, headers?: Record<string, string>, body?: string }} [options]
 * @returns {Promise<{ status: number, text: string }>}
 */
function raw(method, path, { host = `127.0.0.1:${port}`, headers = {}, body } = {}) {
	return new Promise((resolve, reject) => {
		const req = http.request({ host: '127.0.0.1', port, method, path, headers: { host, ...headers } }, (res) => {
			let text = '';
			res.setEncoding('utf8');
			res.on('data', (chunk) => (text += chunk));
			res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
		});
		req.on('error', reject);
		req.end(body);
	});
}

const EVIL = 'http://evil.example';
const CARD = demo.cardId('Maria Silva - Plano Pro');

/** Every POST that changes the sandbox, with a body that would do it. */
const CONTROL_POSTS = {
	'/__sandbox/faults': { rate429: 1 },
	'/__sandbox/fail-next': { count: 5, status: 500 },
	'/__sandbox/variations': { statusCode: 'number' },
	'/__sandbox/contract/take-violations': {},
	'/__sandbox/reset': { seed: 'empty' },
	'/__sandbox/seed-contacts': { n: 3 },
	'/__sandbox/clock': { at: '2000-01-01T00:00:00Z' },
	'/__sandbox/page-order': { order: 'reversed' },
	'/__sandbox/after-bound': { reading: 'inclusive' },
	'/__sandbox/events': { eventType: 'SESSION_NEW' },
	'/__sandbox/chat/contact-writes': { phone: '+5511987654321', text: 'hi' },
	'/__sandbox/chat/contact-writes-burst': { phone: '+5511987654321', texts: ['hi', 'there'], gapMs: 0 },
	'/__sandbox/deliveries/hold': {},
	'/__sandbox/deliveries/release': { order: 'reversed' },
	'/__sandbox/deliveries/redeliver': { index: 0 },
	'/__sandbox/chat/advance': {},
	'/__sandbox/chat/fail-deliveries': { phone: '+5511987654321', reason: 'x' },
};
const PAGE_POSTS = () => {
	const session = sb.chat.sessions()[0];
	return {
		'/__sandbox/page/startConversation': { phone: '+5511912345678', text: 'from another site' },
		'/__sandbox/page/reply': { sessionId: session.id, text: 'hi' },
		'/__sandbox/page/replyBurst': { sessionId: session.id, text: 'hi\nthere', gapMs: 0 },
		'/__sandbox/page/completeConversation': { sessionId: session.id },
		'/__sandbox/page/changeContact': { contactId: demo.contactId(1), annotation: 'changed from another site' },
		'/__sandbox/page/moveCard': { cardId: CARD, stepId: demo.stepId('Funil de Vendas', 'Proposta') },
		'/__sandbox/page/setCardStatus': { cardId: CARD, status: 'LOST' },
		'/__sandbox/page/fireEvent': { eventType: 'SESSION_NEW' },
	};
};

/** All that a refused request could have changed. */
function fingerprint() {
	return JSON.stringify({
		snapshot: sb.snapshot(),
		page: pageView(sb),
		faults: sb.faults.settings,
		scripted: sb.faults.scripted.length,
		variations: sb.variations.settings,
		contract: sb.contractStats(),
		afterBound: afterBoundReading(),
		requests: sb.requests.length,
		deliveries: sb.deliveries.length,
		held: sb.deliverer.held?.length ?? null,
	});
}
const clockIsReal = () => Math.abs(clock.now() - Date.now()) < 60_000;

beforeAll(async () => {
	sb = await startSandbox({ port: 0, apiKey: KEY, chatStepMs: 0 });
	port = Number(new URL(sb.url).port);
	receiver = http.createServer((req, res) => {
		received++;
		req.resume();
		res.end('ok');
	});
	await new Promise((resolve) => receiver.listen(0, '127.0.0.1', () => resolve(undefined)));
});
afterAll(async () => {
	await sb.close();
	await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(async () => {
	sb.reset('demo');
	sb.clearRequests();
	received = 0;
	const hook = await raw('POST', '/core/v1/webhook/subscription', {
		headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
		body: JSON.stringify({
			name: 'every event',
			url: `http://127.0.0.1:${/** @type {any} */ (receiver.address()).port}/hook`,
			events: ['SESSION_NEW', 'CONTACT_NEW', 'CONTACT_UPDATE', 'MESSAGE_RECEIVED', 'SESSION_COMPLETE', 'PANEL_CARD_UPDATE'],
		}),
	});
	expect(hook.status).toBe(200);
	sb.clearRequests();
});

test('it listens on 127.0.0.1 only, and so does its file host', () => {
	expect(sb.server.address()).toMatchObject({ address: '127.0.0.1' });
	expect(new URL(sb.url).hostname).toBe('127.0.0.1');
	expect(sb.media.server.address()).toMatchObject({ address: '127.0.0.1' });
});

describe('a page on another site cannot drive it', () => {
	test.each([
		[
			'a cross-site text/plain POST (no preflight)',
			{ origin: EVIL, 'content-type': 'text/plain;charset=UTF-8' },
			/Origin 'http:\/\/evil.example'/,
		],
		['a cross-site form POST', { origin: EVIL, 'content-type': 'application/x-www-form-urlencoded' }, /Origin/],
		['a JSON POST from another origin', { origin: EVIL, 'content-type': 'application/json' }, /Origin/],
		[
			'a text/plain POST without Origin',
			{ 'content-type': 'text/plain;charset=UTF-8' },
			/Content-Type 'text\/plain;charset=UTF-8' refused/,
		],
		['a POST without Content-Type', {}, /Content-Type \(absent\) refused/],
	])('%s to each control and page route: 403 saying why, nothing changed, no event delivered', async (_, headers, why) => {
		const before = fingerprint();
		const routes = { ...CONTROL_POSTS, ...PAGE_POSTS() };
		for (const [path, body] of Object.entries(routes)) {
			const answer = await raw('POST', path, { headers, body: JSON.stringify(body) });
			expect({ path, status: answer.status }).toEqual({ path, status: 403 });
			expect(answer.text).toMatch(why);
		}
		await sb.waitForDeliveries();
		expect(fingerprint()).toBe(before);
		expect(clockIsReal()).toBe(true);
		expect(received).toBe(0);
		expect(sb.counts().contacts).toBeGreaterThan(0);
	});

	test('DELETE of the request log and deliveries, and an API call with the key, from another origin: 403', async () => {
		await raw('GET', '/core/v1/tag', { headers: { authorization: `Bearer ${KEY}` } });
		const before = fingerprint();
		for (const path of ['/__sandbox/requests', '/__sandbox/deliveries'])
			expect((await raw('DELETE', path, { headers: { origin: EVIL } })).status).toBe(403);
		const create = await raw('POST', '/core/v1/tag', {
			headers: { origin: EVIL, authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
			body: JSON.stringify({ name: 'from another site' }),
		});
		expect(create.status).toBe(403);
		expect(fingerprint()).toBe(before);
	});

	test('an Origin of "null" (a sandboxed frame, a file) is not the sandbox page', async () => {
		const answer = await raw('POST', '/__sandbox/reset', {
			headers: { origin: 'null', 'content-type': 'application/json' },
			body: '{"seed":"empty"}',
		});
		expect(answer.status).toBe(403);
		expect(sb.counts().contacts).toBeGreaterThan(0);
	});
});

describe('a foreign Host (DNS rebinding) cannot read it', () => {
	test.each([`rebind.example:${port || 'PORT'}`, 'evil.example', '127.0.0.1:1', `127.0.0.1.evil.example`])(
		'Host %s: the page state, the state, the request log and the API are refused, the key never in the answer',
		async (hostTemplate) => {
			const host = hostTemplate.replace('PORT', String(port));
			await raw('GET', '/core/v1/tag', { headers: { authorization: `Bearer ${KEY}` } });
			const before = fingerprint();
			for (const [method, path, headers] of [
				['GET', '/', {}],
				['GET', '/__sandbox/page/state', {}],
				['GET', '/__sandbox/state', {}],
				['GET', '/__sandbox/requests', {}],
				['GET', '/core/v1/tag', { authorization: `Bearer ${KEY}` }],
				['PUT', '/__storage/0b0b0b0b-0000-4000-8000-000000000000', {}],
			]) {
				const answer = await raw(method, path, { host, headers });
				expect({ path, status: answer.status }).toEqual({ path, status: 403 });
				expect(answer.text).toMatch(/^403 Forbidden: Host '.+' is not this sandbox: it answers only 127\.0\.0\.1:\d+ or localhost:\d+\n$/);
				expect(answer.text).not.toContain(KEY);
			}
			const reset = await raw('POST', '/__sandbox/reset', {
				host,
				headers: { 'content-type': 'application/json' },
				body: '{"seed":"empty"}',
			});
			expect(reset.status).toBe(403);
			expect(fingerprint()).toBe(before);
		},
	);
});

describe('its own callers still reach it', () => {
	test('the page, at 127.0.0.1 or localhost, reads its state with the key and acts (with its own Origin)', async () => {
		for (const name of ['127.0.0.1', 'localhost']) {
			const host = `${name}:${port}`;
			const origin = `http://${host}`;
			expect((await raw('GET', '/', { host })).status).toBe(200);
			const state = await raw('GET', '/__sandbox/page/state', { host, headers: { origin } });
			expect(state.status).toBe(200);
			expect(JSON.parse(state.text).apiKey).toBe(KEY);
			const changed = await raw('POST', '/__sandbox/page/changeContact', {
				host,
				headers: { origin, 'content-type': 'application/json' },
				body: JSON.stringify({ contactId: demo.contactId(1), annotation: `changed on the page at ${name}` }),
			});
			expect(changed.status).toBe(200);
			expect(sb.state.contacts.get(demo.contactId(1)).annotation).toBe(`changed on the page at ${name}`);
		}
		await sb.waitForDeliveries();
		expect(received).toBe(2);
	});

	test('a test or a script (no Origin, JSON): control routes; the node (no Origin, the key): the API', async () => {
		const json = { 'content-type': 'application/json; charset=utf-8' };
		expect((await raw('POST', '/__sandbox/seed-contacts', { headers: json, body: '{"n":2,"prefix":"Z"}' })).status).toBe(200);
		expect((await raw('POST', '/__sandbox/chat/advance', { headers: json })).status).toBe(200);
		expect((await raw('DELETE', '/__sandbox/requests')).status).toBe(200);
		expect((await raw('GET', '/__sandbox/health')).status).toBe(200);
		const list = await raw('GET', '/core/v1/tag', { host: `localhost:${port}`, headers: { authorization: `Bearer ${KEY}` } });
		expect(list.status).toBe(200);
		expect(sb.requests).toHaveLength(1);
		const viaFetch = await fetch(`${sb.url}/__sandbox/reset`, { method: 'POST', headers: json, body: '{"seed":"empty"}' });
		expect(viaFetch.status).toBe(200);
		expect(sb.counts().contacts).toBe(0);
	});
});
