import { usePacingClock } from '../../nodes/Helena/transport/budget';
import type { LoggedRequest } from '../engine/sandbox';

/*
 * The sandbox answers 20% of requests 429 and 10% 503 (a seeded PRNG, one draw per request) without
 * applying them. Retry-After is 0: the transport honours Retry-After, so this keeps the retries
 * immediate and the tests about correctness, not about waiting.
 */
export const FAULTS = { rate429: 0.2, rate5xx: 0.1, retryAfterSeconds: 0, randomSeed: 7 };

export const phoneOf = (n: number) => `+55|31${String(900_000_000 + n)}`;

/** How many requests got each HTTP status. */
export const statusCounts = (requests: LoggedRequest[]) =>
	requests.reduce<Record<number, number>>((counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

/**
 * The node's pacing reads each 429 as a full window and cuts its share (nodes/Helena/transport/budget.ts): under
 * 20% 429s it soon sends an eighth of the documented pace, and a few hundred requests wait half a minute. For the
 * tests of what was applied, the budgets read a clock that moves only when they wait, so the waits pass in no
 * time and every cut and wait still happens (the pacing's own timing is test/foundation/pacingLearns.test.ts's).
 */
export function useInstantPacing() {
	beforeAll(() => {
		let now = 0;
		usePacingClock({ now: () => now, sleep: async (ms) => void (now += ms) });
	});
	afterAll(() => usePacingClock());
}
