import type { Clock } from '../../nodes/Helena/transport/budget';
import { RequestBudget } from '../../nodes/Helena/transport';
import { budgetFor, budgetsKept, MAX_BUDGETS, usePacingClock } from '../../nodes/Helena/transport/budget';

/** A clock that only moves when the budget sleeps, so the test is about counts, not timing. */
function virtualClock(): Clock & { slept: number[] } {
	let now = 0;
	const slept: number[] = [];
	return {
		slept,
		now: () => now,
		sleep: async (ms) => {
			slept.push(ms);
			now += ms;
		},
	};
}

describe('the request budget', () => {
	test('lets requests through while the window has room, then waits for the oldest to age out', async () => {
		const clock = virtualClock();
		const budget = new RequestBudget([{ limit: 3, ms: 300 }], clock);
		const grantedAt: number[] = [];

		for (let i = 0; i < 7; i++) {
			await budget.take();
			grantedAt.push(clock.now());
		}

		expect(grantedAt).toEqual([0, 0, 0, 301, 301, 301, 602]);
	});

	test('concurrent callers never get more than the limit in any window', async () => {
		const clock = virtualClock();
		const budget = new RequestBudget(
			[
				{ limit: 4, ms: 200 },
				{ limit: 6, ms: 1_000 },
			],
			clock,
		);
		const grantedAt: number[] = [];

		await Promise.all(
			Array.from({ length: 20 }, async () => {
				await budget.take();
				grantedAt.push(clock.now());
			}),
		);

		expect(grantedAt).toHaveLength(20);
		for (let i = 0; i < grantedAt.length; i++) {
			expect(grantedAt.filter((t) => t >= grantedAt[i] && t < grantedAt[i] + 200).length).toBeLessThanOrEqual(4);
			expect(grantedAt.filter((t) => t >= grantedAt[i] && t < grantedAt[i] + 1_000).length).toBeLessThanOrEqual(6);
		}
	});

	test('the default windows stay under the vendor limits of 200 per 5 s and 1,000 per 5 min', async () => {
		const clock = virtualClock();
		const budget = new RequestBudget(undefined, clock);
		const grantedAt: number[] = [];

		for (let i = 0; i < 1_000; i++) {
			await budget.take();
			grantedAt.push(clock.now());
		}

		let busiest = 0;
		for (let first = 0, last = 0; last < grantedAt.length; last++) {
			while (grantedAt[last] - grantedAt[first] >= 5_000) first++;
			busiest = Math.max(busiest, last - first + 1);
		}
		expect(busiest).toBe(190);
	});

	test('after a 429 every caller is held back until the hold ends', async () => {
		const clock = virtualClock();
		const budget = new RequestBudget([{ limit: 100, ms: 1_000 }], clock);
		await budget.take();

		budget.holdFor(2_000);
		const grantedAt: number[] = [];
		await Promise.all(
			[budget.take(), budget.take()].map(async (taken) => {
				await taken;
				grantedAt.push(clock.now());
			}),
		);

		expect(grantedAt).toEqual([2_000, 2_000]);
	});
});

describe('the budgets a process keeps', () => {
	afterEach(() => usePacingClock());

	test('many credentials: at most MAX_BUDGETS are kept, and the one in use keeps its budget (and what it learned)', () => {
		usePacingClock();
		const current = budgetFor('credential-in-use');
		current.holdFor(60_000);

		for (let i = 0; i < 5 * MAX_BUDGETS; i++) {
			budgetFor(`other-credential-${i}`, i % 2 ? 'send' : 'account');
			if (i % 100 === 0) expect(budgetFor('credential-in-use')).toBe(current);
			expect(budgetsKept()).toBeLessThanOrEqual(MAX_BUDGETS);
		}

		expect(budgetsKept()).toBe(MAX_BUDGETS);
		expect(budgetFor('credential-in-use')).toBe(current);
		// the least recently used are gone: asked again, they start afresh
		const first = budgetFor('other-credential-0');
		expect(budgetFor('other-credential-0')).toBe(first);
		expect(budgetsKept()).toBe(MAX_BUDGETS);
	});
});
