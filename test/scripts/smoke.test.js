'use strict';

const { spawn } = require('node:child_process');
const path = require('node:path');

const { startSandbox, DEFAULT_API_KEY } = require('../sandbox');

/**
 * `npm run smoke` runs the node's read operations against an account and holds each answer to the documented
 * schema. Against the sandbox (whose answers conform) it passes; against a server that answers one field
 * differently, or leaves out a field the node needs, it names the operation and the field, and fails.
 */

const script = path.join(__dirname, '../../scripts/smoke.mjs');

/** Runs the smoke script as a maintainer would, the key in the environment; resolves with its exit code and output. */
function smoke(baseUrl, ...args) {
	return new Promise((resolve) => {
		const child = spawn(process.execPath, [script, '--base-url', baseUrl, ...args], {
			env: { ...process.env, HELENA_API_KEY: DEFAULT_API_KEY, HELENA_SMOKE_PHONE: '+55 11 99999-0001' },
		});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk) => (stdout += chunk));
		child.stderr.on('data', (chunk) => (stderr += chunk));
		child.on('close', (status) => resolve({ status, stdout, stderr }));
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
		const { status, stdout } = await smoke(sandbox.url, '--only', 'Department');

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
		const { status, stdout } = await smoke(sandbox.url, '--only', 'Department → Get,Panel → Get');

		expect(rowOf(stdout, 'Department → Get')).toContain(
			'GET /core/v1/department/{id} 200: distributionConfig.inactivityTimeInMinutes must be an integer, not "15"',
		);
		expect(rowOf(stdout, 'Panel → Get')).toContain('GET /crm/v1/panel/{id} 200: id is missing; the node names records by it');
		expect(rowOf(stdout, 'Department → Get Many')).toMatch(/ conforms \|$/);
		expect(status).toBe(1);
	});

	test('the key comes from HELENA_API_KEY only: a key given as an argument is refused, and nothing runs', async () => {
		const { status, stderr } = await smoke(sandbox.url, '--api-key', 'pn_secret');
		expect(status).toBe(2);
		expect(stderr).toContain('the key goes in HELENA_API_KEY, never as an argument');
		expect(stderr).not.toContain('pn_secret');
	});
});
