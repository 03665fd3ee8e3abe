import { sleep } from 'n8n-workflow';

interface Window {
	limit: number;
	ms: number;
}

/**
 * The vendor allows 200 requests per 5 s and 1,000 per 5 min per account. Both windows keep a margin for
 * the skew between our send times and the server's arrival times (a loaded machine sends a request
 * some hundred milliseconds after it was counted): the short one in requests, the long one in time,
 * since its 1,000 are the account's whole allowance and the first request of the next window would
 * otherwise meet the oldest one still counted (measured: one 429 in 2,000 sustained requests).
 */
export const HELENA_RATE_WINDOWS: Window[] = [
	{ limit: 190, ms: 5_000 },
	{ limit: 1_000, ms: 301_000 },
];

/**
 * Each endpoint of the chat service's send family (`/chat/v1/send/...`) has its own limit of 1,000
 * requests per 2 min. The node keeps one budget for the whole family (never kinder than the
 * per-endpoint reading) on top of the account budget, with a margin like the core one. A batch send
 * counts each of its messages (100 recipients take 100 slots): whether Helena counts a batch as one
 * request or as its messages is not documented, and this reading is never kinder than either.
 */
export const SEND_RATE_WINDOWS: Window[] = [{ limit: 950, ms: 120_000 }];

export interface Clock {
	now(): number;
	sleep(ms: number): Promise<void>;
}

const systemClock: Clock = { now: () => Date.now(), sleep };

/** A sliding-window request budget; `take()` resolves when one more request may be sent. */
export class RequestBudget {
	private readonly sent: number[] = [];

	private readonly keep: number;

	private turn: Promise<void> = Promise.resolve();

	private holdUntil = 0;

	constructor(
		private readonly windows: Window[] = HELENA_RATE_WINDOWS,
		private readonly clock: Clock = systemClock,
	) {
		this.keep = Math.max(...windows.map((window) => window.limit));
	}

	/** `count` slots at once: a batch send of 100 messages counts 100 in the send family's budget. */
	async take(count = 1): Promise<void> {
		// Callers queue so that concurrent executions cannot claim the same free slot.
		const slots = Math.max(1, Math.min(Math.floor(count), ...this.windows.map((window) => window.limit)));
		const mine = this.turn.then(async () => await this.waitForSlot(slots));
		this.turn = mine;
		return await mine;
	}

	/**
	 * A 429 means the account's window is full (other clients share it): hold every request of this
	 * credential back for a while, not only the one that will be retried.
	 */
	holdFor(ms: number): void {
		this.holdUntil = Math.max(this.holdUntil, this.clock.now() + ms);
	}

	private async waitForSlot(slots: number): Promise<void> {
		for (;;) {
			const now = this.clock.now();
			const waitMs = Math.max(this.holdUntil - now, ...this.windows.map((window) => this.waitFor(window, now, slots)));
			if (waitMs <= 0) {
				for (let slot = 0; slot < slots; slot++) this.sent.push(now);
				if (this.sent.length > this.keep) this.sent.splice(0, this.sent.length - this.keep);
				return;
			}
			await this.clock.sleep(waitMs);
		}
	}

	/** How long until `slots` more fit in the window: the entry that must leave it first is the one `slots` places back. */
	private waitFor({ limit, ms }: Window, now: number, slots: number): number {
		if (this.sent.length + slots <= limit) return 0;
		const oldestInWindow = this.sent[this.sent.length + slots - 1 - limit];
		return Math.max(0, oldestInWindow + ms - now + 1);
	}
}

const budgets = new Map<string, RequestBudget>();

/** One budget per credential (and per rate-limit family) in this process. */
export function budgetFor(credentialKey: string, family: 'account' | 'send' = 'account'): RequestBudget {
	const key = `${family}:${credentialKey}`;
	let budget = budgets.get(key);
	if (!budget) {
		budget = new RequestBudget(family === 'send' ? SEND_RATE_WINDOWS : HELENA_RATE_WINDOWS);
		budgets.set(key, budget);
	}
	return budget;
}
