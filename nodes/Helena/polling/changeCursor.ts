import { createHash } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

/*
 * Where a polling trigger stands in Helena's stream of changes (contacts, conversations, cards), kept
 * in the workflow's static data. Every time in it is one Helena wrote (`updatedAt`, `createdAt`, or
 * the Date of its answers), never n8n's clock: that clock only tells, when no answer carries a Date,
 * which stamps are ahead (`horizonOf`).
 */

/** Which timestamp orders the stream: `createdAt` when only new records matter. */
export type ChangeField = 'updatedAt' | 'createdAt';

/**
 * A change may become visible this long after the time it carries (a write that committed late):
 * each check reads again from this long before Helena's time at the previous check, and `seen`
 * keeps those already emitted from coming out twice.
 */
export const OVERLAP_MS = 5_000;

/** More remembered records than this is not a state the trigger wrote: it starts again. */
export const MAX_SEEN = 100_000;

/** Records whose last known state (status, step) the trigger keeps at most; the least recently changed go first. */
export const MAX_KNOWN = 5_000;

export interface CursorState {
	/** 'now' or the Start From date the cursor was started with; another value starts it again. */
	origin: string;
	/** Nothing before this instant is emitted (the start of the first window). */
	floor: string;
	/** The latest change emitted (or seen when the trigger started), never past Helena's time; '' only without a Date header, while Helena lists no record whose stamp is not ahead. */
	cursor: string;
	/** Record id → the version (timestamp) last seen, for every change the next check reads again. */
	seen: Record<string, string>;
	/** Helena's time (the Date of its first answer) at the latest check that completed; '' when Helena gave none. */
	checkedAt: string;
	/**
	 * Record id → what its events compare (a conversation's status, a card's step and status) as last
	 * seen, least recently changed first, at most MAX_KNOWN; only for kinds whose events need it.
	 */
	known?: Record<string, string>;
	/**
	 * Helena was seen listing a record stamped exactly at (or before) the `*.After` bound it was sent: it
	 * reads the bound as inclusive, so the bound sent is one millisecond later than the last instant not needed.
	 */
	afterIncludesBound?: boolean;
	/**
	 * Record id → a digest of its content, for the records the latest check listed stamped ahead of Helena's
	 * time (by more than OVERLAP_MS): such a stamp may not move when the record changes, so its content tells.
	 */
	ahead?: Record<string, string>;
}

/** Helena's clock during a check, from the Date of its answers (ms). */
export interface HelenaTime {
	/** At its first answer: changes that become visible later carry at least this, minus OVERLAP_MS. */
	first?: number;
	/** At its latest answer: no change Helena made can be later than this. */
	latest?: number;
}

export interface Change {
	record: IDataObject;
	version: string;
	/** New since the previous check, or a change to a record that existed before it. */
	event: 'created' | 'updated';
	/** The record's known state before this change (see CursorState.known); undefined when not known. */
	previous?: string;
}

/**
 * The latest instant a record's stamp can honestly carry during a check: Helena's time (the Date of its
 * latest answer) plus OVERLAP_MS. A stamp later than this is ahead of Helena: it never moves the position
 * nor a listing's bound, and the record's version is its content (`contentOf`), not that stamp. Where no
 * answer carried a Date (a proxy on the way drops it), n8n's own clock stands in, with a day's tolerance
 * that no honest difference between two clocks reaches.
 */
export function horizonOf(time: HelenaTime): number {
	return time.latest === undefined ? Date.now() + WITHOUT_DATE_TOLERANCE_MS : time.latest + OVERLAP_MS;
}

const WITHOUT_DATE_TOLERANCE_MS = 24 * 3_600_000;

/** Whether an instant (ms) lies ahead of Helena's time (`horizonOf`). */
export function isAhead(instant: number, horizon: number): boolean {
	return instant > horizon;
}

/**
 * Where the position may stand for a record stamped `version`: at that stamp, or at Helena's time when the
 * stamp is later (by at most OVERLAP_MS, or ahead of it: `isAhead`). Without a Date header there is no time of
 * Helena's to stand at: a stamp ahead of the horizon gives no position (undefined), and the position is never
 * the horizon itself, which lies a day past n8n's clock and would skip the changes of that day.
 */
export function positionOf(version: string, time: HelenaTime): string | undefined {
	const instant = instantOf(version);
	if (time.latest !== undefined) return instant > time.latest ? new Date(time.latest).toISOString() : version;
	return isAhead(instant, horizonOf(time)) ? undefined : version;
}

/** A short digest of a record's content, the same for the same fields and values in any key order. */
export function contentOf(record: IDataObject): string {
	const sorted = (value: unknown): unknown =>
		Array.isArray(value)
			? value.map(sorted)
			: value !== null && typeof value === 'object'
				? Object.fromEntries(
						Object.keys(value)
							.sort()
							.map((key) => [key, sorted((value as IDataObject)[key])]),
					)
				: value;
	return createHash('sha256')
		.update(JSON.stringify(sorted(record)))
		.digest('base64url')
		.slice(0, 22);
}

/** Milliseconds of a Helena timestamp (any ISO form, including 7 fractional digits). */
export function instantOf(value: unknown): number {
	return typeof value === 'string' ? Date.parse(value) : Number.NaN;
}

/** Orders two Helena timestamps; same millisecond: the longer fraction decides, as text. */
export function compareVersions(a: string, b: string): number {
	return instantOf(a) - instantOf(b) || (a < b ? -1 : a > b ? 1 : 0);
}

const isDate = (value: unknown) => typeof value === 'string' && !Number.isNaN(instantOf(value));
const isDateOrEmpty = (value: unknown) => value === '' || isDate(value);

/**
 * The state as saved, when it is one the trigger wrote: `undefined` when there is none (first
 * activation), otherwise the state or what is wrong with it (hand-edited, corrupted, another version).
 * A state saved before `checkedAt` existed is read with it unknown.
 */
export function readCursorState(data: IDataObject): { state: CursorState } | { problem: string } | undefined {
	const keys = Object.keys(data);
	if (keys.length === 0) return undefined;
	const { origin, floor, cursor, seen, checkedAt = '' } = data;
	if (origin !== 'now' && !isDate(origin)) return { problem: '"origin" is neither "now" nor a date' };
	if (!isDateOrEmpty(floor)) return { problem: '"floor" is not a date' };
	if (!isDateOrEmpty(cursor)) return { problem: '"cursor" is not a date' };
	if (!isDateOrEmpty(checkedAt)) return { problem: '"checkedAt" is not a date' };
	if (cursor === '' && floor !== '') return { problem: '"cursor" is empty but "floor" is not' };
	// an empty Helena at activation starts the cursor at Helena's time: only a state without it can be empty
	if (cursor === '' && checkedAt !== '') return { problem: '"cursor" is empty although Helena\'s time was noted' };
	if (cursor !== '' && floor !== '' && instantOf(cursor) < instantOf(floor)) return { problem: '"cursor" is before "floor"' };
	if (typeof seen !== 'object' || seen === null || Array.isArray(seen)) return { problem: '"seen" is not an object' };
	const entries = Object.entries(seen);
	if (entries.length > MAX_SEEN) return { problem: `"seen" holds more than ${MAX_SEEN.toLocaleString('en')} records` };
	if (!entries.every(([, version]) => isDate(version))) return { problem: '"seen" holds a value that is not a date' };
	const state: CursorState = {
		origin: origin as string,
		floor: floor as string,
		cursor: cursor as string,
		seen: { ...(seen as Record<string, string>) },
		checkedAt: checkedAt as string,
	};
	const { afterIncludesBound } = data;
	if (afterIncludesBound !== undefined && typeof afterIncludesBound !== 'boolean')
		return { problem: '"afterIncludesBound" is not true or false' };
	if (afterIncludesBound) state.afterIncludesBound = true;
	if ('ahead' in data) {
		const { ahead } = data;
		if (typeof ahead !== 'object' || ahead === null || Array.isArray(ahead)) return { problem: '"ahead" is not an object' };
		const digests = Object.entries(ahead);
		if (digests.length > MAX_KNOWN) return { problem: `"ahead" holds more than ${MAX_KNOWN.toLocaleString('en')} records` };
		if (!digests.every(([, value]) => typeof value === 'string')) return { problem: '"ahead" holds a value that is not text' };
		state.ahead = { ...(ahead as Record<string, string>) };
	}
	if (!('known' in data)) return { state };
	const { known } = data;
	if (typeof known !== 'object' || known === null || Array.isArray(known)) return { problem: '"known" is not an object' };
	const remembered = Object.entries(known);
	if (remembered.length > MAX_KNOWN) return { problem: `"known" holds more than ${MAX_KNOWN.toLocaleString('en')} records` };
	if (!remembered.every(([, value]) => typeof value === 'string')) return { problem: '"known" holds a value that is not text' };
	return { state: { ...state, known: { ...(known as Record<string, string>) } } };
}

/** What in the state lies ahead of Helena's own time (by more than the overlap): a state no check could have written. */
export function aheadOfHelena(state: CursorState, time: HelenaTime): string | undefined {
	// a Start From date still ahead: the user asked to wait for it
	if (state.cursor === state.origin && state.floor === state.origin) return undefined;
	const horizon = horizonOf(time);
	if (isAhead(instantOf(state.cursor), horizon)) return `"cursor" (${state.cursor}) is later than Helena's time`;
	if (isAhead(instantOf(state.checkedAt), horizon)) return `"checkedAt" (${state.checkedAt}) is later than Helena's time`;
	return undefined;
}

/** A cursor that starts at `at` (the latest change in Helena, or the Start From date). */
export function startCursor(origin: string, at: string, seenAtStart: Record<string, string>, checkedAt = ''): CursorState {
	return { origin, floor: at, cursor: at, seen: seenAtStart, checkedAt };
}

/**
 * `known` after these changes (in the order they happened): each record moves to the end with its
 * new state, and the least recently changed are dropped past MAX_KNOWN. A dropped record is one not
 * changed for longest; its next change is reported without its previous state.
 */
export function remember(known: Record<string, string>, changes: Array<{ id: string; state: string }>): Record<string, string> {
	const next = { ...known };
	for (const { id, state } of changes) {
		delete next[id];
		next[id] = state;
	}
	const ids = Object.keys(next);
	for (const id of ids.slice(0, Math.max(0, ids.length - MAX_KNOWN))) delete next[id];
	return next;
}

/**
 * The lower bound of the next listing, in ms (inclusive); undefined lists from the very beginning.
 * What it must still read: every change after the cursor, and every change that may have become
 * visible since the previous check (carrying a time up to OVERLAP_MS before it). Once Helena's time
 * at that check is more than OVERLAP_MS past the cursor, nothing at or before the cursor can appear
 * any more, and an idle check reads only what is newer.
 */
export function windowStart(state: CursorState): number | undefined {
	const floor = instantOf(state.floor);
	const cursor = instantOf(state.cursor);
	if (Number.isNaN(cursor)) return Number.isNaN(floor) ? undefined : floor;
	const checked = instantOf(state.checkedAt);
	const lateFrom = Number.isNaN(checked) ? cursor - OVERLAP_MS : Math.max(cursor - OVERLAP_MS, checked - OVERLAP_MS);
	return Math.max(Math.min(cursor + 1, lateFrom), Number.isNaN(floor) ? -Infinity : floor);
}

/**
 * Whether this version of a record is one the workflow has not had yet: inside the window read
 * (`start`, from `windowStart`), and not the version last seen of that record. For a record stamped
 * ahead of Helena's time, `content` (its `contentOf`) is its version: the same stamp with other content
 * is a change, and so is one whose content the trigger did not note.
 */
export function isUnseen(state: CursorState, id: string, version: string, start: number | undefined, content?: string): boolean {
	const instant = instantOf(version);
	if (Number.isNaN(instant) || (start !== undefined && instant < start)) return false;
	const known = state.seen[id];
	// any other version is a change: one stamped ahead of Helena's time comes back with an earlier one
	if (known === undefined || compareVersions(version, known) !== 0) return true;
	return content !== undefined && state.ahead?.[id] !== content;
}

/**
 * A record that appears for the first time and was created inside the window read is new;
 * anything else is a change to a record the workflow already knew (or that predates the cursor).
 */
export function eventOf(state: CursorState, record: IDataObject, start: number | undefined): Change['event'] {
	if (state.seen[String(record.id)] !== undefined) return 'updated';
	const created = instantOf(record.createdAt);
	return start === undefined || created >= start ? 'created' : 'updated';
}

/**
 * The state after a check that found `changes` (emitted or noted as seen): the cursor at the latest of
 * them but never past Helena's time (a record stamped in the future must not make the trigger deaf
 * until then: its stamp does not count, the record stays in `seen` with its content in `ahead`, and
 * `ahead` holds exactly the records this check listed ahead of Helena's time), Helena's time noted,
 * and only what the next check reads again remembered.
 */
export function advance(state: CursorState, changes: Change[], time: HelenaTime, ahead: Record<string, string> = {}): CursorState {
	const horizon = horizonOf(time);
	const newest = changes
		.filter((change) => !isAhead(instantOf(change.version), horizon))
		.reduce((max, change) => (!max || compareVersions(change.version, max) > 0 ? change.version : max), state.cursor);
	// `newest` is not ahead, so it has a position: itself, or Helena's time when it is a little later
	let cursor = positionOf(newest, time) ?? newest;
	if (cursor !== newest && state.cursor && compareVersions(state.cursor, cursor) > 0) cursor = state.cursor;
	const checkedAt = time.first === undefined ? state.checkedAt : new Date(time.first).toISOString();
	const next: CursorState = { ...state, cursor, checkedAt };
	delete next.ahead;
	if (Object.keys(ahead).length) next.ahead = { ...ahead };
	// the next window starts here; what is older will not be listed again, and a record ahead of Helena's
	// time that this check did not list (gone, or out of the filters) will not be either
	const keepFrom = windowStart(next) ?? Number.NEGATIVE_INFINITY;
	const kept = (id: string, version: string) => instantOf(version) >= keepFrom && (!isAhead(instantOf(version), horizon) || id in ahead);
	const seen: Record<string, string> = {};
	for (const [id, version] of Object.entries(state.seen)) {
		if (kept(id, version)) seen[id] = version;
	}
	for (const { record, version } of changes) {
		if (kept(String(record.id), version)) seen[String(record.id)] = version;
	}
	return { ...next, seen };
}

/** Changes in the order they happened; one instant: by record id, so every run orders them alike. */
export function inOrder(changes: Change[]): Change[] {
	return [...changes].sort((a, b) => compareVersions(a.version, b.version) || String(a.record.id).localeCompare(String(b.record.id)));
}
