import { nodeTypesOfAnotherProcess, TRIGGER_NODE_NAME, useTrigger } from '../engine/runTrigger';
import type { TriggerHarness } from '../engine/runTrigger';
import { useSandbox } from '../engine/sandbox';

const STATIC_KEY = `node:${TRIGGER_NODE_NAME}`;

describe('Helena Trigger: deliveries (sandbox → webhook receiver → WebhookContext)', () => {
	const helena = useSandbox();
	const startTrigger = useTrigger(helena);
	beforeEach(() => helena.resetToDemo());

	const tokenOf = (trigger: TriggerHarness) => (trigger.savedStaticData[STATIC_KEY] as { token: string }).token;

	test('a SESSION_NEW delivery starts the workflow once with the delivered body as its one item', async () => {
		const trigger = await startTrigger();
		await trigger.activate();

		const results = await helena.sandbox.deliver('SESSION_NEW');

		expect(results).toEqual([expect.objectContaining({ status: 200 })]);
		const delivered = helena.sandbox.deliveries[0].body;
		expect(Object.keys(delivered).sort()).toEqual(['content', 'date', 'eventType']);
		expect(delivered.eventType).toBe('SESSION_NEW');
		expect(trigger.executions).toEqual([[{ json: delivered }]]);
	});

	test('a request without the token is answered 401 and starts nothing', async () => {
		const trigger = await startTrigger();
		await trigger.activate();
		const forged = { eventType: 'SESSION_NEW', date: '2024-01-01T00:00:00Z', content: { id: 'forged' } };

		const response = await trigger.post(trigger.webhookUrl, forged);

		expect(response).toEqual({ status: 401, body: { message: 'Missing or wrong token' } });
		expect(trigger.executions).toEqual([]);
	});

	test.each([
		['a wrong token', () => `?token=${'A'.repeat(43)}`],
		['an empty token', () => '?token='],
		['the token twice', (token: string) => `?token=${token}&token=${token}`],
		['a token of other characters but the same length', () => `?token=${encodeURIComponent('é'.repeat(43))}`],
		['a prefix of the token', (token: string) => `?token=${token.slice(0, 20)}`],
	])('a request with %s is answered 401 and starts nothing', async (_case, query) => {
		const trigger = await startTrigger();
		await trigger.activate();

		const response = await trigger.post(`${trigger.webhookUrl}${query(tokenOf(trigger))}`, {
			eventType: 'SESSION_NEW',
		});

		expect(response.status).toBe(401);
		expect(trigger.executions).toEqual([]);
	});

	test('an event the trigger did not select is acknowledged and ignored by default', async () => {
		const trigger = await startTrigger();
		await trigger.activate();
		// Someone adds SESSION_COMPLETE to the subscription in Helena.
		[...helena.sandbox.state.subscriptions.values()][0].events.push('SESSION_COMPLETE');

		const results = await helena.sandbox.deliver('SESSION_COMPLETE');

		expect(results).toEqual([expect.objectContaining({ status: 200 })]);
		expect(trigger.calls[0].body).toEqual({ message: 'Event SESSION_COMPLETE is not selected; ignored' });
		expect(trigger.executions).toEqual([]);
	});

	test('with "Ignore Unselected Events" off, every delivered event starts the workflow', async () => {
		const trigger = await startTrigger({ events: ['SESSION_NEW'], options: { ignoreUnselectedEvents: false } });
		await trigger.activate();
		[...helena.sandbox.state.subscriptions.values()][0].events.push('SESSION_COMPLETE');

		await helena.sandbox.deliver('SESSION_COMPLETE');

		expect(trigger.executions).toHaveLength(1);
		expect(trigger.executions[0][0].json.eventType).toBe('SESSION_COMPLETE');
	});

	test('Allowed IP Addresses: off by default, and when set only listed senders start the workflow', async () => {
		const open = await startTrigger();
		await open.activate();
		await helena.sandbox.deliver('SESSION_NEW');
		expect(open.executions).toHaveLength(1);
		await open.deactivate();

		const restricted = await startTrigger({ events: ['SESSION_NEW'], options: { allowedIps: '18.215.79.89' } });
		await restricted.activate();
		const results = await helena.sandbox.deliver('SESSION_NEW');
		expect(results).toEqual([expect.objectContaining({ status: 403 })]);
		expect(restricted.executions).toEqual([]);

		restricted.parameters = { events: ['SESSION_NEW'], options: { allowedIps: '18.215.79.89, 127.0.0.1' } };
		await helena.sandbox.deliver('SESSION_NEW');
		expect(restricted.executions).toHaveLength(1);
	});

	test('Allowed IP Addresses behind a proxy: the forwarded address counts when n8n trusts the proxy', async () => {
		const trigger = await startTrigger({ events: ['SESSION_NEW'], options: { allowedIps: '18.215.79.89' } }, { proxyHops: 1 });
		await trigger.activate();
		const url = `${trigger.webhookUrl}?token=${tokenOf(trigger)}`;
		const delivery = { eventType: 'SESSION_NEW', date: '2024-05-02T10:00:00.1234567Z', content: { id: 's1' } };

		const fromHelena = await trigger.post(url, delivery, { 'x-forwarded-for': '18.215.79.89' });
		const fromElsewhere = await trigger.post(url, delivery, { 'x-forwarded-for': '203.0.113.7' });

		expect(fromHelena.status).toBe(200);
		expect(fromElsewhere).toEqual({ status: 403, body: { message: 'Address not allowed' } });
		expect(trigger.executions).toEqual([[{ json: delivery }]]);
	});

	test('queue mode: a webhook process that loads the node anew and reads only the saved static data runs it', async () => {
		const trigger = await startTrigger();
		await trigger.activate();
		trigger.webhookNodeTypes = nodeTypesOfAnotherProcess();
		expect(trigger.webhookNodeTypes).not.toBe((await import('../engine/nodeTypes')).nodeTypes);

		await helena.sandbox.deliver('SESSION_NEW');
		await helena.sandbox.deliver('SESSION_NEW');

		expect(trigger.executions).toHaveLength(2);
		expect(trigger.executions.map((items) => items[0].json.eventType)).toEqual(['SESSION_NEW', 'SESSION_NEW']);
		// Nothing the deliveries did needed saving.
		expect(trigger.savedStaticData).toEqual({ [STATIC_KEY]: { subscriptionId: expect.any(String), token: tokenOf(trigger) } });
	});

	test('after a restart that adopts the subscription, Helena’s deliveries still pass', async () => {
		const trigger = await startTrigger();
		await trigger.activate();
		trigger.savedStaticData = {};
		await trigger.activate({ activation: 'init' });

		await helena.sandbox.deliver('SESSION_NEW');

		expect(trigger.executions).toHaveLength(1);
	});

	test('after deactivation nothing is delivered and the old URL starts nothing', async () => {
		const trigger = await startTrigger();
		await trigger.activate();
		const url = `${trigger.webhookUrl}?token=${tokenOf(trigger)}`;
		await trigger.deactivate();

		expect(await helena.sandbox.deliver('SESSION_NEW')).toEqual([]);
		expect((await trigger.post(url, { eventType: 'SESSION_NEW' })).status).toBe(404);
		expect(trigger.executions).toEqual([]);
	});

	test('"Listen for test event": the first test delivery runs the workflow, then the test subscription is removed', async () => {
		const trigger = await startTrigger();
		await trigger.activate({ test: true });

		const results = await helena.sandbox.deliver('SESSION_NEW');

		expect(results).toEqual([expect.objectContaining({ status: 200, url: expect.stringContaining('/webhook-test/') })]);
		expect(trigger.executions).toHaveLength(1);
		await trigger.idle();
		expect(helena.sandbox.state.subscriptions.size).toBe(0);
	});
});
