import { randomBytes } from 'node:crypto';

import type { IDataObject, IExecuteFunctions, NodeApiError, NodeOperationError } from 'n8n-workflow';

import { isUuid, withItemIndex } from '../../helpers';

import { apiPath, helenaRequest, requestOutcome } from '../../transport';
import { sessionRecord } from '../chat/locators';
import { deleteNote } from '../shared/noteId';

/*
 * The claim of a burst: two executions that both find the same message the newest (the trigger delivered it
 * twice) must not both answer. Each writes an internal note naming the burst and a token of its own, then lists
 * the conversation's notes: the earliest claim of that burst wins. The notes are an append-only log, so there is
 * no read-modify-write race; the cost is one write and one read, and a note the agents see in the conversation.
 */

const CLAIM = /\(burst ending ([0-9a-f-]{36}), claim ([0-9a-f]+)\)/i;

interface Claim {
	id: string;
	/** The message whose burst it claims, lower case. */
	messageId: string;
	/** Helena's stamp in ms; NaN when the note has none. */
	at: number;
	token: string;
}

/** The claim a note makes, if it is one. */
function claimIn(note: IDataObject): Claim | undefined {
	const match = typeof note.text === 'string' ? CLAIM.exec(note.text) : null;
	if (!match) return undefined;
	const at = typeof note.createdAt === 'string' ? Date.parse(note.createdAt) : NaN;
	return { id: String(note.id), messageId: match[1].toLowerCase(), at, token: match[2].toLowerCase() };
}

function claimOf(note: IDataObject, messageId: string): Claim | undefined {
	const claim = claimIn(note);
	return claim?.messageId === messageId.toLowerCase() ? claim : undefined;
}

/**
 * The claims could not be listed after this execution's claim was (or may have been) written. Left standing, that
 * claim would be the earliest for every later delivery of the message, which would end without output: the burst
 * would never go on. So a claim whose note is known is deleted again, and the error says what became of it.
 */
async function withdrawClaim(
	context: IExecuteFunctions,
	failure: unknown,
	written: IDataObject | undefined,
	itemIndex: number,
): Promise<NodeApiError | NodeOperationError> {
	const error = withItemIndex(context, failure, itemIndex);
	const id = written && isUuid(written.id) ? String(written.id) : undefined;
	let fate: string;
	if (!id) {
		fate = written
			? 'The claim note was written, but Helena did not give its ID: delete it in the conversation so that a later delivery of the message can go on.'
			: 'The claim note may have been written: if the conversation shows it, delete it so that a later delivery of the message can go on.';
	} else {
		try {
			await deleteNote(context, id, itemIndex);
			fate = 'The claim note was deleted again, so a later delivery of the message can go on.';
		} catch {
			fate = `The claim note "${id}" could not be deleted: delete it in the conversation so that a later delivery of the message can go on.`;
		}
	}
	error.description = [error.description, `The burst did not go on. ${fate}`].filter(Boolean).join(' ');
	return error;
}

/**
 * Claims the burst ending at `messageId` (stamped `messageAt`, Helena's time in ms); true when this execution's
 * claim is the earliest. A note whose answer was lost is not written again (it may have been): the list tells
 * whether it was, and the error stands only when no claim of the burst is listed at all.
 */
export async function claimBurst(
	context: IExecuteFunctions,
	sessionId: string,
	messageId: string,
	messageAt: number,
	count: number,
	itemIndex: number,
): Promise<boolean> {
	const token = randomBytes(8).toString('hex');
	const records = [sessionRecord(sessionId)];
	const path = apiPath`/v1/session/${sessionId}/note`;
	const text = `n8n: answering the contact's ${count === 1 ? 'message' : `${count} messages`} (burst ending ${messageId}, claim ${token})`;
	let written: IDataObject | undefined;
	let lost: NodeApiError | NodeOperationError | undefined;
	try {
		written = (await helenaRequest.call(context, {
			service: 'chat',
			method: 'POST',
			path,
			body: { text },
			itemIndex,
			records,
		})) as IDataObject;
	} catch (error) {
		if (requestOutcome(error) !== 'unknown') throw withItemIndex(context, error, itemIndex);
		lost = withItemIndex(context, error, itemIndex);
	}
	let page: IDataObject;
	try {
		page = (await helenaRequest.call(context, {
			service: 'chat',
			method: 'GET',
			path,
			// the claims are written after the message; a second of margin for stamps of another server's clock
			qs: {
				'CreatedAt.After': new Date(messageAt - 1000).toISOString(),
				OrderBy: 'createdAt',
				OrderDirection: 'ASCENDING',
				PageNumber: 1,
				PageSize: 100,
			},
			itemIndex,
			records,
		})) as IDataObject;
	} catch (error) {
		throw await withdrawClaim(context, error, written, itemIndex);
	}
	const notes = Array.isArray(page.items) ? (page.items as IDataObject[]) : [];
	const claims = notes.map((note) => claimOf(note, messageId)).filter((claim): claim is Claim => claim !== undefined);
	const own = written && claimOf(written, messageId);
	// a note not listed yet (the list lags the write) still counts
	if (own && !claims.some((claim) => claim.id === own.id)) claims.push(own);
	if (!claims.length) {
		if (lost) throw lost;
		return true;
	}
	// Helena's stamps decide; the documents let createdAt be null, and a claim left out for that would let every
	// racing execution find its own the earliest: without a stamp on each, the order Helena listed them in (oldest
	// first, as asked) decides, a claim not listed yet last
	if (claims.every((claim) => !Number.isNaN(claim.at))) {
		claims.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
	}
	return claims[0].token === token;
}

/**
 * Whether another burst went on (its claim was written) after `since`, the stamp of the last message of the team, a
 * bot or the API before the message `messageId` (undefined: none in the page). Its answer then comes after that
 * message (the burst went on before the message was listed), so what the team wrote after the message may be that
 * answer rather than one to the message.
 */
export async function otherClaimSince(
	context: IExecuteFunctions,
	sessionId: string,
	since: number | undefined,
	messageId: string,
	itemIndex: number,
): Promise<boolean> {
	const page = (await helenaRequest.call(context, {
		service: 'chat',
		method: 'GET',
		path: apiPath`/v1/session/${sessionId}/note`,
		qs: {
			...(since === undefined ? {} : { 'CreatedAt.After': new Date(since).toISOString() }),
			OrderBy: 'createdAt',
			OrderDirection: 'DESCENDING',
			PageNumber: 1,
			PageSize: 100,
		},
		itemIndex,
		records: [sessionRecord(sessionId)],
	})) as IDataObject;
	const notes = Array.isArray(page.items) ? (page.items as IDataObject[]) : [];
	return notes.some((note) => {
		const claim = claimIn(note);
		// the list's bound is Helena's to apply; a note stamped before it does not count (one without a stamp does)
		return claim !== undefined && claim.messageId !== messageId.toLowerCase() && (since === undefined || !(claim.at <= since));
	});
}
