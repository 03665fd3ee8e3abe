import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { TRIGGER_NODE_NAME, useTrigger } from '../engine/runTrigger';
import type { TriggerHarness } from '../engine/runTrigger';
import { useSandbox } from '../engine/sandbox';

const STATIC_KEY = `node:${TRIGGER_NODE_NAME}`;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

describe('Helena Trigger: activation and deactivation (HookContext against the sandbox)', () => {
	const helena = useSandbox();
	const startTrigger = useTrigger(helena);
	beforeEach(() => {
		helena.sandbox.reset('demo');
		helena.sandbox.clearRequests();
	});

	/** "GET /v1/…" lines of the API requests since the last clear, without the /core prefix. */
	const requestLines = () => helena.apiRequests().map((request) => `${request.method} ${request.decodedPath.replace(/^\/core/, '')}`);
	const subscriptions = () => [...helena.sandbox.state.subscriptions.values()];
	const stored = (trigger: TriggerHarness) => trigger.savedStaticData[STATIC_KEY] as Record<string, string>;

	test('the first activation creates exactly one subscription whose URL carries a secret token', async () => {
		const trigger = await startTrigger();

		expect(await trigger.activate()).toBe('created');

		expect(requestLines()).toEqual(['GET /v1/webhook/subscription', 'POST /v1/webhook/subscription']);
		const post = helena.apiRequests()[1];
		const { token, subscriptionId } = stored(trigger);
		expect(token).toMatch(TOKEN);
		expect(post.body).toEqual({
			name: 'n8n: New conversations to CRM',
			url: `${trigger.webhookUrl}?token=${token}`,
			enabled: true,
			events: ['SESSION_NEW'],
		});
		expect(subscriptions()).toHaveLength(1);
		expect(subscriptions()[0]).toMatchObject({ id: subscriptionId, url: post.body.url, enabled: true });
		// Static data is all n8n keeps: the id and the token, nothing else.
		expect(trigger.savedStaticData).toEqual({ [STATIC_KEY]: { subscriptionId, token } });
	});

	test('activating again adopts the subscription: still one, nothing written', async () => {
		const trigger = await startTrigger();
		await trigger.activate();
		const before = structuredClone(trigger.savedStaticData);
		helena.sandbox.clearRequests();

		expect(await trigger.activate({ activation: 'init' })).toBe('adopted');

		expect(requestLines()).toEqual(['GET /v1/webhook/subscription']);
		expect(subscriptions()).toHaveLength(1);
		expect(trigger.savedStaticData).toEqual(before);
	});

	test('changing the events updates the adopted subscription: still one', async () => {
		const trigger = await startTrigger();
		await trigger.activate();
		const { subscriptionId } = stored(trigger);
		helena.sandbox.clearRequests();

		trigger.parameters = { events: ['SESSION_NEW', 'SESSION_COMPLETE'] };
		expect(await trigger.activate()).toBe('adopted');

		expect(requestLines()).toEqual(['GET /v1/webhook/subscription', `PUT /v1/webhook/subscription/${subscriptionId}`]);
		expect(helena.apiRequests()[1].body).toEqual({
			fields: ['Events', 'Enabled'],
			events: ['SESSION_NEW', 'SESSION_COMPLETE'],
			enabled: true,
		});
		expect(subscriptions()).toHaveLength(1);
		expect(subscriptions()[0].events).toEqual(['SESSION_NEW', 'SESSION_COMPLETE']);
	});

	test('a subscription disabled in Helena is enabled again on activation', async () => {
		const trigger = await startTrigger();
		await trigger.activate();
		subscriptions()[0].enabled = false;
		helena.sandbox.clearRequests();

		await trigger.activate({ activation: 'init' });

		expect(helena.apiRequests()[1].body).toMatchObject({ fields: ['Events', 'Enabled'], enabled: true });
		expect(subscriptions()[0].enabled).toBe(true);
	});

	test('deactivation deletes the subscription and clears the static data', async () => {
		const trigger = await startTrigger();
		await trigger.activate();
		const { subscriptionId } = stored(trigger);
		helena.sandbox.clearRequests();

		await trigger.deactivate();

		expect(requestLines()).toEqual(['GET /v1/webhook/subscription', `DELETE /v1/webhook/subscription/${subscriptionId}`]);
		expect(subscriptions()).toHaveLength(0);
		expect(trigger.savedStaticData).toEqual({ [STATIC_KEY]: {} });
	});

	test('a subscription deleted in Helena before deactivation does not make deactivation fail', async () => {
		const trigger = await startTrigger();
		await trigger.activate();
		helena.sandbox.state.subscriptions.clear();
		helena.sandbox.clearRequests();

		await expect(trigger.deactivate()).resolves.toBeUndefined();

		expect(requestLines()).toEqual(['GET /v1/webhook/subscription']);
		expect(trigger.savedStaticData).toEqual({ [STATIC_KEY]: {} });
	});

	test('a subscription that disappears between the listing and the DELETE counts as deleted', async () => {
		const trigger = await startTrigger();
		await trigger.activate();
		helena.sandbox.clearRequests();
		// Someone removes it in Helena at the very moment n8n's DELETE arrives.
		const removeFirst = (request: { method?: string }) => {
			if (request.method === 'DELETE') helena.sandbox.state.subscriptions.clear();
		};
		helena.sandbox.server.prependListener('request', removeFirst);
		try {
			await expect(trigger.deactivate()).resolves.toBeUndefined();
		} finally {
			helena.sandbox.server.off('request', removeFirst);
		}

		const deletion = helena.apiRequests()[1];
		expect(deletion.method).toBe('DELETE');
		expect(deletion.status).toBe(500);
		expect(trigger.savedStaticData).toEqual({ [STATIC_KEY]: {} });
	});

	test('a failed deletion is reported, keeps the static data, and a second deactivation finishes the job', async () => {
		const trigger = await startTrigger();
		await trigger.activate();
		const before = structuredClone(trigger.savedStaticData);
		helena.sandbox.failNext(1, { status: 403, method: 'DELETE' });

		const failure = await trigger.deactivate().catch((error: unknown) => error);

		expect(failure).toBeInstanceOf(NodeApiError);
		expect((failure as NodeApiError).message).toBe('The API key is not allowed to do this (403 Forbidden)');
		expect(subscriptions()).toHaveLength(1);
		expect(trigger.savedStaticData).toEqual(before);

		await trigger.deactivate();
		expect(subscriptions()).toHaveLength(0);
	});

	test('lost static data: activation adopts the subscription by its URL and keeps its token', async () => {
		const trigger = await startTrigger();
		await trigger.activate();
		const { subscriptionId, token } = stored(trigger);
		trigger.savedStaticData = {};
		helena.sandbox.clearRequests();

		expect(await trigger.activate({ activation: 'init' })).toBe('adopted');

		expect(requestLines()).toEqual(['GET /v1/webhook/subscription']);
		expect(stored(trigger)).toEqual({ subscriptionId, token });
	});

	test('lost static data: deactivation deletes the subscriptions of this webhook URL, and only those', async () => {
		const trigger = await startTrigger();
		await trigger.activate();
		const ours = stored(trigger).subscriptionId;
		const foreign = await helena.createSubscriptionByHand({ url: 'https://other.example.com/webhook/abc/webhook' });
		trigger.savedStaticData = {};
		helena.sandbox.clearRequests();

		await trigger.deactivate();

		expect(requestLines()).toEqual(['GET /v1/webhook/subscription', `DELETE /v1/webhook/subscription/${ours}`]);
		expect(subscriptions().map((subscription) => subscription.id)).toEqual([foreign]);
	});

	test('several subscriptions on this URL: activation adopts one and deletes none; deactivation removes all', async () => {
		const trigger = await startTrigger();
		const tokened = await helena.createSubscriptionByHand({ url: `${trigger.webhookUrl}?token=${'a'.repeat(43)}` });
		const second = await helena.createSubscriptionByHand({ url: `${trigger.webhookUrl}?token=${'b'.repeat(43)}` });
		helena.sandbox.clearRequests();

		expect(await trigger.activate()).toBe('adopted');

		expect(requestLines()).toEqual(['GET /v1/webhook/subscription']);
		expect(stored(trigger)).toEqual({ subscriptionId: tokened, token: 'a'.repeat(43) });
		expect(subscriptions()).toHaveLength(2);
		expect(trigger.logs).toContainEqual({
			level: 'warn',
			message: expect.stringContaining(`2 Helena subscriptions deliver to ${trigger.webhookUrl}`),
		});

		helena.sandbox.clearRequests();
		await trigger.deactivate();
		expect(requestLines().sort()).toEqual(
			['GET /v1/webhook/subscription', `DELETE /v1/webhook/subscription/${tokened}`, `DELETE /v1/webhook/subscription/${second}`].sort(),
		);
		expect(subscriptions()).toHaveLength(0);
	});

	test('a subscription made by hand for this URL without a token is adopted and given one', async () => {
		const trigger = await startTrigger();
		const id = await helena.createSubscriptionByHand({ url: trigger.webhookUrl });
		helena.sandbox.clearRequests();

		expect(await trigger.activate()).toBe('adopted');

		const { token } = stored(trigger);
		expect(token).toMatch(TOKEN);
		expect(requestLines()).toEqual(['GET /v1/webhook/subscription', `PUT /v1/webhook/subscription/${id}`]);
		expect(helena.apiRequests()[1].body).toEqual({
			fields: ['Url'],
			url: `${trigger.webhookUrl}?token=${token}`,
		});
		expect(subscriptions()).toHaveLength(1);
	});

	test('a subscription stored for another webhook URL (WEBHOOK_URL changed) is left alone, with a warning', async () => {
		const trigger = await startTrigger();
		const old = await helena.createSubscriptionByHand({ url: `https://old-host.example.com/webhook/${trigger.webhookId}/webhook?token=x` });
		trigger.savedStaticData = { [STATIC_KEY]: { subscriptionId: old, token: 'x' } };
		helena.sandbox.clearRequests();

		expect(await trigger.activate()).toBe('created');
		await trigger.deactivate();

		expect(requestLines().filter((line) => line.startsWith('DELETE'))).toHaveLength(1);
		expect(subscriptions().map((subscription) => subscription.id)).toEqual([old]);
		expect(trigger.logs).toContainEqual({
			level: 'warn',
			message: expect.stringContaining(`Helena subscription ${old} was created by this trigger for another webhook URL`),
		});
	});

	test('the subscription name is "n8n: <workflow name>", cut to 100 characters', async () => {
		const trigger = await startTrigger();
		trigger.workflowName = `Leads ${'x'.repeat(200)}`;

		await trigger.activate();

		const name = helena.apiRequests()[1].body.name as string;
		expect(name).toHaveLength(100);
		expect(name.startsWith('n8n: Leads xxx')).toBe(true);
	});

	test('a subscription URL over 500 characters is refused before anything is written', async () => {
		const trigger = await startTrigger(undefined, {
			webhookBaseUrl: `https://n8n.example.com/${'long-path/'.repeat(45)}webhook`,
		});

		const failure = await trigger.activate().catch((error: unknown) => error);

		expect(failure).toBeInstanceOf(NodeOperationError);
		expect((failure as Error).message).toMatch(/^The subscription URL would be 5\d\d characters long; Helena accepts at most 500$/);
		// Only n8n's clean-up after the failed activation reads the list; nothing is created.
		expect(requestLines()).toEqual(['GET /v1/webhook/subscription']);
		expect(subscriptions()).toHaveLength(0);
	});

	test('no events selected is refused before any request', async () => {
		const trigger = await startTrigger({ events: [] });

		await expect(trigger.activate()).rejects.toThrow('Choose at least one event in "Event Names or IDs"');
		expect(requestLines().filter((line) => !line.startsWith('GET'))).toEqual([]);
		expect(subscriptions()).toHaveLength(0);
	});

	test('"Listen for test event" uses its own subscription on the test URL and leaves production alone', async () => {
		const trigger = await startTrigger();
		await trigger.activate();
		const production = structuredClone(trigger.savedStaticData);
		helena.sandbox.clearRequests();

		expect(await trigger.activate({ test: true })).toBe('created');

		const post = helena.apiRequests()[1];
		expect(post.body.name).toBe('n8n test: New conversations to CRM');
		expect(post.body.url).toMatch(new RegExp(`^${trigger.testWebhookUrl}\\?token=`));
		expect(subscriptions()).toHaveLength(2);
		expect(trigger.savedStaticData).toEqual(production);

		await trigger.deactivate({ test: true });
		expect(subscriptions().map((subscription) => subscription.url)).toEqual([`${trigger.webhookUrl}?token=${stored(trigger).token}`]);
	});
});
