import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { outputOf } from '../../../scripts/lib/n8n.mjs';
import { API_KEY, e2e } from '../context.mjs';
import { helenaWorkflow } from '../../../scripts/lib/workflows.mjs';

describe(`the Helena node in n8n ${e2e.version}`, () => {
	test('lists the webhook events with the sandbox credential, sending Bearer <key>', async () => {
		e2e.sandbox.clearRequests();
		const result = await e2e.executeWorkflow(helenaWorkflow('e2eGetEvents0001', { resource: 'webhook', operation: 'getEvents' }));

		assert.equal(result.ok, true, result.raw.stderr);
		const events = outputOf(result.runData, 'Helena');
		assert.equal(events.length, 16);
		assert.ok(events.some((event) => event.event === 'SESSION_NEW'));
		assert.deepEqual(
			e2e.sandbox.requests.map((request) => [request.method, request.path, request.headers.authorization]),
			[['GET', '/core/v1/webhook/event', `Bearer ${API_KEY}`]],
		);
	});

	test("a failing request stops the workflow with Helena's message and never prints the key", async () => {
		e2e.sandbox.clearRequests();
		e2e.sandbox.failNext(1, { status: 503, method: 'POST' });
		const result = await e2e.executeWorkflow(
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
		assert.equal(e2e.sandbox.requests.filter((request) => request.method === 'POST').length, 1);
		assert.doesNotMatch(result.raw.stdout + result.raw.stderr, new RegExp(API_KEY));
	});
});
