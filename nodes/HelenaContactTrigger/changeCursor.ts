import type { IDataObject } from 'n8n-workflow';

/*
 * Where the trigger stands in Helena's stream of contact changes, kept in the workflow's static
 * data. Every time in it is one Helena wrote (`updatedAt` or `createdAt`), never n8n's clock.
 */

/** Which timestamp orders the stream: `createdAt` when only new contacts matter. */
export type ChangeField = 'updatedAt' | 'createdAt';

/**
 * Each poll reads again from this long before the cursor, so a change that became visible only
 * after later ones had been listed (a write that committed late) is still caught; `seen` keeps
 * those already emitted from coming out twice.
 */
export const OVERLAP_MS = 5_000;

export interface CursorState {
	/** 'now' or the Start From date the cursor was started with; another value starts it again. */
	origin: string;
	/** Nothing before this instant is emitted (the start of the first window). */
	floor: string;
	/** The latest change emitted (or seen when the trigger started); '' while Helena has no contacts. */
	cursor: string;
	/** Contact id → the version (timestamp) last seen, for every change within OVERLAP_MS of the cursor. */
	seen: Record<string, string>;
}

export interface Change {
	contact: IDataObject;
	version: string;
	event: 'created' | 'updated';
}

/** Milliseconds of a Helena timestamp (any ISO form, including 7 fractional digits). */
export function instantOf(value: unknown): number {
	return typeof value === 'string' ? Date.parse(value) : Number.NaN;
}

/** Orders two Helena timestamps; same millisecond: the longer fraction decides, as text. */
export function compareVersions(a: string, b: string): number {
	return instantOf(a) - instantOf(b) || (a < b ? -1 : a > b ? 1 : 0);
}

export function isCursorState(value: IDataObject): boolean {
	return typeof value.origin === 'string' && typeof value.cursor === 'string' && typeof value.seen === 'object';
}

/** A cursor that starts at `at` (the latest change in Helena, or the Start From date). */
export function startCursor(origin: string, at: string, seenAtStart: Record<string, string>): CursorState {
	return { origin, floor: at, cursor: at, seen: seenAtStart };
}

/** The lower bound of the next listing, in ms; undefined lists from the very beginning. */
export function windowStart(state: CursorState): number | undefined {
	const floor = instantOf(state.floor);
	const cursor = instantOf(state.cursor);
	if (Number.isNaN(cursor)) return Number.isNaN(floor) ? undefined : floor;
	return Math.max(cursor - OVERLAP_MS, Number.isNaN(floor) ? -Infinity : floor);
}

/**
 * Whether this version of a contact is one the workflow has not had yet: inside the window read
 * (`start`, from `windowStart`), and newer than what was seen of that contact.
 */
export function isUnseen(state: CursorState, id: string, version: string, start: number | undefined): boolean {
	const instant = instantOf(version);
	if (Number.isNaN(instant) || (start !== undefined && instant < start)) return false;
	const known = state.seen[id];
	return known === undefined || compareVersions(version, known) > 0;
}

/**
 * A contact that appears for the first time and was created inside the window read is new;
 * anything else is a change to a contact the workflow already knew (or that predates the cursor).
 */
export function eventOf(state: CursorState, contact: IDataObject, start: number | undefined): Change['event'] {
	if (state.seen[String(contact.id)] !== undefined) return 'updated';
	const created = instantOf(contact.createdAt);
	return start === undefined || created >= start ? 'created' : 'updated';
}

/** The cursor after a poll that found `changes`: the latest of them, with the recent ones remembered. */
export function advance(state: CursorState, changes: Change[]): CursorState {
	if (changes.length === 0) return state;
	const latest = changes.reduce((max, change) => (!max || compareVersions(change.version, max) > 0 ? change.version : max), state.cursor);
	const next = { ...state, cursor: latest };
	// the next window starts here; what is older will not be listed again
	const keepFrom = windowStart(next) ?? Number.NEGATIVE_INFINITY;
	const seen: Record<string, string> = {};
	for (const [id, version] of Object.entries(state.seen)) {
		if (instantOf(version) >= keepFrom) seen[id] = version;
	}
	for (const { contact, version } of changes) {
		if (instantOf(version) >= keepFrom) seen[String(contact.id)] = version;
	}
	return { ...next, seen };
}

/** Changes in the order they happened; one instant: by contact id, so every run orders them alike. */
export function inOrder(changes: Change[]): Change[] {
	return [...changes].sort((a, b) => compareVersions(a.version, b.version) || String(a.contact.id).localeCompare(String(b.contact.id)));
}
