import { RequestBudget } from '../../nodes/Helena/transport';
import { SEND_RATE_WINDOWS } from '../../nodes/Helena/transport/budget';
import type { Clock } from '../../nodes/Helena/transport/budget';
import { demo } from '../sandbox';
import { mariaSession, useChatSandbox } from './chatFixture';

describe('the transport speaks the chat service', () => {
	const helena = useChatSandbox();

	test.each(['', '/', '/core', '/chat', '/chat/', '/CORE/'])(
		'"<host>%s" reaches the chat routes under /chat exactly once',
		async (suffix) => {
			const credentials = { baseUrl: helena.sandbox.url + suffix };
			const sessions = await helena.run(
				{ resource: 'session', operation: 'get', sessionId: mariaSession(helena).id, includeDetails: [] },
				{ credentials },
			);
			const users = await helena.run(
				{
					resource: 'session',
					operation: 'transfer',
					sessionId: mariaSession(helena).id,
					transferUser: { __rl: true, mode: 'id', value: demo.userId('Bruno Lima') },
				},
				{ credentials },
			);

			expect(sessions.error).toBeUndefined();
			expect(users.error).toBeUndefined();
			expect(helena.sandbox.requests.map((request) => request.path)).toEqual([
				`/chat/v2/session/${mariaSession(helena).id}`,
				`/chat/v1/session/${mariaSession(helena).id}/transfer`,
			]);
		},
	);

	test('a 429 on a send is waited out and retried like a core request; a 503 on a send is not repeated (a send creates a message)', async () => {
		const id = mariaSession(helena).id;
		helena.sandbox.failNext(1, { status: 429, retryAfterSeconds: 0, path: '/chat/v1/send/text' });
		const retried = await helena.run({ resource: 'message', operation: 'sendText', sendTo: 'session', sessionId: id, text: 'Oi' });
		helena.sandbox.failNext(1, { status: 503, path: '/chat/v1/send/text' });
		const notRepeated = await helena.run({
			resource: 'message',
			operation: 'sendText',
			sendTo: 'session',
			sessionId: id,
			text: 'Oi de novo',
		});

		expect(retried.error).toBeUndefined();
		expect(notRepeated.error?.message).toBe('Helena answered 503 (ServiceUnavailable); the message may have been sent');
		expect(notRepeated.error?.description).toContain('was not repeated automatically');
		expect(helena.sandbox.requests.map((request) => `${request.status} ${request.path}`)).toEqual([
			'429 /chat/v1/send/text',
			'200 /chat/v1/send/text',
			'503 /chat/v1/send/text',
		]);
	});

	test('the send family has its own budget: 950 sends per 2 minutes, then the next waits for the window', async () => {
		let now = 0;
		const clock: Clock = { now: () => now, sleep: async (ms) => void (now += ms) };
		const budget = new RequestBudget(SEND_RATE_WINDOWS, clock);
		for (let n = 0; n < 950; n++) await budget.take();
		expect(now).toBe(0);
		await budget.take();
		expect(now).toBe(120_001);
	});
});
