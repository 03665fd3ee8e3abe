import type { IDataObject } from 'n8n-workflow';

import { isFromContact } from '../chat/messageView';

/* Collect Burst's reading of a conversation's newest messages: where the burst of a received message begins and ends. */

/** Types nobody wrote to the other side (internal notes, status changes, tracking events): never a burst's boundary. */
const NOT_WRITTEN = ['NOTE', 'TRANSITION', 'TRACK'];

/** A message of the conversation as Collect Burst weighs it. */
export interface Entry {
	id: string;
	fromContact: boolean;
	/** Helena's stamp (createdAt, else timestamp), in ms. */
	at: number;
	message: IDataObject;
}

/** What the newest page says about the received message. */
export type Reading =
	/** Not among the page's messages (history lag, or further back than the page reads). */
	| { kind: 'absent' }
	/** In the page, but written by the team, a bot or the API: not a received message. */
	| { kind: 'notReceived' }
	/** The contact wrote after it: a later execution owns the burst. */
	| { kind: 'followed'; by: 'contact' }
	/**
	 * Only the team, a bot or the API wrote after it: answered, unless that was the answer of a burst that went on
	 * before this message was written (`since`: the stamp of the last such message before it, if any).
	 */
	| { kind: 'followed'; by: 'team'; entry: Entry; burst: Entry[]; since: number | undefined }
	/** The conversation's newest written message: the burst it ends, oldest first. */
	| { kind: 'newest'; entry: Entry; burst: Entry[] }
	/** A message whose time cannot be read: the page cannot be weighed. */
	| { kind: 'unreadable'; id: string };

function timeOf(message: IDataObject): number {
	const stamp = message.createdAt ?? message.timestamp;
	return typeof stamp === 'string' ? Date.parse(stamp) : NaN;
}

/** The channel's own time of a message, when Helena states it: the second key of the order. */
function channelTimeOf(message: IDataObject): number {
	const stamp = typeof message.timestamp === 'string' ? Date.parse(message.timestamp) : NaN;
	return Number.isNaN(stamp) ? 0 : stamp;
}

/**
 * The written messages of a page, newest first. The page was asked for newest first, but the documents say
 * nothing of messages stamped in the same millisecond, so the order is made here, the same in every execution:
 * Helena's stamp, then the channel's time, then the ID.
 */
function newestFirst(items: IDataObject[]): Entry[] | { unreadable: string } {
	const entries: Array<Entry & { channelAt: number }> = [];
	for (const message of items) {
		if (NOT_WRITTEN.includes(String(message.type))) continue;
		const at = timeOf(message);
		if (Number.isNaN(at)) return { unreadable: String(message.id) };
		const id = String(message.id).toLowerCase();
		entries.push({ id, fromContact: isFromContact(message), at, channelAt: channelTimeOf(message), message });
	}
	return entries.sort((a, b) => b.at - a.at || b.channelAt - a.channelAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

/**
 * Weighs the newest page for the received message `messageId`. Its burst walks back from it over the contact's
 * messages and stops at a message of the team, a bot or the API (the answer to the previous burst ends it) or
 * at a gap of at least the quiet time between two of the contact's messages (a message written while the previous
 * burst was being answered starts a burst of its own). A burst that reaches the page's end is cut there.
 */
export function readBurst(items: IDataObject[], messageId: string, quietMs: number): Reading {
	const entries = newestFirst(items);
	if (!Array.isArray(entries)) return { kind: 'unreadable', id: entries.unreadable };
	const position = entries.findIndex((entry) => entry.id === messageId.toLowerCase());
	if (position === -1) return { kind: 'absent' };
	const entry = entries[position];
	if (!entry.fromContact) return { kind: 'notReceived' };
	const later = entries.slice(0, position);
	if (later.some((other) => other.fromContact)) return { kind: 'followed', by: 'contact' };
	const earlier = entries.slice(position + 1);
	const burst = [entry];
	for (const before of earlier) {
		if (!before.fromContact || burst[burst.length - 1].at - before.at >= quietMs) break;
		burst.push(before);
	}
	burst.reverse();
	if (later.length) return { kind: 'followed', by: 'team', entry, burst, since: earlier.find((before) => !before.fromContact)?.at };
	return { kind: 'newest', entry, burst };
}

/** The output of a released burst: the texts as one (for a model) and each message with its ID, type and file. */
export function burstOutput(sessionId: string, burst: Entry[]): IDataObject {
	const messages = burst.map(({ message }) => ({
		id: message.id,
		type: message.type ?? null,
		text: message.text ?? null,
		fileId: message.fileId ?? null,
		createdAt: message.createdAt ?? message.timestamp ?? null,
	}));
	return {
		sessionId,
		text: messages
			.map((message) => message.text)
			.filter((text): text is string => typeof text === 'string' && text.trim() !== '')
			.join('\n'),
		messageIds: messages.map((message) => message.id),
		messages,
		count: messages.length,
		firstAt: messages[0].createdAt,
		lastAt: messages[messages.length - 1].createdAt,
	};
}
