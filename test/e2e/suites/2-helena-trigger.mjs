import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import { outputOf } from '../../../scripts/lib/n8n.mjs';
import { e2e } from '../context.mjs';
import { triggerWorkflow } from '../../../scripts/lib/workflows.mjs';

describe(`the Helena Trigger in n8n ${e2e.version}`, () => {
	before(async () => {
		await e2e.n8n.importWorkflow(triggerWorkflow('e2eTrigger000001'));
		await e2e.server();
	});

	test('loads both nodes', async () => {
		const response = await fetch(`${e2e.n8n.url}/types/nodes.json`, { headers: { cookie: e2e.n8n.cookie } });
		const names = (await response.json()).map((type) => type.name);
		assert.ok(names.includes('n8n-nodes-helena.helena'));
		assert.ok(names.includes('n8n-nodes-helena.helenaTrigger'));
	});

	test('activation subscribes once, a SESSION_NEW delivery runs the workflow, deactivation unsubscribes', async () => {
		e2e.sandbox.clearRequests();
		await e2e.n8n.api('POST', '/workflows/e2eTrigger000001/activate');
		assert.equal(await e2e.subscriptionCount(1), 1);
		const subscriptions = [...e2e.sandbox.state.subscriptions.values()];
		assert.match(subscriptions[0].url, new RegExp(`^${e2e.n8n.url}/webhook/.+\\?token=[A-Za-z0-9_-]{32,}$`));

		const [delivery] = await e2e.sandbox.deliver('SESSION_NEW');
		assert.equal(delivery.status, 200);

		const executions = await e2e.eventually(
			async () => (await e2e.n8n.api('GET', '/executions?workflowId=e2eTrigger000001&includeData=true')).data,
			(list) => list.length > 0 && list.every((execution) => execution.finished),
		);
		assert.equal(executions.length, 1);
		const [item] = outputOf(executions[0].data.resultData.runData, 'Received');
		assert.equal(item.eventType, 'SESSION_NEW');
		assert.equal(item.content.id, e2e.sandbox.deliveries.at(-1).body?.content?.id ?? item.content.id);

		await e2e.n8n.api('POST', '/workflows/e2eTrigger000001/deactivate');
		assert.equal(await e2e.subscriptionCount(0), 0);
	});

	test('a delivery sent the moment the subscription exists, before n8n has saved its token, runs the workflow once', async (t) => {
		t.after(async () => {
			e2e.sandbox.deliverOnSubscribe = undefined;
			await e2e.n8n.api('POST', '/workflows/e2eTrigger000001/deactivate').catch(() => {});
			await e2e.subscriptionCount(0);
		});
		const before = (await e2e.n8n.api('GET', '/executions?workflowId=e2eTrigger000001')).data.length;
		const deliveriesBefore = e2e.sandbox.deliveries.length;
		const logBefore = e2e.n8n.logs.length;
		e2e.sandbox.deliverOnSubscribe = 'SESSION_NEW';

		await e2e.n8n.api('POST', '/workflows/e2eTrigger000001/activate');
		assert.equal(await e2e.subscriptionCount(1), 1);
		await e2e.eventually(
			() => e2e.sandbox.deliveries.length,
			(count) => count > deliveriesBefore,
		);
		await e2e.sandbox.waitForDeliveries();

		const deliveries = e2e.sandbox.deliveries.slice(deliveriesBefore);
		assert.deepEqual(
			deliveries.map((delivery) => delivery.status),
			[200],
		);
		const executions = await e2e.eventually(
			async () => (await e2e.n8n.api('GET', '/executions?workflowId=e2eTrigger000001')).data,
			(list) => list.length > before && list.every((execution) => execution.finished),
		);
		assert.equal(executions.length, before + 1);
		const recovered = e2e.n8n.logs.slice(logBefore).includes('the saved token was not current');
		t.diagnostic(recovered ? 'the delivery came before n8n had saved the token' : 'n8n had saved the token before the delivery');
	});

	test('a forged delivery without the token is refused and starts nothing', async () => {
		await e2e.n8n.api('POST', '/workflows/e2eTrigger000001/activate');
		assert.equal(await e2e.subscriptionCount(1), 1);
		const [subscription] = [...e2e.sandbox.state.subscriptions.values()];
		const before = (await e2e.n8n.api('GET', '/executions?workflowId=e2eTrigger000001')).data.length;

		const forged = await fetch(subscription.url.split('?')[0], {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ eventType: 'SESSION_NEW', date: new Date().toISOString(), content: {} }),
		});

		assert.equal(forged.status, 401);
		await new Promise((resolve) => setTimeout(resolve, 1000));
		assert.equal((await e2e.n8n.api('GET', '/executions?workflowId=e2eTrigger000001')).data.length, before);
		await e2e.n8n.api('POST', '/workflows/e2eTrigger000001/deactivate');
		assert.equal(await e2e.subscriptionCount(0), 0);
	});
});
