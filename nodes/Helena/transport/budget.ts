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
 * per-endpoint reading) on top of the account budget, with a margin like the core one.
 */
export const SEND_RATE_WINDOWS: Window[] = [{ limit: 950, ms: 120_000 }];

export interface Clock {
	now(): number;
	sleep(ms: number): Promise<void>;
}

const systemClock: Clock = { now: () => Date.now(), sleep };

/**
 * Pacing that learns from Helena's 429s, because the processes that share an account (queue-mode workers,
 * several n8n instances) cannot see each other's requests, but each sees the refusals:
 * - A budget starts at the documented limits, so a process alone goes as fast as they allow and meets no 429.
 * - A 429 halves this process's share of the short window (multiplicative decrease), at most once per short
 *   window: the 429s of the next seconds answer requests sent before the cut. Each short window without a
 *   429 gives back a step of 1/20 of the limit (additive increase). As TCP flows sharing a link, processes
 *   sharing an account so converge on even shares whose sum stays just under the limit. A share never falls
 *   below 1/8 (eight processes fit the limits); 429s that go on once the short share is there come from
 *   the long window (the account's 1,000 per 5 minutes spent), whose share is then halved in the same way.
 * - The send family counts a batch as one request, as the vendor documents. A 429 on a send proves that
 *   Helena counts more (its messages): the budget then counts every message of a batch, for an hour, the
 *   batches already in the window included, so that from then on nothing goes out that either reading
 *   would refuse. That 429 teaches the reading and does not cut the share: after it the node sends at the
 *   per-message pace. Helena refuses a send with 429 before applying it, so the refused batch is simply
 *   sent again once the window allows it: no message goes out twice.
 */
const MIN_SHARE = 1 / 8;
const SHARE_STEP = 1 / 20;
const CUT_FACTOR = 0.5;
const MESSAGES_READING_MS = 3_600_000;

interface Sent {
	at: number;
	/** The messages the request sent (a batch: its recipients); 1 for any other request. */
	messages: number;
}

/** A sliding-window request budget; `take()` resolves when one more request may be sent. */
export class RequestBudget {
	private sent: Sent[] = [];

	private turn: Promise<void> = Promise.resolve();

	private holdUntil = 0;

	/** The part of the short window's limit, and of the longer windows' limits, this process allows itself. */
	private share = { short: 1, long: 1 };

	/** When the share last changed or met a 429: the additive steps count from here. */
	private shareSince = -Infinity;

	private lastCut = -Infinity;

	/** Until when a batch counts as its messages (after Helena refused a send read per request). */
	private messagesUntil = -Infinity;

	private readonly stepMs: number;

	private readonly keepMs: number;

	constructor(
		private readonly windows: Window[] = HELENA_RATE_WINDOWS,
		private readonly clock: Clock = systemClock,
	) {
		this.stepMs = Math.min(...windows.map((window) => window.ms));
		this.keepMs = Math.max(...windows.map((window) => window.ms));
	}

	/** One request that sends `messages` messages (a batch: its recipients; the account budget: 1). */
	async take(messages = 1): Promise<void> {
		// Callers queue so that concurrent executions cannot claim the same free slot.
		const mine = this.turn.then(async () => await this.waitForSlot(Math.max(1, Math.floor(messages))));
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

	/** Whether the budget counts each message of a batch (after a 429 proved that Helena does). */
	countsMessages(): boolean {
		return this.clock.now() < this.messagesUntil;
	}

	/** The part of the documented limits this process allows itself now (1 = all of them). */
	currentShare(): { short: number; long: number } {
		this.recover(this.clock.now());
		return { ...this.share };
	}

	/**
	 * Learns from a 429 to a request that took from this budget. `switchesReading` (the send family):
	 * the first 429 switches to counting messages and reports it, instead of cutting the share.
	 */
	learnFrom429(switchesReading: boolean): boolean {
		const now = this.clock.now();
		this.recover(now);
		this.shareSince = now;
		if (switchesReading && !this.countsMessages()) {
			this.messagesUntil = now + MESSAGES_READING_MS;
			return true;
		}
		if (now - this.lastCut >= this.stepMs) {
			const window = this.share.short > MIN_SHARE ? 'short' : 'long';
			this.share[window] = Math.max(MIN_SHARE, this.share[window] * CUT_FACTOR);
			this.lastCut = now;
		}
		return false;
	}

	/** Additive increase: a step for each whole short window since the last 429. */
	private recover(now: number): void {
		if (this.share.short >= 1 && this.share.long >= 1) return;
		const steps = Math.floor((now - this.shareSince) / this.stepMs);
		if (steps <= 0) return;
		this.share.short = Math.min(1, this.share.short + steps * SHARE_STEP);
		this.share.long = Math.min(1, this.share.long + steps * SHARE_STEP);
		this.shareSince += steps * this.stepMs;
	}

	private async waitForSlot(messages: number): Promise<void> {
		for (;;) {
			const now = this.clock.now();
			this.recover(now);
			const weight = this.countsMessages() ? messages : 1;
			const waitMs = Math.max(this.holdUntil - now, ...this.windows.map((window) => this.waitFor(window, now, weight)));
			if (waitMs <= 0) {
				this.sent.push({ at: now, messages });
				const first = this.sent.findIndex(({ at }) => at > now - this.keepMs);
				if (first > 0) this.sent = this.sent.slice(first);
				return;
			}
			await this.clock.sleep(waitMs);
		}
	}

	/** How long until `weight` more fit in the window: the entries that must leave it first are the oldest ones in it. */
	private waitFor({ limit, ms }: Window, now: number, weight: number): number {
		const allowed = Math.max(1, Math.floor(limit * (ms === this.stepMs ? this.share.short : this.share.long)));
		const need = Math.min(weight, allowed);
		const weightOf = this.countsMessages() ? (sent: Sent) => sent.messages : () => 1;
		let first = this.sent.length;
		let used = 0;
		while (first > 0 && this.sent[first - 1].at > now - ms) used += weightOf(this.sent[--first]);
		for (let entry = first; used + need > allowed && entry < this.sent.length; entry++) {
			used -= weightOf(this.sent[entry]);
			if (used + need <= allowed) return Math.max(0, this.sent[entry].at + ms - now + 1);
		}
		return 0;
	}
}

/**
 * After a 429: the send family's budget (first in `budgets`) may learn that Helena counts messages, which
 * explains the refusal; otherwise every budget the request took from lowers its share.
 */
export function learnFrom429(budgets: RequestBudget[], sendFamily: boolean): void {
	const [first, ...others] = budgets;
	if (!first || first.learnFrom429(sendFamily)) return;
	for (const budget of others) budget.learnFrom429(false);
}

const budgets = new Map<string, RequestBudget>();
let clockOfNewBudgets: Clock = systemClock;

/** Budgets made from now on read `clock` (tests: minutes of learning in no time); forgets the budgets made so far. */
export function usePacingClock(clock: Clock = systemClock): void {
	clockOfNewBudgets = clock;
	budgets.clear();
}

/** One budget per credential (and per rate-limit family) in this process. */
export function budgetFor(credentialKey: string, family: 'account' | 'send' = 'account'): RequestBudget {
	const key = `${family}:${credentialKey}`;
	let budget = budgets.get(key);
	if (!budget) {
		budget = new RequestBudget(family === 'send' ? SEND_RATE_WINDOWS : HELENA_RATE_WINDOWS, clockOfNewBudgets);
		budgets.set(key, budget);
	}
	return budget;
}
