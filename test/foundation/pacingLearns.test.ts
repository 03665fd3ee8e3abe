import { sleep } from 'n8n-workflow';

import type { Clock } from '../../nodes/Helena/transport/budget';
import { budgetFor, usePacingClock } from '../../nodes/Helena/transport/budget';
import type { SandboxFixture } from '../engine/sandbox';
import { useSandbox } from '../engine/sandbox';
import { demo } from '../sandbox';
import { byId, byNumber, COMERCIAL } from '../chat/chatFixture';

/*
 * The pacing learns from Helena's 429s over minutes; here the node's budgets and the sandbox's rate
 * windows read one frozen clock that only moves when the node waits, so minutes pass in no time and
 * the test is about what was sent when, not about how fast the machine is. The clock moves on only
 * once every request the budgets let go has been answered, so each arrives at the time it was sent.
 */
function useSharedFakeClock(helena: SandboxFixture): Clock {
	helena.sandbox.setClock({ frozen: true });
	const clock: Clock = {
		now: () => Date.parse(helena.sandbox.setClock({}).now),
		sleep: async (ms) => {
			while (helena.sandbox.requests.length < granted || helena.sandbox.requests.some((request) => request.status === 0)) await sleep(5);
			helena.sandbox.setClock({ advanceMs: ms });
		},
	};
	usePacingClock(clock);
	let granted = 0;
	// every request takes from the account's budget (a send from the send family's too)
	const budget = budgetFor(CREDENTIAL_ID);
	const take = budget.take.bind(budget);
	budget.take = async (messages) => {
		await take(messages);
		granted++;
	};
	helena.sandbox.clearRequests();
	return clock;
}

/** When each request the sandbox admitted arrived, on the shared clock, from the first one on. */
function admittedAt(helena: SandboxFixture, path: RegExp, from = 0): number[] {
	const admitted = helena.sandbox.requests
		.slice(from)
		.filter((request) => path.test(request.decodedPath) && request.admittedAt !== undefined);
	const first = admitted[0]?.admittedAt ?? 0;
	return admitted.map((request) => (request.admittedAt as number) - first);
}

/** The credential the engine harness gives the node (its budgets are kept per credential). */
const CREDENTIAL_ID = 'credential-1';

const phoneOf = (n: number) => `+55 11 96${String(n).padStart(3, '0')}-${String(1000 + n).slice(-4)}`;
const campaign = {
	resource: 'message',
	operation: 'sendTemplateToMany',
	channel: byNumber(COMERCIAL.number),
	phoneNumber: '={{ $json.phone }}',
	template: byId(demo.templateId('boas_vindas')),
	templateParameters: { parameter: [{ name: 'nome', value: '={{ $json.name }}' }] },
};
const recipients = (n: number) => Array.from({ length: n }, (_, i) => ({ phone: phoneOf(i), name: `Cliente ${i}` }));
const BATCH = /^\/chat\/v1\/send\/template\/batch$/;

describe('Send Template to Many counts a batch as one request until Helena shows that it counts messages', () => {
	const helena = useSandbox({ chatStepMs: 0, retryAfterSeconds: 0 });
	beforeEach(() => {
		helena.sandbox.reset('demo');
		useSharedFakeClock(helena);
	});
	afterEach(() => {
		helena.sandbox.setFaults({ enforceRateLimits: false, sendCounting: 'request' });
		helena.sandbox.setClock({ real: true });
		usePacingClock();
	});

	test('where Helena counts requests, 1,100 recipients go out in 11 batches at once, with no 429', async () => {
		helena.sandbox.setFaults({ enforceRateLimits: true, sendCounting: 'request' });

		const { items, error } = await helena.run(campaign, { items: recipients(1_100) });

		expect(error).toBeUndefined();
		expect(items).toHaveLength(1_100);
		const batches = helena.sandbox.requests.filter((request) => BATCH.test(request.decodedPath));
		expect(batches.map((request) => request.status)).toEqual(Array(11).fill(200));
		expect(admittedAt(helena, BATCH)).toEqual(Array(11).fill(0));
	});

	test('a 429 on a status read teaches nothing about batches: 1,100 recipients still go out in 11 batches at once', async () => {
		helena.sandbox.setFaults({ enforceRateLimits: true, sendCounting: 'request' });
		helena.sandbox.misbehaviour.next({ retryAfter: '0', method: 'GET', path: /^\/chat\/v1\/send\/message\// });
		const read = await helena.run({ resource: 'message', operation: 'getStatus', messageId: '3fa85f64-5717-4562-b3fc-2c963f66afa6' });
		expect(helena.sandbox.requests.map((request) => request.status).slice(0, 2)).toEqual([429, 404]);
		expect(read.error?.message).toBeDefined();
		const from = helena.sandbox.requests.length;

		const { items, error } = await helena.run(campaign, { items: recipients(1_100) });

		expect(error).toBeUndefined();
		expect(items).toHaveLength(1_100);
		const batches = helena.sandbox.requests.slice(from).filter((request) => BATCH.test(request.decodedPath));
		expect(batches.map((request) => request.status)).toEqual(Array(11).fill(200));
		// before, the read's 429 switched the send budget to counting messages: the 11th batch waited 120 s
		expect(admittedAt(helena, BATCH, from)).toEqual(Array(11).fill(0));
	});

	test('where Helena counts messages, the one 429 switches the reading: the refused batch waits for the window and is sent once, nothing twice', async () => {
		helena.sandbox.setFaults({ enforceRateLimits: true, sendCounting: 'message' });
		const sessionsBefore = helena.sandbox.chat.sessions().length;

		const { items, error } = await helena.run(campaign, { items: recipients(1_300) });

		expect(error).toBeUndefined();
		expect(items).toHaveLength(1_300);
		const batches = helena.sandbox.requests.filter((request) => BATCH.test(request.decodedPath));
		// 10 batches fill Helena's 1,000 messages per 2 minutes; the 11th is refused, unapplied
		expect(batches.map((request) => request.status)).toEqual([...Array(10).fill(200), 429, 200, 200, 200]);
		const at = admittedAt(helena, BATCH);
		expect(at.slice(0, 10)).toEqual(Array(10).fill(0));
		// from then on the node counts messages: the refused batch and the next two wait for the window to free
		expect(at[10]).toBeGreaterThanOrEqual(120_000);
		expect(at[12]).toBeGreaterThanOrEqual(120_000);
		// each recipient received one message: the refused batch was not applied, its repeat sent each once
		expect(new Set(items.map((item) => item.json.id)).size).toBe(1_300);
		expect(helena.sandbox.chat.sessions().length - sessionsBefore).toBeLessThanOrEqual(1_300);
		const sentTo = batches
			.filter((request) => request.status === 200)
			.flatMap((request) => (request.body as { messages: Array<{ to: string }> }).messages.map((message) => message.to));
		expect(sentTo).toHaveLength(1_300);
		expect(new Set(sentTo).size).toBe(1_300);
	});
});

describe("A process's share of the account falls on 429s and comes back without them", () => {
	const helena = useSandbox({ seed: 'empty', retryAfterSeconds: 0 });
	let ids: string[] = [];
	const gets = async (n: number) => {
		const from = helena.sandbox.requests.length;
		const { error } = await helena.run(
			{ resource: 'contact', operation: 'get', contact: { __rl: true, mode: 'id', value: '={{ $json.id }}' } },
			{ items: ids.slice(0, n).map((id) => ({ id })) },
		);
		expect(error).toBeUndefined();
		return admittedAt(helena, /^\/core\/v1\/contact\//, from);
	};
	const inFirstFiveSeconds = (at: number[]) => at.filter((time) => time < 5_000).length;
	let clock: Clock;
	beforeAll(() => {
		ids = helena.sandbox.seedContacts(400).map((contact: { id: string }) => contact.id);
	});
	beforeEach(() => {
		clock = useSharedFakeClock(helena);
		helena.sandbox.setFaults({ enforceRateLimits: true });
	});
	afterEach(() => {
		helena.sandbox.setFaults({ enforceRateLimits: false });
		helena.sandbox.setClock({ real: true });
		usePacingClock();
	});

	test('alone and never refused, a process sends 190 requests per 5 s, the documented limit less its margin', async () => {
		const at = await gets(400);

		expect(inFirstFiveSeconds(at)).toBe(190);
		expect(helena.sandbox.requests.filter((request) => request.status === 429)).toHaveLength(0);
	});

	const perWindow = (at: number[], windows: number) =>
		Array.from({ length: windows }, (_, k) => at.filter((time) => time >= k * 5_000 && time < (k + 1) * 5_000).length);

	test('a 429 to its first request (another client filled the window) cuts the pace to an eighth; without more, it comes back faster each 5 s, to the documented limit', async () => {
		helena.sandbox.failNext(1, { status: 429, path: /^\/core\/v1\/contact\// });

		const at = await gets(400);

		const windows = perWindow(at, 6);
		// the share: 1/8, then + 1/20, + 2/20, + 4/20, + 8/20 of the 190 a window
		expect(windows.slice(0, 5)).toEqual([23, 33, 52, 90, 166]);
		expect(helena.sandbox.requests.filter((request) => request.status === 429)).toHaveLength(1);
		// a minute without a 429: back at the documented pace
		await clock.sleep(60_000);
		helena.sandbox.setFaults({ enforceRateLimits: false });
		helena.sandbox.setFaults({ enforceRateLimits: true });
		const recovered = await gets(400);
		expect(inFirstFiveSeconds(recovered)).toBe(190);
	});

	test('a 429 cuts the pace to 85% of what the process sent in the last 5 s, once: the 429s of the next seconds answer requests sent before the cut', async () => {
		await gets(100);
		helena.sandbox.failNext(3, { status: 429, path: /^\/core\/v1\/contact\// });

		const at = await gets(300);

		// about 105 sent in the window when the first 429 came: about 89 allowed, and a twentieth (9.5) more after 5 s;
		// a cut for each 429 would allow 65, a process never refused 190
		const [, cutWindow, nextWindow] = perWindow(at, 3);
		expect(cutWindow).toBeGreaterThanOrEqual(90);
		expect(cutWindow).toBeLessThanOrEqual(105);
		expect(nextWindow - cutWindow).toBe(19);
	});

	test("another client spent the account's 1,000 requests per 5 minutes: the node waits in its budget until the window frees, and no item fails", async () => {
		helena.sandbox.setFaults({ retryAfterSeconds: undefined });
		const spentAt = clock.now() - 5_000;
		const { limiter } = helena.sandbox.faults;
		for (let n = 0; n < 1_000; n++) limiter.record(helena.sandbox.apiKey, spentAt, 1);

		const from = helena.sandbox.requests.length;
		await gets(20);

		const mine = helena.sandbox.requests.slice(from);
		const refused = mine.filter((request) => request.status === 429).length;
		const admitted = mine.filter((request) => request.status === 200).map((request) => request.admittedAt as number);
		expect(admitted).toHaveLength(20);
		expect(Math.min(...admitted)).toBeGreaterThan(spentAt + 300_000);
		// the first 5 s are read as the short window's (a process that has just started): a few attempts, with random
		// back-off, of each of the 5 reads in flight; then the budget holds them instead of letting them meet 429s
		// until their 10th attempt (the pacing before this reading failed all 20 items)
		expect(refused).toBeLessThanOrEqual(25);
		helena.sandbox.setFaults({ retryAfterSeconds: 0 });
	});
});
