import { randomBytes } from 'node:crypto';

import type { IDataObject, IExecuteFunctions, NodeApiError } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { isUuid, pause, withItemIndex } from '../../helpers';
import { apiPath, helenaRequest, requestOutcome, withHelenaClock } from '../../transport';
import { sessionRecord } from '../chat/locators';
import { deleteNote } from '../shared/noteId';
import type { BurstEnd, Entry, GoneOn } from './burst';
import { stampOf } from './burst';

/*
 * The claim of a burst, on the conversation's internal notes (an append-only log every execution reads alike):
 * 1. an execution about to go on writes a claim note naming the burst's last message and a token of its own;
 * 2. it lists the notes until its own claim is listed: a list that lags its writes lags in order, so every claim
 *    written before it is listed too;
 * 3. it waits until every earlier claim is settled: confirmed (it went on), or withdrawn (deleted), or dead (not
 *    confirmed within CONFIRM_WITHIN_MS of its stamp, plus LIST_LAG_MS for the list to show a late confirmation);
 * 4. the bursts that went on answer what they ended with; if something is left for this claim, it writes a
 *    confirmation note, and goes on only when Helena stamped that note within CONFIRM_WITHIN_MS of the claim.
 * A claim that does not go on is withdrawn, so nothing later waits for it. docs/ai-agent.md says what this relies on.
 */

/** How long after its claim an execution may confirm it (Helena's stamps); later, its claim counts as dead. */
export const CONFIRM_WITHIN_MS = 30_000;
/** How long the notes list may take to show a note after it was written. */
export const LIST_LAG_MS = 10_000;
const POLL_MS = 1000;
const PAGE_SIZE = 100;
const MAX_PAGES = 20;
const ATTEMPTS = 3;

const CLAIM = /\(burst ending ([0-9a-f-]{36})(?: at ([0-9T:.Z+-]+))?, claim ([0-9a-f]+)\)/i;
const CONFIRMATION = /\(going on with claim ([0-9a-f]+)\)/i;

interface Note {
	id: string;
	text: string;
	/** Helena's stamp, or (without one) Helena's time at the list that first showed the note: never earlier than the write. */
	at: number;
	stamped: boolean;
}

interface Claim {
	noteId: string;
	token: string;
	end: BurstEnd;
	at: number;
}

interface Log {
	claims: Claim[];
	/** Each token's confirmations. */
	confirmations: Map<string, Note[]>;
	/** Helena's time at the list (its Date's whole second), if it gave one. */
	now: number | undefined;
}

/** What the caller knows of the page: the stamp of a message a claim of an older version names without one. */
export type EndStamp = (messageId: string) => number;

type Failure = NodeApiError | NodeOperationError;

/** The notes since `since` (ms), oldest first, every page of them. */
async function listNotes(
	context: IExecuteFunctions,
	sessionId: string,
	since: number | undefined,
	firstSeen: Map<string, number>,
	itemIndex: number,
): Promise<{ notes: Note[]; now: number | undefined }> {
	const clock = withHelenaClock(context);
	const items: IDataObject[] = [];
	for (let page = 1; page <= MAX_PAGES; page++) {
		const answer = (await helenaRequest.call(clock.context, {
			service: 'chat',
			method: 'GET',
			path: apiPath`/v1/session/${sessionId}/note`,
			qs: {
				...(since === undefined ? {} : { 'CreatedAt.After': new Date(since).toISOString() }),
				OrderBy: 'createdAt',
				OrderDirection: 'ASCENDING',
				PageNumber: page,
				PageSize: PAGE_SIZE,
			},
			itemIndex,
			records: [sessionRecord(sessionId)],
		})) as IDataObject;
		const pageItems = Array.isArray(answer.items) ? (answer.items as IDataObject[]) : [];
		// a page that repeats the last one is the end, whatever Helena says of more pages
		const repeated = pageItems.length > 0 && items.some((item) => item.id === pageItems[0].id);
		if (repeated || !pageItems.length) break;
		items.push(...pageItems);
		// a short page is the end only when Helena does not say there are more (it may cap the page size)
		const more = answer.hasMorePages === true || (typeof answer.totalPages === 'number' && page < answer.totalPages);
		if (!more && pageItems.length < PAGE_SIZE) break;
		if (page === MAX_PAGES)
			throw new NodeOperationError(
				context.getNode(),
				`The conversation "${sessionId}" has more than ${MAX_PAGES * PAGE_SIZE} notes since its newest messages began; the claim of the burst cannot be read (item ${itemIndex})`,
				{ itemIndex, description: 'Turn off Claim the Burst in the options for this conversation, or delete notes it does not need.' },
			);
	}
	const now = clock.first();
	const notes = items.map((item, position) => {
		const id = String(item.id).toLowerCase();
		const stamp = stampOf(item);
		if (stamp === undefined && !firstSeen.has(id)) firstSeen.set(id, now ?? Infinity);
		const note: Note = {
			id,
			text: typeof item.text === 'string' ? item.text : '',
			at: stamp ?? firstSeen.get(id)!,
			stamped: stamp !== undefined,
		};
		return { note, position };
	});
	// Helena's stamps order the log; a note without one keeps its place in the list
	notes.sort((a, b) =>
		a.note.stamped && b.note.stamped ? a.note.at - b.note.at || (a.note.id < b.note.id ? -1 : 1) : a.position - b.position,
	);
	return { notes: notes.map(({ note }) => note), now };
}

function readLog(notes: Note[], now: number | undefined, endStamp: EndStamp): Log {
	const claims: Claim[] = [];
	const confirmations = new Map<string, Note[]>();
	for (const note of notes) {
		const claim = CLAIM.exec(note.text);
		if (claim) {
			const endId = claim[1].toLowerCase();
			const written = claim[2] === undefined ? NaN : Date.parse(claim[2]);
			const end = { id: endId, at: Number.isNaN(written) ? endStamp(endId) : written };
			claims.push({ noteId: note.id, token: claim[3].toLowerCase(), end, at: note.at });
			continue;
		}
		const confirmation = CONFIRMATION.exec(note.text);
		if (confirmation) {
			const token = confirmation[1].toLowerCase();
			confirmations.set(token, [...(confirmations.get(token) ?? []), note]);
		}
	}
	return { claims, confirmations, now };
}

type Status = 'wentOn' | 'dead' | 'open';

function statusOf(claim: Claim, log: Log): Status {
	// a confirmation Helena did not stamp counts when it was listed before the claim could lapse
	const confirmed = (log.confirmations.get(claim.token) ?? []).some((note) =>
		note.stamped ? note.at <= claim.at + CONFIRM_WITHIN_MS : note.at <= claim.at + CONFIRM_WITHIN_MS + LIST_LAG_MS,
	);
	if (confirmed) return 'wentOn';
	return log.now !== undefined && log.now > claim.at + CONFIRM_WITHIN_MS + LIST_LAG_MS ? 'dead' : 'open';
}

const endsBefore = (a: BurstEnd, b: BurstEnd) => a.at < b.at || (a.at === b.at && a.id <= b.id);

/**
 * The bursts that went on (every confirmed claim of the log, wherever it sorts: one after this claim was confirmed
 * only once this one was settled), and whether a claim before this one is still open and may go on and change what
 * is left. Claims stamped in one millisecond sort by note ID: the one sorted first does not wait for the other.
 */
function settle(log: Log, own: Claim, withdrawn: Set<string>): { goneOn: GoneOn[]; unsettled: boolean } {
	// this execution's own earlier claims did not go on, whatever a note it could not delete says
	const others = log.claims.filter((claim) => claim !== own && !withdrawn.has(claim.token));
	const goneOn = others.filter((claim) => statusOf(claim, log) === 'wentOn').map((claim) => ({ at: claim.at, end: claim.end }));
	const before = others.filter((claim) => log.claims.indexOf(claim) < log.claims.indexOf(own));
	const unsettled = before.some(
		(claim) =>
			statusOf(claim, log) === 'open' &&
			// an open claim whose burst a confirmed one covers already cannot change anything
			!goneOn.some((other) => endsBefore(claim.end, other.end)),
	);
	return { goneOn, unsettled };
}

/**
 * The bursts that went on or may still go on, before this execution claims anything: what a look before claiming
 * must count as answered (a claim still open may be going on).
 */
export async function claimedSoFar(
	context: IExecuteFunctions,
	sessionId: string,
	since: number | undefined,
	endStamp: EndStamp,
	itemIndex: number,
): Promise<GoneOn[]> {
	const { notes, now } = await listNotes(context, sessionId, since, new Map(), itemIndex);
	const log = readLog(notes, now, endStamp);
	return log.claims.filter((claim) => statusOf(claim, log) !== 'dead').map((claim) => ({ at: claim.at, end: claim.end }));
}

export interface ClaimRequest {
	sessionId: string;
	end: BurstEnd;
	/** The stamp the notes are read from (the page's oldest message). */
	since: number | undefined;
	endStamp: EndStamp;
	/** What is left for this claim once `goneOn` went on (empty: nothing). */
	burstAfter: (goneOn: GoneOn[]) => Entry[];
	itemIndex: number;
}

/** Writes a note; its stamp, or (without one) the end of the second of Helena's answer. */
async function writeNote(context: IExecuteFunctions, sessionId: string, text: string, itemIndex: number) {
	const clock = withHelenaClock(context);
	const note = (await helenaRequest.call(clock.context, {
		service: 'chat',
		method: 'POST',
		path: apiPath`/v1/session/${sessionId}/note`,
		body: { text },
		itemIndex,
		records: [sessionRecord(sessionId)],
	})) as IDataObject;
	return { id: isUuid(note?.id) ? String(note.id).toLowerCase() : undefined, at: (note && stampOf(note)) ?? clock.latest() };
}

/** Deletes a note of this execution's (a claim, so that nothing waits for it); what became of it, for an error. */
async function withdraw(context: IExecuteFunctions, noteId: string | undefined, itemIndex: number): Promise<string> {
	if (!noteId) return 'The claim note may have been written; unconfirmed, it lapses by itself.';
	try {
		await deleteNote(context, noteId, itemIndex);
		return 'The claim note was deleted again.';
	} catch {
		return `The claim note "${noteId}" could not be deleted; unconfirmed, it lapses by itself.`;
	}
}

function failed(context: IExecuteFunctions, error: unknown, fate: string, itemIndex: number): Failure {
	const failure = withItemIndex(context, error, itemIndex);
	failure.description = [failure.description, `The burst did not go on from this execution. ${fate} A later delivery can still answer it.`]
		.filter(Boolean)
		.join(' ');
	return failure;
}

/**
 * Lists the notes until `find` finds what this execution wrote in them, or LIST_LAG_MS have passed since `written`
 * (then without it): a note not listed by then was not written.
 */
async function readUntilListed<T>(
	context: IExecuteFunctions,
	request: ClaimRequest,
	written: number,
	firstSeen: Map<string, number>,
	find: (log: Log) => T | undefined,
): Promise<{ log: Log; found: T | undefined }> {
	for (;;) {
		const { notes, now } = await listNotes(context, request.sessionId, request.since, firstSeen, request.itemIndex);
		const log = readLog(notes, now, request.endStamp);
		const found = find(log);
		if (found || performance.now() - written >= LIST_LAG_MS) return { log, found };
		await pause(context, POLL_MS);
	}
}

/**
 * Writes the confirmation of `claim`; whether it counts (stamped within CONFIRM_WITHIN_MS of the claim). A write
 * whose answer was lost is looked for in the list, never written twice; one that came too late is deleted again.
 */
async function confirm(context: IExecuteFunctions, request: ClaimRequest, claim: Claim, firstSeen: Map<string, number>): Promise<boolean> {
	const text = `n8n: the burst goes on (going on with claim ${claim.token})`;
	let note: { id: string | undefined; at: number | undefined };
	try {
		note = await writeNote(context, request.sessionId, text, request.itemIndex);
	} catch (error) {
		if (requestOutcome(error) !== 'unknown') throw withItemIndex(context, error, request.itemIndex);
		const { found } = await readUntilListed(
			context,
			request,
			performance.now(),
			firstSeen,
			(log) => log.confirmations.get(claim.token)?.[0],
		);
		if (!found) throw withItemIndex(context, error, request.itemIndex);
		note = { id: found.id, at: found.stamped ? found.at : undefined };
	}
	if (note.at !== undefined && note.at <= claim.at + CONFIRM_WITHIN_MS) return true;
	// unstamped, it could still count for the others
	await withdraw(context, note.id, request.itemIndex);
	return false;
}

/**
 * Claims the burst ending at `end`: the burst this execution goes on with, or undefined when another execution goes
 * on with it (or nothing is left to answer).
 */
export async function claimBurst(context: IExecuteFunctions, request: ClaimRequest): Promise<Entry[] | undefined> {
	const { sessionId, end, itemIndex } = request;
	const firstSeen = new Map<string, number>();
	const withdrawn = new Set<string>();
	for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
		const token = randomBytes(8).toString('hex');
		const count = request.burstAfter([]).length;
		const stamp = Number.isFinite(end.at) ? ` at ${new Date(end.at).toISOString()}` : '';
		const text = `n8n: answering the contact's ${count === 1 ? 'message' : `${count} messages`} (burst ending ${end.id}${stamp}, claim ${token})`;
		let ownId: string | undefined;
		let lost = false;
		try {
			ownId = (await writeNote(context, sessionId, text, itemIndex)).id;
		} catch (error) {
			if (requestOutcome(error) !== 'unknown') throw withItemIndex(context, error, itemIndex);
			// written or not: the list tells, and the note is never written twice
			lost = true;
		}
		const written = performance.now();
		let burst: Entry[] | undefined;
		try {
			for (;;) {
				const { log, found: claim } = await readUntilListed(context, request, written, firstSeen, (each) =>
					each.claims.find((listed) => listed.token === token),
				);
				if (!claim) {
					// not listed within the lag the list may have: a lost write was not made; claim again
					if (lost) break;
					throw new NodeOperationError(
						context.getNode(),
						`Helena did not list the claim note of the burst within ${LIST_LAG_MS / 1000} s (item ${itemIndex})`,
						{ itemIndex },
					);
				}
				ownId = claim.noteId;
				const { goneOn, unsettled } = settle(log, claim, withdrawn);
				// by Helena's clock, or (answers without a Date) by this process's own since the claim was written
				const late =
					log.now !== undefined
						? log.now + 2 * POLL_MS > claim.at + CONFIRM_WITHIN_MS
						: performance.now() - written + 2 * POLL_MS > CONFIRM_WITHIN_MS;
				if (unsettled && !late) {
					await pause(context, POLL_MS);
					continue;
				}
				if (unsettled) break;
				burst = request.burstAfter(goneOn);
				if (!burst.length) {
					await withdraw(context, ownId, itemIndex);
					return undefined;
				}
				if (await confirm(context, request, claim, firstSeen)) return burst;
				break;
			}
		} catch (error) {
			throw failed(context, error, await withdraw(context, ownId, itemIndex), itemIndex);
		}
		// too late to confirm (the others may count this claim as lapsed), or never written: withdrawn and made again
		await withdraw(context, ownId, itemIndex);
		withdrawn.add(token);
	}
	throw new NodeOperationError(
		context.getNode(),
		`The burst could not be claimed within ${CONFIRM_WITHIN_MS / 1000} s, ${ATTEMPTS} times (item ${itemIndex})`,
		{
			itemIndex,
			description:
				'Earlier claims of the conversation stayed unsettled, or Helena took too long to store the notes. A later delivery can still answer the burst.',
		},
	);
}
