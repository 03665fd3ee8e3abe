import { sleep } from 'n8n-workflow';

import { RecentlyUsed } from '../helpers/cache';

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

/** A monotonic clock: the wall clock set back an hour must not hold a request for an hour. */
const systemClock: Clock = { now: () => performance.now(), sleep };

/**
 * Pacing that learns from Helena's 429s, because the processes that share an account (queue-mode workers,
 * several n8n instances) cannot see each other's requests, but each sees the refusals and the admissions:
 * - A budget starts at the documented limits, so a process alone goes as fast as they allow and meets no 429.
 * - A 429 cuts this process's share of a window to 85% of what it really sent in that window (multiplicative
 *   decrease), at most once per short window: the 429s of the next seconds answer requests sent before the
 *   cut. Cutting from what was sent, not from the share, matters when a process cannot use its whole share
 *   (a busy CPU): a cut of an unused share would not slow it at all. 85% rather than TCP's half: with four
 *   processes (docs/queue-mode.md, bench/pacing-model.mjs), halving left about a sixth of the limit unused for
 *   as many refusals.
 * - Which window refused is not said. While the process used at least half of its short share, the short one.
 *   When it hardly did, has been sending for a whole short window, and Helena has admitted none of its
 *   requests for a whole one but refused two at least (one 429 after a slow first request says nothing), the
 *   long one (the account's 1,000 per 5 minutes spent): cut from what the process sent in it, its budget
 *   then holds its requests until its oldest ones leave the window, instead of each request spending its
 *   attempts on refusals for minutes.
 * - Each short window without a cut gives back a step of 1/20 of the short limit, then twice the last step
 *   (additive increase that speeds up, so that a process the others have left is soon back at the documented
 *   pace), and 1/20 of the long share once Helena has admitted a request of this process since the cut (a
 *   spent long window admits none). A request waiting for a window wakes at each step, which may let it go.
 *   As TCP flows sharing a link, processes sharing an account so converge on shares whose sum stays just
 *   under the limits. A short share never falls below 1/8 (eight processes fit the limits); a long one may
 *   fall to a single request, when another client has spent the window alone.
 * - The send family counts a batch as one request, as the vendor documents. A 429 on a send proves that
 *   Helena counts more (its messages): the budget then counts every message of a batch, for an hour, the
 *   batches already in the window included, so that from then on nothing goes out that either reading
 *   would refuse. That 429 teaches the reading and does not cut the share: after it the node sends at the
 *   per-message pace. Helena refuses a send with 429 before applying it, so the refused batch is simply
 *   sent again once the window allows it: no message goes out twice.
 */
const MIN_SHARE = 1 / 8;
const SHARE_STEP = 1 / 20;
const CUT_FACTOR = 0.85;
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

	/** When the share was last cut: the additive steps count from here. */
	private shareSince = -Infinity;

	/** 429s since Helena last admitted a request of this budget. */
	private refusedInARow = 0;

	/** When Helena last admitted a request of this budget. */
	private admittedAt = -Infinity;

	/** When this budget let its first request go. */
	private firstSentAt = Infinity;

	/** Short windows since the last cut: each gives back twice the step of the one before. */
	private quietWindows = 0;

	private lastCut = -Infinity;

	/** Until when a batch counts as its messages (after Helena refused a send read per request). */
	private messagesUntil = -Infinity;

	/** The shortest window: shares are cut and given back per length of it. */
	private readonly shortWindow: Window;

	/** The longest window, when there is more than one: its share is cut apart. */
	private readonly longWindow?: Window;

	private readonly stepMs: number;

	private readonly keepMs: number;

	constructor(
		private readonly windows: Window[] = HELENA_RATE_WINDOWS,
		private readonly clock: Clock = systemClock,
	) {
		this.shortWindow = windows.reduce((shortest, window) => (window.ms < shortest.ms ? window : shortest));
		const longest = windows.reduce((longest, window) => (window.ms > longest.ms ? window : longest));
		if (longest !== this.shortWindow) this.longWindow = longest;
		this.stepMs = this.shortWindow.ms;
		this.keepMs = longest.ms;
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
		this.refusedInARow++;
		if (switchesReading && !this.countsMessages()) {
			this.messagesUntil = now + MESSAGES_READING_MS;
			this.restartRecovery(now);
			return true;
		}
		// the 429s of the next short window answer requests sent before the cut
		if (now - this.lastCut >= this.stepMs && this.cut(now)) {
			this.lastCut = now;
			this.restartRecovery(now);
		}
		return false;
	}

	/** Helena answered a request that took from this budget with anything but 429: the account admitted it. */
	admitted(): void {
		const now = this.clock.now();
		this.recover(now);
		this.refusedInARow = 0;
		this.admittedAt = now;
	}

	/** Multiplicative decrease of the window that refused (see the comment above the class). */
	private cut(now: number): boolean {
		const short = this.shortWindow;
		const usedShort = this.usedIn(short, now);
		const long = this.longWindow;
		const longSpent =
			usedShort < (short.limit * this.share.short) / 2 &&
			now - this.firstSentAt >= this.stepMs &&
			now - this.admittedAt >= this.stepMs &&
			this.refusedInARow >= 2;
		if (long && longSpent) {
			this.share.long = Math.min(this.share.long, this.usedIn(long, now) / long.limit) * CUT_FACTOR;
			return true;
		}
		if (this.share.short <= MIN_SHARE) return false;
		this.share.short = Math.max(MIN_SHARE, Math.min(this.share.short, usedShort / short.limit) * CUT_FACTOR);
		return true;
	}

	private restartRecovery(now: number): void {
		this.shareSince = now;
		this.quietWindows = 0;
	}

	/**
	 * Additive increase, per whole short window since the last cut: the short share gets a step, then each
	 * window twice the step of the one before; the long share a step each window, once Helena has admitted a
	 * request of this process since the cut.
	 */
	private recover(now: number): void {
		if (this.share.short >= 1 && this.share.long >= 1) return;
		const windows = Math.floor((now - this.shareSince) / this.stepMs);
		if (windows <= 0) return;
		// steps 1, 2, 4 … after the windows already counted: (2^windows - 1) steps in all, doubled per window before
		const steps = Math.min(2 ** Math.min(this.quietWindows, 30) * (2 ** Math.min(windows, 30) - 1), 1 / SHARE_STEP);
		this.share.short = Math.min(1, this.share.short + steps * SHARE_STEP);
		// a spent long window admits none: giving its share back before would only meet more refusals
		if (this.admittedAt > this.lastCut) this.share.long = Math.min(1, this.share.long + windows * SHARE_STEP);
		this.shareSince += windows * this.stepMs;
		this.quietWindows += windows;
	}

	private async waitForSlot(messages: number): Promise<void> {
		for (;;) {
			const now = this.clock.now();
			this.recover(now);
			const weight = this.countsMessages() ? messages : 1;
			const waitMs = Math.max(this.holdUntil - now, ...this.windows.map((window) => this.waitFor(window, now, weight)));
			if (waitMs <= 0) {
				this.sent.push({ at: now, messages });
				this.firstSentAt = Math.min(this.firstSentAt, now);
				const first = this.sent.findIndex(({ at }) => at > now - this.keepMs);
				if (first > 0) this.sent = this.sent.slice(first);
				return;
			}
			// a share being given back may let the request go before the window frees
			const recoversIn = this.share.short < 1 || this.share.long < 1 ? this.shareSince + this.stepMs - now : Infinity;
			await this.clock.sleep(Math.max(1, Math.min(waitMs, recoversIn)));
		}
	}

	/** How long until `weight` more fit in the window: the entries that must leave it first are the oldest ones in it. */
	private waitFor(window: Window, now: number, weight: number): number {
		const { limit, ms } = window;
		const allowed = Math.max(1, Math.floor(limit * (window === this.shortWindow ? this.share.short : this.share.long)));
		const need = Math.min(weight, allowed);
		const weightOf = this.weightOf();
		const first = this.firstIn(window, now);
		let used = this.weightFrom(first);
		for (let entry = first; used + need > allowed && entry < this.sent.length; entry++) {
			used -= weightOf(this.sent[entry]);
			if (used + need <= allowed) return Math.max(0, this.sent[entry].at + ms - now + 1);
		}
		return 0;
	}

	/** How a request counts in the budget's present reading: its messages, or one. */
	private weightOf(): (sent: Sent) => number {
		return this.countsMessages() ? (sent) => sent.messages : () => 1;
	}

	/** The index of the oldest request still in `window`. */
	private firstIn({ ms }: Window, now: number): number {
		let first = this.sent.length;
		while (first > 0 && this.sent[first - 1].at > now - ms) first--;
		return first;
	}

	/** What this process has sent in `window` up to `now`, in the budget's present reading. */
	private usedIn(window: Window, now: number): number {
		return this.weightFrom(this.firstIn(window, now));
	}

	/** The weight of the requests sent from index `first` on. */
	private weightFrom(first: number): number {
		const weightOf = this.weightOf();
		let used = 0;
		for (let entry = first; entry < this.sent.length; entry++) used += weightOf(this.sent[entry]);
		return used;
	}
}

/**
 * After a 429: when the refused request sent messages (`refusedSend`: a send, not a status read), the send
 * family's budget (first in `budgets`) may learn that Helena counts messages, which explains the refusal;
 * otherwise every budget the request took from lowers its share.
 */
export function learnFrom429(budgets: RequestBudget[], refusedSend: boolean): void {
	const [first, ...others] = budgets;
	if (!first || first.learnFrom429(refusedSend)) return;
	for (const budget of others) budget.learnFrom429(false);
}

/** Budgets kept at most: one per credential and family in use; a process that has used more forgets the least recent. */
export const MAX_BUDGETS = 1_000;
const budgets = new RecentlyUsed<string, RequestBudget>(MAX_BUDGETS);
let clockInUse: Clock = systemClock;

/** The clock the budgets and the waits between attempts read. */
export function pacingClock(): Clock {
	return clockInUse;
}

/** How many budgets the process keeps now (tests: it stays at MAX_BUDGETS). */
export function budgetsKept(): number {
	return budgets.size;
}

/** Budgets made from now on, and the waits between attempts, read `clock` (tests: minutes of learning in no time); forgets the budgets made so far. */
export function usePacingClock(clock: Clock = systemClock): void {
	clockInUse = clock;
	budgets.clear();
}

/** One budget per credential (and per rate-limit family) in this process, the least recently used dropped beyond MAX_BUDGETS. */
export function budgetFor(credentialKey: string, family: 'account' | 'send' = 'account'): RequestBudget {
	const key = `${family}:${credentialKey}`;
	let budget = budgets.get(key);
	if (!budget) {
		budget = new RequestBudget(family === 'send' ? SEND_RATE_WINDOWS : HELENA_RATE_WINDOWS, clockInUse);
		budgets.set(key, budget);
	}
	return budget;
}
