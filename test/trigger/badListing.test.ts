import { TRIGGER_NODE_NAME, useTrigger } from '../engine/runTrigger';
import { useSandbox } from '../engine/sandbox';

const STATIC_KEY = `node:${TRIGGER_NODE_NAME}`;
const LISTING = '/v1/webhook/subscription';

describe('Helena Trigger under a listing that is not a list', () => {
	const helena = useSandbox();
	const startTrigger = useTrigger(helena);
	beforeEach(() => {
		helena.sandbox.reset('demo');
		helena.sandbox.clearRequests();
		helena.sandbox.misbehaviour.clear();
	});

	const requestLines = () => helena.apiRequests().map((request) => `${request.method} ${request.decodedPath.replace(/^\/core/, '')}`);
	const subscriptions = () => [...helena.sandbox.state.subscriptions.values()];

	test.each<[string, Record<string, unknown>, string]>([
		['an HTML page with 200', { body: 'html' }, 'it is an HTML or XML page, not JSON'],
		['a record with 200', { body: { items: [] } }, 'it is a record, not a list'],
		['null with 200', { body: null }, 'it is null'],
		['an empty 200', { body: 'empty' }, 'it is empty'],
		['an error body with 200', { body: { key: 'INTERNAL_ERROR', text: 'Falha' } }, 'it is an error (INTERNAL_ERROR), not data'],
	])('activation fails clearly on %s and creates nothing, on every try', async (_case, rule, problem) => {
		helena.sandbox.misbehaviour.always({ ...rule, method: 'GET', path: LISTING });
		const trigger = await startTrigger();

		for (let attempt = 0; attempt < 3; attempt++) {
			await expect(trigger.activate()).rejects.toThrow(`Helena's answer to GET /core${LISTING} is not usable: ${problem}`);
		}

		expect(requestLines().filter((line) => !line.startsWith('GET'))).toEqual([]);
		expect(subscriptions()).toHaveLength(0);
		expect(trigger.savedStaticData[STATIC_KEY] ?? {}).toEqual({});
	});

	test('deactivation fails clearly, keeps the subscription and its static data, and finishes on the next try', async () => {
		const trigger = await startTrigger();
		await trigger.activate();
		const stored = structuredClone(trigger.savedStaticData);
		const [subscription] = subscriptions();
		helena.sandbox.clearRequests();
		helena.sandbox.misbehaviour.next({ body: 'html', method: 'GET', path: LISTING });

		await expect(trigger.deactivate()).rejects.toThrow(`Helena's answer to GET /core${LISTING} is not usable`);

		expect(requestLines()).toEqual([`GET ${LISTING}`]);
		expect(subscriptions().map((s: { id: string }) => s.id)).toEqual([subscription.id]);
		expect(trigger.savedStaticData).toEqual(stored);

		await trigger.deactivate();

		expect(requestLines()).toEqual([`GET ${LISTING}`, `GET ${LISTING}`, `DELETE ${LISTING}/${subscription.id}`]);
		expect(subscriptions()).toHaveLength(0);
		expect(trigger.savedStaticData[STATIC_KEY]).toEqual({});
	});

	test('deactivation whose DELETE answer is lost still removes the subscription and clears the static data', async () => {
		const trigger = await startTrigger();
		await trigger.activate();
		helena.sandbox.clearRequests();
		helena.sandbox.misbehaviour.next({ loseAnswer: true, method: 'DELETE' });

		await trigger.deactivate();

		expect(requestLines().filter((line) => line.startsWith('DELETE'))).toHaveLength(2);
		expect(subscriptions()).toHaveLength(0);
		expect(trigger.savedStaticData[STATIC_KEY]).toEqual({});
	});

	test('a deactivation answered 401 with the key echoed fails without the key in the error', async () => {
		const trigger = await startTrigger();
		await trigger.activate();
		helena.sandbox.misbehaviour.next({
			status: 401,
			text: `Invalid token: Bearer ${helena.credentials.apiKey}`,
			method: 'GET',
			path: LISTING,
		});

		const failure = await trigger.deactivate().catch((error: Error) => error);

		expect(failure).toBeInstanceOf(Error);
		expect((failure as Error).message).toBe('Helena rejected the API key (401 Unauthorized)');
		expect(JSON.stringify([failure, (failure as Error).message, (failure as { description?: string }).description])).not.toContain(
			helena.credentials.apiKey,
		);
		expect(subscriptions()).toHaveLength(1);
	});
});
