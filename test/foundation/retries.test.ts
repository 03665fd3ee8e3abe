import { usePacingClock } from '../../nodes/Helena/transport/budget';
import { sleep } from 'n8n-workflow';
import { TEST_API_KEY, useSandbox } from '../engine/sandbox';

const getEvents = { resource: 'webhook', operation: 'getEvents' };
const createSubscription = {
	resource: 'webhook',
	operation: 'create',
	name: 'Orders',
	url: 'https://n8n.example.com/webhook/orders',
	events: ['SESSION_NEW'],
};

describe('retries', () => {
	const helena = useSandbox({ seed: 'empty' });
	beforeEach(() => {
		helena.sandbox.clearRequests();
		helena.sandbox.reset('empty');
	});

	test('a 429 followed by success is retried and succeeds', async () => {
		helena.sandbox.failNext(1, { status: 429, retryAfterSeconds: 0 });

		const { items, error } = await helena.run(getEvents);

		expect(error).toBeUndefined();
		expect(items).toHaveLength(16);
		expect(helena.apiRequests().map((request) => request.status)).toEqual([429, 200]);
	});

	test('the wall clock set back an hour after a 429 does not hold the next request for an hour', async () => {
		helena.sandbox.failNext(1, { status: 429, retryAfterSeconds: 1 });
		expect((await helena.run(getEvents)).error).toBeUndefined();
		const wallClock = Date.now;
		const setBack = jest.spyOn(Date, 'now').mockImplementation(() => wallClock() - 3_600_000);
		try {
			const started = performance.now();
			const next = await Promise.race([helena.run(getEvents), sleep(5_000).then(() => 'held' as const)]);

			expect(next).not.toBe('held');
			expect(performance.now() - started).toBeLessThan(2_000);
			expect(helena.apiRequests().map((request) => request.status)).toEqual([429, 200, 200]);
		} finally {
			setBack.mockRestore();
			// a budget still holding (before the fix) must not hold the next tests
			usePacingClock();
		}
	});

	test('a 429 without Retry-After is retried after a back-off', async () => {
		helena.sandbox.failNext(2, { status: 429 });

		const { error } = await helena.run(getEvents);

		expect(error).toBeUndefined();
		expect(helena.apiRequests().map((request) => request.status)).toEqual([429, 429, 200]);
	});

	test('a read answered 503 is repeated', async () => {
		helena.sandbox.failNext(1, { status: 503 });

		const { error } = await helena.run(getEvents);

		expect(error).toBeUndefined();
		expect(helena.apiRequests().map((request) => request.status)).toEqual([503, 200]);
	});

	test('a plain create answered 503 is not repeated, and the error says why', async () => {
		helena.sandbox.failNext(1, { status: 503, method: 'POST' });

		const { error } = await helena.run(createSubscription);

		const posts = helena.apiRequests().filter((request) => request.method === 'POST');
		expect(posts.map((request) => request.status)).toEqual([503]);
		expect(error?.message).toBe('Helena answered 503 (ServiceUnavailable)');
		expect(error?.description).toContain('it was not repeated automatically');
		expect(helena.sandbox.state.subscriptions.size).toBe(0);
	});

	test('"not found" answered as HTTP 500 FORM_ERROR is not retried', async () => {
		const { error } = await helena.run({
			resource: 'webhook',
			operation: 'create',
			name: 'x',
			url: 'https://n8n.example.com/x',
			events: ['NOT_AN_EVENT'],
		});

		expect(error?.message).toBe('Event Names or IDs contains "NOT_AN_EVENT", which Helena does not list (item 0)');
		expect(helena.apiRequests().filter((request) => request.method === 'POST')).toHaveLength(0);
	});

	test('the API key never appears in an error message', async () => {
		helena.sandbox.failNext(10, { status: 429, retryAfterSeconds: 0 });

		const { error } = await helena.run(getEvents);

		expect(error?.message).toBe("Helena's rate limit was still exceeded after 10 attempts (429 Too Many Requests)");
		const everything = JSON.stringify({ error, message: error?.message, description: error?.description, stack: error?.stack });
		expect(everything).not.toContain(TEST_API_KEY);
	});
});
