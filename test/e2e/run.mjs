// End-to-end: the packed package inside a real n8n (1.123.x by default; HELENA_N8N_VERSION picks another),
// running workflows headless against the Helena sandbox and checking their output.
//   npm run test:e2e
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';

import { DEFAULT_N8N_VERSION, N8n, ensureN8n, outputOf, packPackage, temporaryUserFolder } from '../../scripts/lib/n8n.mjs';
import { credentialFor, helenaWorkflow, triggerWorkflow } from './workflows.mjs';

const require = createRequire(import.meta.url);
const { startSandbox } = require('../sandbox/index.js');

const version = DEFAULT_N8N_VERSION;
const API_KEY = 'e2e-secret-key-7d41c2';
let sandbox;
let n8n;
let userFolder;

before(async () => {
	console.log(`# e2e: n8n ${version}`);
	const install = ensureN8n(version);
	const tarball = packPackage();
	userFolder = temporaryUserFolder(tarball);
	sandbox = await startSandbox({ port: 0, apiKey: API_KEY });
	n8n = new N8n({
		install,
		userFolder: userFolder.folder,
		port: 5690 + (install.major - 1) * 10,
		owner: { email: 'e2e@helena.test', password: 'E2e-password-1' },
	});
	await n8n.importCredentials([credentialFor(sandbox)]);
});

after(async () => {
	await n8n?.stop();
	await sandbox?.close();
	userFolder?.cleanup();
});

/** n8n 2.x (un)registers webhooks after the activate call has answered; poll what should become true. */
async function eventually(read, accept, { timeoutMs = 15_000 } = {}) {
	const deadline = Date.now() + timeoutMs;
	let value = await read();
	while (!accept(value) && Date.now() < deadline) {
		await new Promise((resolve) => setTimeout(resolve, 200));
		value = await read();
	}
	return value;
}

const subscriptionCount = (count) => eventually(() => sandbox.state.subscriptions.size, (size) => size === count);

async function executeWorkflow(workflow) {
	await n8n.importWorkflow(workflow);
	return await n8n.execute(workflow.id);
}

describe(`the Helena node in n8n ${version}`, () => {
	test('lists the webhook events with the sandbox credential, sending Bearer <key>', async () => {
		sandbox.clearRequests();
		const result = await executeWorkflow(helenaWorkflow('e2eGetEvents0001', { resource: 'webhook', operation: 'getEvents' }));

		assert.equal(result.ok, true, result.raw.stderr);
		const events = outputOf(result.runData, 'Helena');
		assert.equal(events.length, 16);
		assert.ok(events.some((event) => event.event === 'SESSION_NEW'));
		assert.deepEqual(
			sandbox.requests.map((request) => [request.method, request.path, request.headers.authorization]),
			[['GET', '/core/v1/webhook/event', `Bearer ${API_KEY}`]],
		);
	});

	test('a failing request stops the workflow with Helena\'s message and never prints the key', async () => {
		sandbox.clearRequests();
		sandbox.failNext(1, { status: 503, method: 'POST' });
		const result = await executeWorkflow(
			helenaWorkflow('e2eCreateSub0001', {
				resource: 'webhook',
				operation: 'create',
				name: 'e2e',
				url: 'https://example.org/hook',
				events: ['SESSION_NEW'],
			}),
		);

		assert.equal(result.ok, false);
		assert.match(JSON.stringify(result.error ?? result.raw.stdout), /Helena answered 503/);
		assert.equal(sandbox.requests.filter((request) => request.method === 'POST').length, 1);
		assert.doesNotMatch(result.raw.stdout + result.raw.stderr, new RegExp(API_KEY));
	});
});

describe(`the Helena Trigger in n8n ${version}`, () => {
	before(async () => {
		await n8n.importWorkflow(triggerWorkflow('e2eTrigger000001'));
		await n8n.start();
		await n8n.signIn();
		await n8n.createApiKey();
	});

	test('loads both nodes', async () => {
		const response = await fetch(`${n8n.url}/types/nodes.json`, { headers: { cookie: n8n.cookie } });
		const names = (await response.json()).map((type) => type.name);
		assert.ok(names.includes('n8n-nodes-helena.helena'));
		assert.ok(names.includes('n8n-nodes-helena.helenaTrigger'));
	});

	test('activation subscribes once, a SESSION_NEW delivery runs the workflow, deactivation unsubscribes', async () => {
		sandbox.clearRequests();
		await n8n.api('POST', '/workflows/e2eTrigger000001/activate');
		assert.equal(await subscriptionCount(1), 1);
		const subscriptions = [...sandbox.state.subscriptions.values()];
		assert.match(subscriptions[0].url, new RegExp(`^${n8n.url}/webhook/.+\\?token=[A-Za-z0-9_-]{32,}$`));

		const [delivery] = await sandbox.deliver('SESSION_NEW');
		assert.equal(delivery.status, 200);

		const executions = await eventually(
			async () => (await n8n.api('GET', '/executions?workflowId=e2eTrigger000001&includeData=true')).data,
			(list) => list.length > 0,
		);
		assert.equal(executions.length, 1);
		const [item] = outputOf(executions[0].data.resultData.runData, 'Received');
		assert.equal(item.eventType, 'SESSION_NEW');
		assert.equal(item.content.id, sandbox.deliveries.at(-1).body?.content?.id ?? item.content.id);

		await n8n.api('POST', '/workflows/e2eTrigger000001/deactivate');
		assert.equal(await subscriptionCount(0), 0);
	});

	test('a forged delivery without the token is refused and starts nothing', async () => {
		await n8n.api('POST', '/workflows/e2eTrigger000001/activate');
		assert.equal(await subscriptionCount(1), 1);
		const [subscription] = [...sandbox.state.subscriptions.values()];
		const before = (await n8n.api('GET', '/executions?workflowId=e2eTrigger000001')).data.length;

		const forged = await fetch(subscription.url.split('?')[0], {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ eventType: 'SESSION_NEW', date: new Date().toISOString(), content: {} }),
		});

		assert.equal(forged.status, 401);
		await new Promise((resolve) => setTimeout(resolve, 1000));
		assert.equal((await n8n.api('GET', '/executions?workflowId=e2eTrigger000001')).data.length, before);
		await n8n.api('POST', '/workflows/e2eTrigger000001/deactivate');
		assert.equal(await subscriptionCount(0), 0);
	});
});
