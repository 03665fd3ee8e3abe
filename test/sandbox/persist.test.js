'use strict';

/*
 * A kept sandbox (`npm start`'s): its records outlive a restart, so the conversations, contacts and subscriptions
 * that n8n's executions and active triggers refer to are still there; the tests' sandboxes start from the seed.
 */

const { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync, existsSync } = require('node:fs');
const { createServer } = require('node:http');
const { tmpdir } = require('node:os');
const path = require('node:path');

const { startSandbox, demo } = require('./index');
const { encodeGraph, decodeGraph } = require('./persist');
const { chatOf } = require('./chat/store');

const KEY = 'persist-test-key';

describe('a sandbox that keeps its records in a file', () => {
	let folder;
	let file;
	const sandboxes = [];
	const start = async (options = {}) => {
		const sandbox = await startSandbox({ port: 0, apiKey: KEY, stateFile: file, chatStepMs: 0, ...options });
		sandboxes.push(sandbox);
		return sandbox;
	};
	const api = async (sandbox, method, route, body) => {
		const response = await fetch(`${sandbox.url}${route}`, {
			method,
			headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
			body: body && JSON.stringify(body),
		});
		return { status: response.status, json: await response.json() };
	};
	const asThePage = async (sandbox, action, body) =>
		await fetch(`${sandbox.url}/__sandbox/page/${action}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', origin: sandbox.url },
			body: JSON.stringify(body),
		});

	beforeEach(() => {
		folder = mkdtempSync(path.join(tmpdir(), 'helena-kept-'));
		file = path.join(folder, '.dev', 'sandbox-state.json');
	});
	afterEach(async () => {
		for (const sandbox of sandboxes.splice(0)) if (!sandbox.closed) await sandbox.close();
		rmSync(folder, { recursive: true, force: true });
	});

	test('what was done before a restart is there after it: a contact and conversation started on the page, a message sent, a subscription', async () => {
		const first = await start();
		expect(first.kept).toEqual({ restored: false });
		await asThePage(first, 'startConversation', { phone: '+55 11 97354-7420', name: 'Paula Newcomer', text: 'Oi!' });
		const subscription = await api(first, 'POST', '/core/v1/webhook/subscription', {
			name: 'n8n trigger',
			url: 'http://127.0.0.1:9/webhook',
			events: ['MESSAGE_RECEIVED'],
		});
		const sent = await api(first, 'POST', '/chat/v1/send/text', { from: '5511940000001', to: '+55 11 97354-7420', text: 'Olá Paula!' });
		expect([subscription.status, sent.status]).toEqual([200, 200]);
		const before = { counts: first.counts(), sessions: first.chat.sessions(), contacts: first.snapshot().contacts };
		await first.close();

		const second = await start();

		expect(second.kept).toEqual({ restored: true });
		expect({ counts: second.counts(), sessions: second.chat.sessions(), contacts: second.snapshot().contacts }).toEqual(before);
		expect((await api(second, 'GET', `/core/v1/webhook/subscription/${subscription.json.id}`)).json.name).toBe('n8n trigger');
		// the message on its way when the sandbox stopped (chatStepMs 0: it was still QUEUED) has arrived since, unannounced
		expect(before.sessions.length).toBeGreaterThan(3);
		expect(second.chat.message(sent.json.id)).toMatchObject({ text: 'Olá Paula!', status: 'READ' });
		expect(second.deliveries).toEqual([]);
		// a record two stores share is one record again: the user an agent stands for is the user of the core state
		const chat = chatOf(second.state);
		const agent = [...chat.agents.values()][0];
		expect(agent.user).toBe(second.state.users.get(agent.userId));
		// the demo history's files are served again, byte for byte
		const image = [...chat.files.values()].find((each) => each.mimeType === 'image/png');
		expect(Buffer.isBuffer(image.bytes)).toBe(true);
		// and what is done now is kept in its turn
		await asThePage(second, 'changeContact', { contactId: demo.contactId(2), annotation: 'after the restart' });
		await second.close();
		const third = await start();
		expect(third.state.contacts.get(demo.contactId(2)).annotation).toBe('after the restart');
	});

	test('a change is written within a couple of seconds, without a stop; aside and then renamed, leaving no partial file', async () => {
		const sandbox = await start();
		await asThePage(sandbox, 'changeContact', { contactId: demo.contactId(3), annotation: 'first' });
		await waitFor(() => existsSync(file));
		const firstWrite = statSync(file).ino;
		await asThePage(sandbox, 'changeContact', { contactId: demo.contactId(3), annotation: 'second' });
		await waitFor(() => statSync(file).ino !== firstWrite);

		expect(readdirSync(path.dirname(file))).toEqual(['sandbox-state.json']);
		const saved = decodeGraph(require('node:fs').readFileSync(file, 'utf8'));
		expect(saved.state.contacts.get(demo.contactId(3)).annotation).toBe('second');
	});

	test('a file it cannot read is set aside, named, and the sandbox starts from the demo data', async () => {
		require('node:fs').mkdirSync(path.dirname(file), { recursive: true });
		writeFileSync(file, '{"format": 1, "state": {');

		const sandbox = await start();

		expect(sandbox.kept).toEqual({
			restored: false,
			problem: expect.stringMatching(/^sandbox-state\.json could not be read \(.+\); it is now sandbox-state\.json\.unreadable$/),
		});
		expect(sandbox.counts().contacts).toBe(20);
		expect(existsSync(`${file}.unreadable`)).toBe(true);
	});

	test('a sandbox without a file (every test) starts from the seed, whatever a kept one wrote', async () => {
		const kept = await start();
		await asThePage(kept, 'startConversation', { phone: '+55 11 97354-7420', text: 'Oi!' });
		await kept.close();

		const plain = await startSandbox({ port: 0, apiKey: KEY });
		sandboxes.push(plain);

		expect([plain.kept, plain.keeper, plain.counts().contacts]).toEqual([{ restored: false }, undefined, 20]);
	});

	test('its subscriptions outlive a restart: an event reaches the trigger n8n activated before it (n8n 2.x does not subscribe again)', async () => {
		const hits = [];
		const receiver = createServer((req, res) => {
			let body = '';
			req.on('data', (chunk) => (body += chunk));
			req.on('end', () => (hits.push(JSON.parse(body).eventType), res.end('ok')));
		});
		await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
		try {
			const first = await start();
			await api(first, 'POST', '/core/v1/webhook/subscription', {
				name: 'n8n trigger',
				url: `http://127.0.0.1:${receiver.address().port}/hook`,
				events: ['MESSAGE_RECEIVED'],
			});
			await first.close();

			const second = await start();
			second.chat.contactWrites(demo.contactPhone(1), 'Ainda estão aí?');
			await second.waitForDeliveries();

			expect(hits).toEqual(['MESSAGE_RECEIVED']);
		} finally {
			receiver.close();
		}
	});
});

describe('the saved form of a graph', () => {
	test('Maps, Sets, Buffers, Dates, keys that start with $, and an object reached twice or in a cycle come back as they were', () => {
		const user = { id: 'u1', name: 'Ana', metadata: { $weird: 1 } };
		const graph = {
			users: new Map([['u1', user]]),
			agents: [{ user }],
			tags: new Set(['a', 'b']),
			bytes: Buffer.from([0, 1, 255]),
			at: new Date('2026-01-05T12:00:00.000Z'),
			missing: undefined,
		};
		graph.self = graph;

		const back = decodeGraph(encodeGraph(graph));

		expect(back.users.get('u1')).toEqual(user);
		expect(back.agents[0].user).toBe(back.users.get('u1'));
		expect(back.self).toBe(back);
		expect([...back.tags]).toEqual(['a', 'b']);
		expect(back.bytes).toEqual(Buffer.from([0, 1, 255]));
		expect(back.at).toEqual(new Date('2026-01-05T12:00:00.000Z'));
		expect('missing' in back).toBe(false);
	});

	test('a class instance or a function is refused, named, rather than saved as something else', () => {
		expect(() => encodeGraph({ timer: new URL('http://x') })).toThrow('a URL cannot be saved');
		expect(() => encodeGraph({ run: () => 1 })).toThrow('a function cannot be saved');
	});
});

async function waitFor(check, ms = 5000) {
	for (const deadline = Date.now() + ms; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
		try {
			if (check()) return;
		} catch {
			// not there yet
		}
	}
	throw new Error(`not within ${ms} ms`);
}
