import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { before, describe, test } from 'node:test';

import { API_KEY, e2e } from '../context.mjs';
import { CREDENTIAL_ID, triggerWorkflow } from '../../../scripts/lib/workflows.mjs';

const WORKFLOW_ID = 'e2eChurn00000001';
const CYCLES = 100;
/** The sandbox is in this process: its state can be polled often at no cost. */
const fast = { intervalMs: 20 };

const activate = () => e2e.n8n.api('POST', `/workflows/${WORKFLOW_ID}/activate`);
const deactivate = () => e2e.n8n.api('POST', `/workflows/${WORKFLOW_ID}/deactivate`);
const executions = async () => (await e2e.n8n.api('GET', `/executions?workflowId=${WORKFLOW_ID}&includeData=true`)).data;
const subscriptions = () => [...e2e.sandbox.state.subscriptions.values()];
const requestLines = () => e2e.sandbox.requests.map((request) => `${request.method} ${request.decodedPath.replace(/^\/core/, '')}`);
const count = (lines, line) => lines.filter((candidate) => candidate === line).length;

describe(`reliability of the Helena Trigger in n8n ${e2e.version}`, () => {
	before(async () => {
		await e2e.n8n.importWorkflow(triggerWorkflow(WORKFLOW_ID, ['SESSION_NEW'], { webhookId: '9b7e3c1d-2f4a-4e6b-8c0d-1a2b3c4d5e6f' }));
		await e2e.server();
	});

	test(`${CYCLES} activate/deactivate cycles leave zero subscriptions: one create and one delete per cycle`, async () => {
		e2e.sandbox.clearRequests();
		const started = Date.now();

		for (let cycle = 0; cycle < CYCLES; cycle++) {
			await activate();
			assert.equal(await e2e.subscriptionCount(1, fast), 1, `cycle ${cycle}: not exactly one subscription while active`);
			await deactivate();
			assert.equal(await e2e.subscriptionCount(0, fast), 0, `cycle ${cycle}: a subscription survived deactivation`);
		}

		const lines = requestLines();
		assert.equal(count(lines, 'POST /v1/webhook/subscription'), CYCLES);
		assert.equal(lines.filter((line) => line.startsWith('DELETE /v1/webhook/subscription/')).length, CYCLES);
		assert.equal(e2e.sandbox.state.subscriptions.size, 0);
		console.log(`# ${CYCLES} cycles: ${lines.length} requests to Helena, ${((Date.now() - started) / 1000).toFixed(1)} s`);
	});

	test('20 cycles that do not wait for Helena: never two subscriptions, none left once n8n has settled', async () => {
		e2e.sandbox.clearRequests();
		let most = 0;
		const sampler = setInterval(() => (most = Math.max(most, e2e.sandbox.state.subscriptions.size)), 5);
		try {
			for (let cycle = 0; cycle < 20; cycle++) {
				await activate();
				await deactivate();
			}
			assert.equal(await e2e.subscriptionCount(0), 0);
			// n8n 2.x registers and removes webhooks after answering: let anything late arrive
			await new Promise((resolve) => setTimeout(resolve, 2000));
		} finally {
			clearInterval(sampler);
		}

		assert.equal(e2e.sandbox.state.subscriptions.size, 0);
		assert.ok(most <= 1, `${most} subscriptions at once`);
		const lines = requestLines();
		assert.equal(count(lines, 'POST /v1/webhook/subscription'), lines.filter((line) => line.startsWith('DELETE ')).length);
	});

	test('a Helena restart loses the subscription; reactivating leaves exactly one, and it delivers', async () => {
		await activate();
		assert.equal(await e2e.subscriptionCount(1), 1);

		await e2e.restartSandbox();
		assert.equal(e2e.sandbox.state.subscriptions.size, 0);
		await deactivate();
		await activate();

		assert.equal(await e2e.subscriptionCount(1), 1);
		// give a late (asynchronous) registration the chance to add a second one
		await new Promise((resolve) => setTimeout(resolve, 1000));
		assert.equal(e2e.sandbox.state.subscriptions.size, 1);
		assert.equal(count(requestLines(), 'POST /v1/webhook/subscription'), 1);
		const before = (await executions()).length;
		const [delivery] = await e2e.sandbox.deliver('SESSION_NEW');
		assert.equal(delivery.status, 200);
		const after = await e2e.eventually(executions, (list) => list.length === before + 1 && list.every((execution) => execution.finished));
		assert.equal(after.length, before + 1);
		await deactivate();
		assert.equal(await e2e.subscriptionCount(0), 0);
	});

	test('activating while Helena is unreachable fails with a clear error and no key; once it is back, one subscription', async () => {
		const port = new URL(e2e.sandbox.url).port;
		let failure = '';
		await e2e.restartSandbox(async () => {
			try {
				await activate();
			} catch (error) {
				failure = error.message;
			}
			// n8n 2.x answers first and registers the webhook afterwards: its failure is in the log
			if (!failure) {
				const logs = await e2e.eventually(
					() => e2e.n8n.logs,
					(text) => /Could not reach Helena|The connection to/.test(text),
				);
				failure = logs.slice(logs.search(/Could not reach Helena|The connection to/));
			}
		});

		// n8n shows the description of an activation error (1.x: the API answer; 2.x: the log)
		assert.match(failure, new RegExp(`(Could not reach Helena at|The connection to) http://127\\.0\\.0\\.1:${port}`));
		assert.ok(!failure.includes(API_KEY));
		await deactivate().catch(() => {});
		await activate();
		assert.equal(await e2e.subscriptionCount(1), 1);
		await new Promise((resolve) => setTimeout(resolve, 1000));
		assert.equal(e2e.sandbox.state.subscriptions.size, 1);
		await deactivate();
		assert.equal(await e2e.subscriptionCount(0), 0);
	});

	test('a delivery without the token, or with a wrong one, is refused with 401 and starts nothing', async () => {
		await activate();
		assert.equal(await e2e.subscriptionCount(1), 1);
		const [subscription] = subscriptions();
		const token = new URL(subscription.url).searchParams.get('token');
		const webhook = subscription.url.split('?')[0];
		const before = (await executions()).length;

		for (const url of [
			webhook,
			`${webhook}?token=`,
			`${webhook}?token=${'A'.repeat(token.length)}`,
			`${webhook}?token=${token.slice(0, -1)}`,
		]) {
			const response = await fetch(url, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ eventType: 'SESSION_NEW', date: new Date().toISOString(), content: { id: 'forged' } }),
			});
			assert.equal(response.status, 401, url);
			assert.deepEqual(await response.json(), { message: 'Missing or wrong token' });
		}
		const [delivery] = await e2e.sandbox.deliver('SESSION_NEW');
		assert.equal(delivery.status, 200);

		const after = await e2e.eventually(executions, (list) => list.length >= before + 1 && list.every((execution) => execution.finished));
		await new Promise((resolve) => setTimeout(resolve, 500));
		assert.equal((await executions()).length, before + 1);
		assert.notEqual(after[0].data.resultData.runData['Helena Trigger'][0].data.main[0][0].json.content.id, 'forged');
		await deactivate();
		assert.equal(await e2e.subscriptionCount(0), 0);
	});

	test('Test Connection of the credential is not redirected to another host', async () => {
		const requests = [];
		const other = createServer((request, response) => {
			requests.push({ url: request.url, authorization: request.headers.authorization });
			response.writeHead(200, { 'content-type': 'application/json' }).end('[]');
		});
		await new Promise((resolve) => other.listen(0, '127.0.0.2', resolve));
		e2e.sandbox.setFaults({ redirectTo: `http://127.0.0.2:${other.address().port}` });
		try {
			const response = await fetch(`${e2e.n8n.url}/rest/credentials/test`, {
				method: 'POST',
				headers: { 'content-type': 'application/json', cookie: e2e.n8n.cookie },
				body: JSON.stringify({
					credentials: {
						id: CREDENTIAL_ID,
						name: 'Helena sandbox',
						type: 'helenaApi',
						data: { baseUrl: e2e.sandbox.url, apiKey: API_KEY, authorizationFormat: 'bearer' },
					},
				}),
			});
			const body = await response.text();
			assert.deepEqual(requests, [], `n8n sent the credential test to another host: ${body}`);
			assert.ok(!body.includes(API_KEY));
			// a redirect is not a working connection
			assert.equal(JSON.parse(body).data.status, 'Error');
			assert.match(JSON.parse(body).data.message, /307|Temporary Redirect/);
		} finally {
			e2e.sandbox.setFaults({ redirectTo: undefined });
			await new Promise((resolve) => other.close(resolve));
		}
	});

	test("the key is nowhere in n8n's debug log, its executions or its API answers", async () => {
		const logs = e2e.n8n.logs;
		assert.match(logs, /debug/, 'the server does not log at debug level');
		assert.ok(!logs.includes(API_KEY), 'the API key is in the n8n log');
		const stored = JSON.stringify(await executions());
		assert.ok(stored.includes('SESSION_NEW'));
		assert.ok(!stored.includes(API_KEY), 'the API key is in the stored executions');
		const workflow = JSON.stringify(await e2e.n8n.api('GET', `/workflows/${WORKFLOW_ID}`));
		assert.ok(!workflow.includes(API_KEY), 'the API key is in the workflow');
	});
});
