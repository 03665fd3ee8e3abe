'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const { startSandbox, DEFAULT_API_KEY } = require('../sandbox');

/**
 * `npm run smoke` runs the node's read operations against an account and holds each answer to the documented
 * schema. Against the sandbox (whose answers conform) it passes; against a server that answers one field
 * differently, or leaves out a field the node needs, it names the operation and the field, and fails. It stops
 * at once, saying why, when the host cannot be reached or the key is refused.
 */

const script = path.join(__dirname, '../../scripts/smoke.mjs');
/** The temp directories given to the runs, removed at the end. */
const tmpDirs = [];
afterAll(() => {
	for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * Runs the smoke script as a maintainer would, the key in the environment, with a temp directory of its own (to
 * see what it leaves there); resolves with its exit code or signal, its output and that directory.
 * `stopWhen(tmp)`: sends SIGTERM once it holds, looked at every 100 ms.
 */
function smoke(baseUrl, { key = DEFAULT_API_KEY, args = [], stopWhen } = {}) {
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'smoke-test-tmp-'));
	tmpDirs.push(tmp);
	// as on a maintainer's machine: no n8n user folder set (the test run's own is not passed on)
	const { N8N_USER_FOLDER, ...env } = process.env;
	return new Promise((resolve) => {
		const child = spawn(process.execPath, [script, '--base-url', baseUrl, ...args], {
			env: { ...env, HELENA_API_KEY: key, HELENA_SMOKE_PHONE: '+55 11 99999-0001', TMPDIR: tmp },
		});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk) => (stdout += chunk));
		child.stderr.on('data', (chunk) => (stderr += chunk));
		const watch = stopWhen
			? setInterval(() => {
					if (!stopWhen(tmp)) return;
					clearInterval(watch);
					child.kill('SIGTERM');
				}, 100)
			: undefined;
		child.on('close', (status, signal) => {
			clearInterval(watch);
			resolve({ status, signal, stdout, stderr, tmp });
		});
	});
}

const rowOf = (stdout, operation) => stdout.split('\n').find((line) => line.startsWith(`| ${operation} |`));

describe('npm run smoke', () => {
	let sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox();
	});
	afterAll(async () => {
		await sandbox.close();
	});
	beforeEach(() => sandbox.misbehaviour.clear());

	test('against answers that conform it prints one row per operation with its request and status, and passes; the key is never printed', async () => {
		const { status, stdout } = await smoke(sandbox.url, { args: ['--only', 'Department'] });

		expect(stdout).not.toContain(DEFAULT_API_KEY);
		expect(rowOf(stdout, 'Department → Get')).toMatch(
			/^\| Department → Get \| GET \/core\/v1\/department\/\{id\} → 200 \| \d+ ms \| conforms \|$/,
		);
		expect(status).toBe(0);
	});

	test('a field answered differently, or a documented field the node needs left out, names the operation, the request and the field', async () => {
		// bent on purpose: a server whose department answers a documented integer as text, and whose panel has no id
		sandbox.misbehaviour.always({
			method: 'GET',
			path: /^\/core\/v1\/department\/[^/]+$/,
			reshape: (answer) => ({ ...answer, distributionConfig: { ...answer.distributionConfig, inactivityTimeInMinutes: '15' } }),
		});
		sandbox.misbehaviour.always({ method: 'GET', path: /^\/crm\/v1\/panel\/[^/]+$/, reshape: ({ id, ...rest }) => rest });
		const { status, stdout } = await smoke(sandbox.url, { args: ['--only', 'Department → Get,Panel → Get'] });

		expect(rowOf(stdout, 'Department → Get')).toContain(
			'GET /core/v1/department/{id} 200: distributionConfig.inactivityTimeInMinutes must be an integer, not "15"',
		);
		expect(rowOf(stdout, 'Panel → Get')).toContain('GET /crm/v1/panel/{id} 200: id is missing; the node names records by it');
		expect(rowOf(stdout, 'Department → Get Many')).toMatch(/ conforms \|$/);
		expect(status).toBe(1);
	});

	test('the key comes from HELENA_API_KEY only: a key given as an argument is refused, and nothing runs', async () => {
		const { status, stderr } = await smoke(sandbox.url, { args: ['--api-key', 'pn_secret'] });
		expect(status).toBe(2);
		expect(stderr).toContain('the key goes in HELENA_API_KEY, never as an argument');
		expect(stderr).not.toContain('pn_secret');
	});
});

/** A port on 127.0.0.1 where nothing listens: taken from the system, then let go. */
async function closedPort() {
	const server = net.createServer();
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address();
	await new Promise((resolve) => server.close(resolve));
	return port;
}

describe('npm run smoke fails fast and says why', () => {
	let sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox();
	});
	afterAll(async () => {
		await sandbox.close();
	});
	beforeEach(() => {
		sandbox.misbehaviour.clear();
		sandbox.clearRequests();
	});

	test('a host where nothing listens: the node’s own "could not reach" with the Base URL hint, within seconds, non-zero, nothing run, no temp folder left', async () => {
		const port = await closedPort();
		const started = Date.now();
		const { status, stdout, stderr, tmp } = await smoke(`http://127.0.0.1:${port}`);
		const output = stdout + stderr;

		expect(Date.now() - started).toBeLessThan(20_000);
		expect(status).toBe(1);
		expect(output).toContain(`Could not reach Helena at http://127.0.0.1:${port}`);
		expect(output).toContain('Check the Base URL');
		expect(output).not.toMatch(/502|having trouble/);
		expect(rowOf(stdout, 'Department → Get')).toMatch(/\| not run \|$/);
		expect(fs.readdirSync(tmp)).toEqual([]);
	}, 60_000);

	test('a wrong key: the 401 said once, after the first request, and every step marked not run', async () => {
		const { status, stdout, stderr } = await smoke(sandbox.url, { key: 'pn_wrong_key_0000000000000000' });

		expect(status).toBe(1);
		expect(stdout + stderr).toContain('Helena rejected the API key (401 Unauthorized)');
		expect(sandbox.requests).toHaveLength(1);
		const rows = stdout.split('\n').filter((line) => /^\| [A-Z]/.test(line));
		expect(rows[0]).toMatch(
			/^\| Helena reachable, key accepted \| GET \/core\/v1\/webhook\/event \|  \| the node failed: Helena rejected the API key \(401/,
		);
		expect(rows.slice(1).filter((row) => !row.endsWith('|  |  | not run |'))).toEqual([]);
		expect(rows.length).toBeGreaterThan(30);
	}, 60_000);

	test('a 403 in the middle of the run stops it there: the steps after it are not run', async () => {
		const forbidden = { key: 'FORBIDDEN', text: 'Sem permissão', httpStatusCode: 'Forbidden' };
		sandbox.misbehaviour.always({ method: 'GET', path: /^\/core\/v2\/department$/, status: 403, body: forbidden });
		const { status, stdout } = await smoke(sandbox.url, { args: ['--only', 'Department,Webhook'] });

		expect(rowOf(stdout, 'Department → Get Many')).toContain('The API key is not allowed to do this (403 Forbidden)');
		for (const operation of ['Department → Get', 'Department → Get Channels', 'Webhook → Get Many', 'Webhook → Get Events'])
			expect(rowOf(stdout, operation)).toMatch(/\| not run \|$/);
		expect(stdout).toMatch(/^smoke: stopped at Department → Get Many: Helena answered 403 to GET \/core\/v2\/department/m);
		expect(status).toBe(1);
	}, 60_000);

	test('a host that stops answering in the middle of the run: a failed connection for the node (no made-up 502), and the run stops', async () => {
		sandbox.misbehaviour.always({ method: 'GET', path: /^\/core\/v2\/department$/, reset: true });
		const { status, stdout } = await smoke(sandbox.url, { args: ['--only', 'Department'] });

		expect(rowOf(stdout, 'Department → Get Many')).toMatch(/GET \/core\/v2\/department → no answer \(/);
		expect(stdout).toMatch(/^smoke: stopped at Department → Get Many: the connection to Helena at http:\/\/127\.0\.0\.1:\d+ failed/m);
		expect(rowOf(stdout, 'Department → Get Many')).toContain(`The connection to ${sandbox.url} broke`);
		expect(stdout).not.toContain('502');
		expect(rowOf(stdout, 'Department → Get')).toMatch(/\| not run \|$/);
		expect(status).toBe(1);
	}, 60_000);

	test('a Base URL ending in /core reads as the node reads it: every path once /core, and the run passes', async () => {
		const { status, stdout } = await smoke(`${sandbox.url}/core/`, { args: ['--only', 'Department → Get'] });

		expect(rowOf(stdout, 'Department → Get')).toMatch(/\| GET \/core\/v1\/department\/\{id\} → 200 \| \d+ ms \| conforms \|$/);
		expect(sandbox.requests.map((request) => request.path).filter((path) => path.startsWith('/core/core'))).toEqual([]);
		expect(status).toBe(0);
	}, 60_000);

	test('--only lists the asked steps alone; a skipped step says skipped (with why) in the progress, never ok', async () => {
		// no conversations: the steps that find a message for Get Status have nothing to list, and are not asked for
		sandbox.misbehaviour.always({
			method: 'GET',
			path: '/chat/v2/session',
			reshape: (page) => ({ ...page, items: [], totalPages: 0, hasMorePages: false }),
		});
		const { status, stdout, stderr } = await smoke(sandbox.url, { args: ['--only', 'Message → Get Status,Webhook → Get'] });

		const rows = stdout
			.split('\n')
			.filter((line) => /^\| [A-Z]/.test(line))
			.map((line) => line.split(' | ')[0].slice(2));
		expect(rows).toEqual(['Webhook → Get Many', 'Webhook → Get', 'Webhook → Get Events', 'Message → Get Status']);
		expect(stderr).toMatch(/^skipped Webhook → Get: no subscription to use$/m);
		expect(stderr).toMatch(/^skipped Message → Get Status: no sentMessage to use/m);
		expect(stderr).not.toMatch(/^ok +Webhook → Get$/m);
		expect(status).toBe(0);
	}, 60_000);

	test('a 429 with Retry-After prints that it waits, why and how long', async () => {
		sandbox.misbehaviour.next({ method: 'GET', path: /^\/core\/v2\/department$/, retryAfter: '2' });
		const { status, stderr } = await smoke(sandbox.url, { args: ['--only', 'Department → Get Many'] });

		expect(stderr).toMatch(/waiting 2 s: Helena answered 429 \(rate limit\) to GET \/core\/v2\/department/);
		expect(status).toBe(0);
	}, 60_000);

	test('Ctrl+C or SIGTERM in the middle of a run leaves no temp folder behind', async () => {
		// a request that is never answered keeps the run in the middle of a step
		sandbox.misbehaviour.always({ method: 'GET', path: /^\/core\/v2\/department$/, hang: true });
		const { status, signal, tmp } = await smoke(sandbox.url, {
			args: ['--only', 'Department → Get Many'],
			// stopped once n8n's settings (with their encryption key) are written, while the listing hangs
			stopWhen: (dir) => fs.readdirSync(dir).some((name) => fs.existsSync(path.join(dir, name, '.n8n', 'config'))),
		});
		expect([status, signal]).not.toEqual([0, null]);
		expect(fs.readdirSync(tmp)).toEqual([]);
	}, 60_000);
});

describe('npm run smoke never prints a piece of the key', () => {
	// a key as long as Helena's, and a server that echoes it inside a value the table quotes (shortened)
	const key = 'pn_Q7xK2mVt9RbLw4NcZs8HdJf3YgPq6TeUa1WoEi5Kr0Bn';
	let sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox({ apiKey: key });
	});
	afterAll(async () => {
		await sandbox.close();
	});

	test('an answer echoing the key in a value that is cut: no prefix of 4 characters or more of the key survives', async () => {
		sandbox.misbehaviour.always({
			method: 'GET',
			path: /^\/core\/v1\/department\/[^/]+$/,
			reshape: (answer) => ({
				...answer,
				distributionConfig: { ...answer.distributionConfig, inactivityTimeInMinutes: `Authorization: Bearer ${key}` },
			}),
		});
		const { status, stdout, stderr } = await smoke(sandbox.url, { key, args: ['--only', 'Department → Get'] });
		const output = stdout + stderr;

		expect(rowOf(stdout, 'Department → Get')).toContain('distributionConfig.inactivityTimeInMinutes must be an integer');
		for (let length = 4; length <= key.length; length++) expect(output).not.toContain(key.slice(0, length));
		expect(status).toBe(1);
	}, 60_000);
});
