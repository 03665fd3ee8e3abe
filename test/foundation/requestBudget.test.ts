import { RequestBudget } from '../../nodes/Helena/transport';

describe('the request budget', () => {
	test('lets requests through while the window has room, then waits for the oldest to age out', async () => {
		const budget = new RequestBudget([{ limit: 3, ms: 300 }]);
		const started = Date.now();
		const grantedAt: number[] = [];

		for (let i = 0; i < 5; i++) {
			await budget.take();
			grantedAt.push(Date.now() - started);
		}

		expect(grantedAt.slice(0, 3).every((ms) => ms < 100)).toBe(true);
		expect(grantedAt[3]).toBeGreaterThanOrEqual(300);
		expect(grantedAt[4]).toBeGreaterThanOrEqual(300);
	});

	test('concurrent callers never exceed the window', async () => {
		const budget = new RequestBudget([{ limit: 4, ms: 200 }]);
		const grantedAt: number[] = [];
		await Promise.all(
			Array.from({ length: 12 }, async () => {
				await budget.take();
				grantedAt.push(Date.now());
			}),
		);

		grantedAt.sort((a, b) => a - b);
		for (let i = 4; i < grantedAt.length; i++) {
			expect(grantedAt[i] - grantedAt[i - 4]).toBeGreaterThanOrEqual(200);
		}
	});
});
