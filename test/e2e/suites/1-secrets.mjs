import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';

import { N8n, outputOf } from '../../../scripts/lib/n8n.mjs';
import { API_KEY, e2e } from '../context.mjs';
import { helenaChainWorkflow, helenaWorkflow } from '../../../scripts/lib/workflows.mjs';

const require = createRequire(import.meta.url);
const { startSandbox } = require('../../sandbox/index.js');

const WRONG_KEY = 'e2e-wrong-key-93b1f0';

/** A server on another host name (127.0.0.2) that records whatever reaches it. */
async function startOtherHost() {
	const requests = [];
	const server = createServer((request, response) => {
		requests.push({ method: request.method, url: request.url, authorization: request.headers.authorization });
		request.resume();
		response.writeHead(200, { 'content-type': 'application/json' }).end('[]');
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.2', resolve));
	return { url: `http://127.0.0.2:${server.address().port}`, requests, close: () => new Promise((resolve) => server.close(resolve)) };
}

async function closedPort() {
	const server = createServer();
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address();
	await new Promise((resolve) => server.close(resolve));
	return port;
}

/**
 * At debug level `n8n execute --rawOutput` prints its result through the logger, between log lines
 * and coloured: the JSON starts after "info" on its own line and ends at the first "}" in column 0.
 */
function withRunData(result) {
	const lines = result.raw.stdout.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
	const start = lines.findIndex((line) => /\binfo\s+\{$/.test(line));
	const end = lines.findIndex((line, index) => index > start && line.startsWith('}'));
	if (start < 0 || end < 0) return result;
	const data = JSON.parse(['{', ...lines.slice(start + 1, end), '}'].join('\n'));
	return { ...result, runData: data?.data?.resultData?.runData, error: data?.data?.resultData?.error };
}

/** Successes and every kind of failure, in one run. */
const workflow = helenaChainWorkflow('e2eSecrets000001', [
	{ name: 'Events', parameters: { resource: 'webhook', operation: 'getEvents' } },
	{ name: 'Contacts', parameters: { resource: 'contact', operation: 'getAll', returnAll: true, simple: false } },
	{ name: 'Create 503', parameters: { resource: 'contact', operation: 'create', name: 'E2E', phoneNumber: '+55|11955550000' } },
	{ name: 'Fields 429', parameters: { resource: 'contact', operation: 'getCustomFields' } },
	{ name: 'Wrong Key', parameters: { resource: 'webhook', operation: 'getEvents' }, credentialId: 'helenaWrongKey01' },
	{ name: 'Nowhere', parameters: { resource: 'webhook', operation: 'getEvents' }, credentialId: 'helenaNowhere001' },
	{ name: 'Redirected', parameters: { resource: 'webhook', operation: 'getEvents' }, credentialId: 'helenaRedirect01' },
	{
		name: 'Bad Input',
		parameters: { resource: 'contact', operation: 'get', contact: { __rl: true, mode: 'id', value: '={{ "not-a-uuid" }}' } },
	},
]);
const rejectedKeyWorkflow = helenaWorkflow('e2eSecrets000002', { resource: 'contact', operation: 'getAll', returnAll: true });

describe(`secrets in n8n ${e2e.version} (n8n execute with N8N_LOG_LEVEL=debug)`, () => {
	/** The same n8n and user folder, with debug logging for its commands. */
	let debugN8n;
	let other;
	let redirecting;
	let nowherePort;

	before(async () => {
		const { install, userFolder, port, owner } = e2e.n8n;
		// its own ports: n8n 2.x's `execute` opens a task broker (port + 1), and the server holds this run's
		debugN8n = new N8n({ install, userFolder, port: port + 2, owner, env: { N8N_LOG_LEVEL: 'debug' } });
		other = await startOtherHost();
		redirecting = await startSandbox({ port: 0, apiKey: API_KEY });
		redirecting.setFaults({ redirectTo: other.url });
		nowherePort = await closedPort();
		const credential = (id, data) => ({
			id,
			name: id,
			type: 'helenaApi',
			data: { baseUrl: e2e.sandbox.url, apiKey: API_KEY, authorizationFormat: 'bearer', ...data },
		});
		await e2e.n8n.importCredentials([
			credential('helenaWrongKey01', { apiKey: WRONG_KEY }),
			credential('helenaNowhere001', { baseUrl: `http://127.0.0.1:${nowherePort}` }),
			credential('helenaRedirect01', { baseUrl: redirecting.url }),
		]);
		await e2e.n8n.importWorkflows([workflow, rejectedKeyWorkflow]);
	});

	after(async () => {
		await other?.close();
		await redirecting?.close();
	});

	/** Everything a user or an operator could read: the command's output and log, and the run data. */
	function assertNoKey(result) {
		const everything = `${result.raw.stdout}\n${result.raw.stderr}\n${JSON.stringify(result.runData ?? {})}\n${JSON.stringify(result.error ?? {})}`;
		assert.ok(!everything.includes(API_KEY), 'the API key appears in the output or the log');
		assert.ok(!everything.includes(WRONG_KEY), 'the wrong API key appears in the output or the log');
	}

	test('successes and every kind of failure: the key is in no output, error or debug log line, and goes only to the Base URL host', async () => {
		e2e.sandbox.clearRequests();
		e2e.sandbox.failNext(1, { status: 503, method: 'POST', path: '/v1/contact' });
		e2e.sandbox.failNext(10, { status: 429, retryAfterSeconds: 0, path: '/v1/contact/custom-field' });

		const result = withRunData(await debugN8n.execute(workflow.id));

		assert.equal(result.ok, true, result.raw.stderr);
		assert.deepEqual(other.requests, [], 'a request reached another host');
		const first = (name) => outputOf(result.runData, name)[0];
		assert.equal(outputOf(result.runData, 'Events').length, 16);
		const active = [...e2e.sandbox.state.contacts.values()].filter((contact) => contact.status === 'ACTIVE');
		assert.equal(outputOf(result.runData, 'Contacts').length, active.length);
		assert.equal(first('Create 503').error, 'Helena answered 503 (ServiceUnavailable)');
		assert.equal(first('Fields 429').error, "Helena's rate limit was still exceeded after 10 attempts (429 Too Many Requests)");
		assert.equal(first('Wrong Key').error, 'Helena rejected the API key (401 Unauthorized)');
		assert.equal(first('Nowhere').error, `Could not reach Helena at http://127.0.0.1:${nowherePort}`);
		assert.equal(first('Redirected').error, `Helena answered 307, a redirect to ${other.url}, which the node does not follow`);
		assert.equal(
			first('Bad Input').error,
			'Contact must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, not "not-a-uuid" (item 0)',
		);
		assertNoKey(result);
		assert.match(result.raw.stdout + result.raw.stderr, /debug/i, 'n8n did not log at debug level');

		// where the key went: the sandbox (its own host) and the redirecting sandbox, once; never the other host
		const sandboxHost = new URL(e2e.sandbox.url).host;
		assert.ok(e2e.sandbox.requests.every((request) => request.headers.host === sandboxHost));
		assert.deepEqual(
			redirecting.requests.map((request) => [request.method, request.path, request.status]),
			[['GET', '/core/v1/webhook/event', 307]],
		);
		assert.deepEqual(other.requests, []);
	});

	test('a workflow stopped by a rejected key prints no key either', async () => {
		// Helena rotated the key: the credential's key is now refused
		e2e.sandbox.apiKey = 'rotated-key-after-the-credential';
		try {
			const result = withRunData(await debugN8n.execute(rejectedKeyWorkflow.id));

			assert.equal(result.ok, false);
			assert.match(result.raw.stdout + result.raw.stderr, /Helena rejected the API key \(401 Unauthorized\)/);
			assertNoKey(result);
		} finally {
			e2e.sandbox.apiKey = API_KEY;
		}
	});
});
