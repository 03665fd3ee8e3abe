import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { withHelenaClock } from '../transport';
import type { Change, CursorState, HelenaTime } from './changeCursor';
import {
	OVERLAP_MS,
	advance,
	aheadOfHelena,
	horizonOf,
	inOrder,
	positionOf,
	readCursorState,
	remember,
	startCursor,
	windowStart,
} from './changeCursor';
import type { ChangeSource } from './changeListing';
import { aheadOf, changesSince, recentRecords } from './changeListing';
import { oneAtATime } from './oneAtATime';

/*
 * One scheduled check of a polling trigger, whatever it watches: the changes since the saved
 * position, or a new position when there is none (or it is not valid). Every polling trigger of the
 * package runs this, so they share one set of guarantees (see docs/triggers.md).
 */

export interface ChangeStream extends ChangeSource {
	/** The trigger's name in n8n's log, e.g. "Helena Contact Trigger". */
	trigger: string;
	/** 'now', or the ISO date to start from on first activation. */
	origin: string;
	/** What the events compare between two versions of a record (a status, a step); left out when nothing is compared. */
	stateOf?(record: IDataObject): string;
	/** Records whose state to know from the start, newest first (a card moved later is then reported as moved). */
	snapshot?(context: IPollFunctions): Promise<IDataObject[]>;
}

export interface PolledChanges {
	/** Oldest first, each with the record's previous state when the stream keeps one. */
	changes: Change[];
	/** The lower bound of the window read (ms), as `windowStart` gave it. */
	start: number | undefined;
}

/** Writes only what changed: n8n saves static data that was touched. */
function store(staticData: IDataObject, state: CursorState): void {
	for (const [key, value] of Object.entries(state)) {
		if (JSON.stringify(staticData[key]) !== JSON.stringify(value)) staticData[key] = value;
	}
	// present only while Helena lists a record stamped ahead of its time
	if (state.ahead === undefined && 'ahead' in staticData) delete staticData.ahead;
}

const stateChanges = (stream: ChangeStream, records: IDataObject[]) =>
	records.map((record) => ({ id: String(record.id), state: stream.stateOf!(record) }));

/**
 * A cursor at Helena's latest change (never past Helena's time), so that the first activation emits
 * nothing old: every record the next check reads again counts as seen, however many pages that is
 * (an import of hundreds of records just before activation is not emitted on the first check).
 */
async function cursorAtLatest(context: IPollFunctions, stream: ChangeStream): Promise<CursorState> {
	const clock = withHelenaClock(context);
	const time = (): HelenaTime => ({ first: clock.first(), latest: clock.latest() });
	const checkedAt = () => (clock.first() === undefined ? '' : new Date(clock.first()!).toISOString());
	/** The state at this change (see positionOf); '' when none of them has a position (all stamped ahead, no Date header). */
	const atNewest = (newestFirst: string[]) =>
		startCursor(
			stream.origin,
			newestFirst.map((version) => positionOf(version, time())).find((at) => at !== undefined) ?? '',
			{},
			checkedAt(),
		);
	const recent = await recentRecords(
		clock.context,
		stream,
		(newest) => windowStart(atNewest([new Date(newest).toISOString()])) ?? Number.NEGATIVE_INFINITY,
		() => horizonOf(time()),
	);
	const known = stream.stateOf ? await knownAtStart(clock.context, stream, recent) : undefined;
	const withKnown = (state: CursorState): CursorState => (known ? { ...state, known } : state);
	if (recent.length === 0) {
		// Helena has none yet: every record from Helena's time on (less the overlap) is new. Without
		// a Date header nothing bounds it, and the whole (empty) list is the window.
		const first = clock.first();
		return withKnown(startCursor(stream.origin, first === undefined ? '' : new Date(first - OVERLAP_MS).toISOString(), {}, checkedAt()));
	}
	const seen = recent.map((record) => ({ record, version: String(record[stream.field]), event: 'updated' as const }));
	const start = atNewest(seen.map((change) => change.version));
	return withKnown(advance(start, seen, time(), aheadOf(recent, stream.field, horizonOf(time()))));
}

/** The state of each record the trigger knows when it starts: the snapshot's, or else those it just read. */
async function knownAtStart(context: IPollFunctions, stream: ChangeStream, recent: IDataObject[]): Promise<Record<string, string>> {
	const records = stream.snapshot ? await stream.snapshot(context) : recent;
	return remember({}, stateChanges(stream, [...records].reverse()));
}

/** Runs one check, never side by side with another check of the same trigger in this process. */
export async function pollChanges(context: IPollFunctions, stream: ChangeStream): Promise<PolledChanges | null> {
	// n8n may start a check while the previous one of the same workflow still runs (coinciding
	// Poll Times, retries through an outage): each one reads the state the previous one left
	return await oneAtATime(`${String(context.getWorkflow().id)} ${context.getNode().name}`, async () => await check(context, stream));
}

async function check(context: IPollFunctions, stream: ChangeStream): Promise<PolledChanges | null> {
	const staticData = context.getWorkflowStaticData('node');
	const saved = readCursorState(staticData);
	if (saved && 'problem' in saved) return await startAgain(context, staticData, stream, saved.problem);
	if (!saved || saved.state.origin !== stream.origin) {
		if (stream.origin === 'now') {
			const started = await cursorAtLatest(context, stream);
			for (const key of Object.keys(staticData)) if (!(key in started)) delete staticData[key];
			store(staticData, started);
			return null;
		}
		const started = startCursor(stream.origin, stream.origin, {});
		return await emitChanges(context, staticData, stream.stateOf ? { ...started, known: {} } : started, stream);
	}
	return await emitChanges(context, staticData, saved.state, stream);
}

/** Reads the changes since `state`, moves it past them and returns them, oldest first. */
async function emitChanges(
	context: IPollFunctions,
	staticData: IDataObject,
	state: CursorState,
	stream: ChangeStream,
): Promise<PolledChanges | null> {
	const clock = withHelenaClock(context);
	const start = windowStart(state);
	const {
		changes: found,
		afterIncludesBound,
		ahead: listedAhead,
	} = await changesSince(clock.context, stream, state, start, () => horizonOf({ latest: clock.latest() }));
	const time: HelenaTime = { first: clock.first(), latest: clock.latest() };
	const ahead = aheadOfHelena(state, time);
	if (ahead) return await startAgain(context, staticData, stream, ahead);
	const changes = inOrder(found);
	let next = advance(state, found, time, listedAhead);
	if (afterIncludesBound) next = { ...next, afterIncludesBound };
	if (stream.stateOf) {
		const known = state.known ?? {};
		for (const change of changes) change.previous = known[String(change.record.id)];
		next = {
			...next,
			known: remember(
				known,
				stateChanges(
					stream,
					changes.map((change) => change.record),
				),
			),
		};
	}
	store(staticData, next);
	return { changes, start };
}

/** A saved state the trigger cannot have written: start again from Helena's latest change, say so in n8n's log, emit nothing. */
async function startAgain(context: IPollFunctions, staticData: IDataObject, stream: ChangeStream, problem: string): Promise<null> {
	const state = await cursorAtLatest(context, stream);
	context.logger.warn(
		`${stream.trigger} "${context.getNode().name}": its saved position is not valid (${problem}). ` +
			"It starts again from Helena's latest change: changes made before this check are not reported.",
	);
	for (const key of Object.keys(staticData)) if (!(key in state)) delete staticData[key];
	store(staticData, state);
	return null;
}
