import type { Clock } from '../../nodes/Helena/transport/budget';
import { HELENA_RATE_WINDOWS, RequestBudget } from '../../nodes/Helena/transport/budget';

/*
 * The arithmetic of the learning pacing (transport/budget.ts), on a clock that moves only when told to:
 * what a 429 cuts, from what, and how the shares come back. test/foundation/pacingLearns.test.ts runs
 * the same budgets through n8n's engine against the sandbox.
 */
function fakeClock() {
	const clock = { now: 0, sleeps: 0 };
	const budgetClock: Clock = {
		now: () => clock.now,
		sleep: async (ms) => {
			clock.sleeps++;
			clock.now += ms;
		},
	};
	return { clock, budget: new RequestBudget(HELENA_RATE_WINDOWS, budgetClock) };
}

/** Requests `count` slots `gapMs` apart, each answered as `answer` says. */
async function send(
	{ clock, budget }: ReturnType<typeof fakeClock>,
	count: number,
	gapMs: number,
	answer: 'admitted' | 'refused' | 'none' = 'admitted',
) {
	for (let n = 0; n < count; n++) {
		await budget.take();
		if (answer === 'admitted') budget.admitted();
		if (answer === 'refused') budget.learnFrom429(false);
		clock.now += gapMs;
	}
}

const SHORT_LIMIT = 190;

describe('A 429 cuts the share of the window that refused, from what this process really sent in it', () => {
	test('a process that sent 100 requests in the last 5 s is cut to 85% of them, not to a part of its whole share', async () => {
		const pacing = fakeClock();
		await send(pacing, 100, 10);

		pacing.budget.learnFrom429(false);

		expect(pacing.budget.currentShare().short).toBeCloseTo((0.85 * 100) / SHORT_LIMIT, 5);
		expect(pacing.budget.currentShare().long).toBe(1);
	});

	test('a process whose CPU let it send only 40 in 5 s is cut below its 40, where halving its unused share would not slow it', async () => {
		const pacing = fakeClock();
		await send(pacing, 40, 120);

		pacing.budget.learnFrom429(false);

		expect(pacing.budget.currentShare().short).toBeCloseTo((0.85 * 40) / SHORT_LIMIT, 5);
	});

	test('the 429s of the next 5 s answer requests sent before the cut: they cut nothing more', async () => {
		const pacing = fakeClock();
		await send(pacing, 100, 10);
		pacing.budget.learnFrom429(false);
		const cut = pacing.budget.currentShare().short;

		pacing.clock.now += 4_000;
		pacing.budget.learnFrom429(false);
		pacing.budget.learnFrom429(false);

		expect(pacing.budget.currentShare().short).toBe(cut);
	});

	test('a share never falls below an eighth of the short limit', async () => {
		const pacing = fakeClock();
		await send(pacing, 1, 0);

		pacing.budget.learnFrom429(false);

		expect(pacing.budget.currentShare().short).toBe(1 / 8);
	});
});

describe('Without a cut the short share comes back by a twentieth, then twice the last step, each 5 s', () => {
	test('back at the documented limit 25 s after being cut to an eighth', async () => {
		const pacing = fakeClock();
		await send(pacing, 1, 0);
		pacing.budget.learnFrom429(false);

		const shares = [];
		for (let window = 1; window <= 5; window++) {
			pacing.clock.now = window * 5_000;
			shares.push(pacing.budget.currentShare().short);
		}

		const steps = [1, 3, 7, 15].map((sum) => 1 / 8 + sum / 20);
		shares.slice(0, 4).forEach((share, i) => expect(share).toBeCloseTo(steps[i], 5));
		expect(shares[4]).toBe(1);
	});
});

describe("When most answers are 429s while the short share is hardly used, the account's 1,000 per 5 minutes are spent", () => {
	test('the long share is cut from what this process sent in 5 minutes: its budget holds the next request until its oldest leaves', async () => {
		const pacing = fakeClock();
		// 400 requests admitted over 200 s, then refusals a second apart while others spend the window
		await send(pacing, 400, 500);
		let sent = 400;
		while (pacing.budget.currentShare().long === 1) {
			await send(pacing, 1, 1_000, 'refused');
			sent++;
		}

		expect(sent).toBeLessThan(420);
		expect(pacing.budget.currentShare().long).toBeCloseTo((0.85 * sent) / 1_000, 5);
		// the first refusal, with admissions still in its 5 s, was read as the short window's
		expect(pacing.budget.currentShare().short).toBeLessThan(1);
		// the requests in the window must come down to what the long share allows: the oldest leave it first
		const allowed = Math.floor(0.85 * sent);
		await pacing.budget.take();
		expect(pacing.clock.now).toBe((sent - allowed) * 500 + 301_000 + 1);
	});

	test('when another client spent the window alone, the long share falls to a request: the budget holds, no request spends its attempts', async () => {
		const pacing = fakeClock();
		await send(pacing, 6, 1_000, 'refused');

		expect(pacing.budget.currentShare().long).toBeLessThan(0.01);
		const sleepsBefore = pacing.clock.sleeps;
		await pacing.budget.take();
		expect(pacing.clock.sleeps).toBeGreaterThan(sleepsBefore);
		expect(pacing.clock.now).toBeGreaterThanOrEqual(301_000);
	});

	test('one 429 to a first request Helena held for seconds (others filled the short window) cuts the short share, not the long one', async () => {
		const pacing = fakeClock();
		await send(pacing, 1, 10_000, 'none');

		pacing.budget.learnFrom429(false);

		expect(pacing.budget.currentShare()).toEqual({ short: 1 / 8, long: 1 });
	});

	test('a process that has just started and meets 429s (others fill the short window) keeps its long share', async () => {
		const pacing = fakeClock();
		await send(pacing, 4, 1_000, 'refused');

		expect(pacing.budget.currentShare()).toEqual({ short: 1 / 8, long: 1 });
	});

	test("the long share comes back only while Helena admits some of this process's requests", async () => {
		const pacing = fakeClock();
		await send(pacing, 6, 1_000, 'refused');
		const cut = pacing.budget.currentShare().long;

		pacing.clock.now += 60_000;
		expect(pacing.budget.currentShare().long).toBe(cut);

		pacing.budget.admitted();
		pacing.clock.now += 5_000;
		expect(pacing.budget.currentShare().long).toBeCloseTo(cut + 1 / 20, 5);
	});
});
