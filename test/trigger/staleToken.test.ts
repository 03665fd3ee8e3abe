import { nodeTypesOfAnotherProcess, TRIGGER_NODE_NAME, useTrigger } from '../engine/runTrigger';
import { useSandbox } from '../engine/sandbox';

const STATIC_KEY = `node:${TRIGGER_NODE_NAME}`;

/**
 * n8n 2.x activates in the background: the subscription exists and the webhook route is live before n8n
 * has saved the token in the static data. Helena does not repeat a refused delivery, so one refused then
 * is an event lost.
 */
describe('Helena Trigger: deliveries while the saved token is not current', () => {
	const helena = useSandbox();
	const startTrigger = useTrigger(helena);
	beforeEach(() => helena.resetToDemo());

	const subscriptionReads = () =>
		helena.sandbox.requests.filter((request) => request.method === 'GET' && request.decodedPath.endsWith('/v1/webhook/subscription'));

	test('a delivery that comes after the subscription was created but before n8n saved the token runs the workflow', async () => {
		const trigger = await startTrigger();
		let duringActivation: Array<{ status: number | null }> = [];

		await trigger.activate({
			beforeSave: async () => {
				expect(trigger.savedStaticData).toEqual({});
				duringActivation = await helena.sandbox.deliver('SESSION_NEW');
			},
		});

		expect(duringActivation.map((result) => result.status)).toEqual([200]);
		expect(trigger.executions).toHaveLength(1);
		expect(trigger.executions[0][0].json).toEqual(helena.sandbox.deliveries[0].body);
	});

	test('a delivery right after a reactivation, while the saved data still holds the previous token, runs the workflow', async () => {
		const trigger = await startTrigger();
		await trigger.activate();
		const previous = { ...trigger.savedStaticData };
		await trigger.deactivate();
		// n8n 2.x: the deactivation's save can land after the new activation's
		await trigger.activate();
		trigger.savedStaticData = previous;

		const results = await helena.sandbox.deliver('SESSION_NEW');

		expect(results.map((result) => result.status)).toEqual([200]);
		expect(trigger.executions).toHaveLength(1);
		const current = [...helena.sandbox.state.subscriptions.values()][0] as { id: string; url: string };
		// written back: the next delivery matches without asking Helena
		expect(trigger.savedStaticData[STATIC_KEY]).toEqual({
			subscriptionId: current.id,
			token: new URL(current.url).searchParams.get('token'),
		});
		helena.sandbox.clearRequests();
		await helena.sandbox.deliver('SESSION_NEW');
		expect(trigger.executions).toHaveLength(2);
		expect(subscriptionReads()).toHaveLength(0);
	});

	test('with the saved data emptied, deliveries still pass and Helena is asked once', async () => {
		const trigger = await startTrigger();
		await trigger.activate();
		trigger.savedStaticData = {};
		trigger.webhookNodeTypes = nodeTypesOfAnotherProcess();
		helena.sandbox.clearRequests();

		await helena.sandbox.deliver('SESSION_NEW');
		await helena.sandbox.deliver('SESSION_NEW');

		expect(trigger.executions).toHaveLength(2);
		expect(subscriptionReads()).toHaveLength(1);
	});

	test('forged tokens are refused, and however many come, Helena is asked at most once per interval', async () => {
		const trigger = await startTrigger();
		await trigger.activate();
		helena.sandbox.clearRequests();

		const answers = [];
		for (let attempt = 0; attempt < 20; attempt++) {
			answers.push(
				(await trigger.post(`${trigger.webhookUrl}?token=forged-${attempt}-${'x'.repeat(40)}`, { eventType: 'SESSION_NEW' })).status,
			);
		}

		expect(answers).toEqual(Array(20).fill(401));
		expect(trigger.executions).toEqual([]);
		expect(subscriptionReads()).toHaveLength(1);
		expect(helena.sandbox.requests).toHaveLength(1);
	});

	test('forged deliveries that arrive together while Helena answers slowly share one read: the read counts from its start, not its answer', async () => {
		const trigger = await startTrigger();
		await trigger.activate();
		helena.sandbox.clearRequests();
		helena.sandbox.setFaults({ latencyMs: 400 });
		try {
			const forged = (attempt: number) =>
				trigger.post(`${trigger.webhookUrl}?token=forged-${attempt}-${'y'.repeat(40)}`, { eventType: 'SESSION_NEW' });
			const together = await Promise.all(Array.from({ length: 25 }, (_, attempt) => forged(attempt)));
			// and a second wave once the slow answer is in, still inside the interval
			const later = await Promise.all(Array.from({ length: 5 }, (_, attempt) => forged(100 + attempt)));

			expect([...together, ...later].map((answer) => answer.status)).toEqual(Array(30).fill(401));
		} finally {
			helena.sandbox.setFaults({ latencyMs: 0 });
		}
		expect(trigger.executions).toEqual([]);
		expect(subscriptionReads()).toHaveLength(1);
	});

	test('the token of Helena’s subscription, read once for deliveries that come together, lets each of them through', async () => {
		const trigger = await startTrigger();
		await trigger.activate();
		const { token } = trigger.savedStaticData[STATIC_KEY] as { token: string };
		trigger.savedStaticData = {};
		trigger.webhookNodeTypes = nodeTypesOfAnotherProcess();
		helena.sandbox.clearRequests();
		helena.sandbox.setFaults({ latencyMs: 300 });
		try {
			const answers = await Promise.all(
				Array.from({ length: 6 }, async () => await trigger.post(`${trigger.webhookUrl}?token=${token}`, { eventType: 'SESSION_NEW' })),
			);
			expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
		} finally {
			helena.sandbox.setFaults({ latencyMs: 0 });
		}
		expect(trigger.executions).toHaveLength(6);
		expect(subscriptionReads()).toHaveLength(1);
	});

	test('a second subscription to the same URL keeps being refused: only the trigger’s own token is taken from Helena', async () => {
		const trigger = await startTrigger();
		await trigger.activate();
		trigger.savedStaticData = {};
		// made by hand in Helena, after the trigger's own
		await helena.createSubscriptionByHand({ url: `${trigger.webhookUrl}?token=${'s'.repeat(43)}` });

		const results = await helena.sandbox.deliver('SESSION_NEW');

		expect(results.map((result) => result.status).sort()).toEqual([200, 401]);
		expect(trigger.executions).toHaveLength(1);
	});

	test('when Helena cannot be asked, the delivery is refused as before and the log says why, without the key', async () => {
		const trigger = await startTrigger();
		await trigger.activate();
		const { token } = trigger.savedStaticData[STATIC_KEY] as { token: string };
		trigger.savedStaticData = {};
		helena.sandbox.failNext(1, { status: 403, method: 'GET', path: '/v1/webhook/subscription' });

		const response = await trigger.post(`${trigger.webhookUrl}?token=${token}`, { eventType: 'SESSION_NEW' });

		expect(response.status).toBe(401);
		expect(trigger.executions).toEqual([]);
		const warning = trigger.logs.filter((entry) => entry.message.includes("could not read Helena's subscriptions")).at(-1);
		expect(warning?.level).toBe('warn');
		expect(JSON.stringify(trigger.logs)).not.toContain(helena.credentials.apiKey);
	});
});
