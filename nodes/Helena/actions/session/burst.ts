import type { IDataObject } from 'n8n-workflow';

import { isFromContact } from '../chat/messageView';

/*
 * Collect Burst's reading of a conversation's newest messages. A burst is everything the contact wrote since the
 * conversation was last answered: by a person, a bot, the API, or a burst that went on (its confirmed claim). Order
 * comes from Helena's stamps (createdAt) and the order of its list; the channel's `timestamp` (the phone's clock)
 * decides nothing.
 */

/** Types nobody wrote to the other side (internal notes, status changes, tracking events): never an answer. */
const NOT_WRITTEN = ['NOTE', 'TRANSITION', 'TRACK'];
/** Origins of messages a program sent in the conversation: an answer when nothing claimed the burst. */
const AUTOMATIC_ORIGINS = ['API', 'BOT'];
/** Origins of messages Helena sends by itself (a campaign, the out-of-hours notice, a payment): never an answer. */
const NOTICE_ORIGINS = ['CAMPAIGN', 'OFFICE_HOURS', 'PAYMENT', 'GATEWAY'];

export type Author = 'contact' | 'person' | 'automatic' | 'notice';

/** A written message of the conversation as Collect Burst weighs it. */
export interface Entry {
	/** Lower case. */
	id: string;
	author: Author;
	/** Helena's stamp (createdAt) in ms; undefined when Helena listed the message without one. */
	stamp: number | undefined;
	/** Where it sorts: its stamp, else the stamp of the nearest stamped message before it in Helena's list. */
	at: number;
	message: IDataObject;
}

/** The end of a burst: its newest message, as a claim names it. */
export interface BurstEnd {
	id: string;
	at: number;
}

/** A burst that went on: its claim's stamp and the message it ended with. */
export interface GoneOn {
	at: number;
	end: BurstEnd;
}

/** Helena's stamp of a message or note (its createdAt), in ms; undefined when it has none that reads. */
export function stampOf(message: IDataObject): number | undefined {
	const stamp = typeof message.createdAt === 'string' ? Date.parse(message.createdAt) : NaN;
	return Number.isNaN(stamp) ? undefined : stamp;
}

function authorOf(message: IDataObject): Author {
	if (isFromContact(message)) return 'contact';
	const origin = String(message.origin);
	if (NOTICE_ORIGINS.includes(origin)) return 'notice';
	// a person typed it in Helena: an agent's message, not one the API or a bot sent
	return message.userId && !AUTOMATIC_ORIGINS.includes(origin) ? 'person' : 'automatic';
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The written messages of a page, oldest first. The page was asked for newest first; a page answered the other way
 * round (by its stamps) is turned. Of messages stamped in one millisecond, the team's come first (nothing answers a
 * message in the millisecond it was written), then by ID, the same in every execution; a message without a stamp
 * keeps its place in Helena's list.
 */
export function inHelenaOrder(items: IDataObject[]): Entry[] {
	const written = items.filter((message) => !NOT_WRITTEN.includes(String(message.type)));
	const stamps = written.map(stampOf).filter((stamp): stamp is number => stamp !== undefined);
	const oldestFirst = stamps.length > 1 && stamps[0] < stamps[stamps.length - 1] ? written : [...written].reverse();
	let inherited = -Infinity;
	const entries = oldestFirst.map((message, position) => {
		const stamp = stampOf(message);
		if (stamp !== undefined) inherited = stamp;
		const entry: Entry = { id: String(message.id).toLowerCase(), author: authorOf(message), stamp, at: inherited, message };
		return { entry, position };
	});
	const fromContact = (entry: Entry) => Number(entry.author === 'contact');
	entries.sort(
		(a, b) =>
			a.entry.at - b.entry.at ||
			Number(a.entry.stamp === undefined) - Number(b.entry.stamp === undefined) ||
			(a.entry.stamp === undefined ? a.position - b.position : fromContact(a.entry) - fromContact(b.entry) || byId(a.entry, b.entry)),
	);
	return entries.map(({ entry }) => entry);
}

/** Whether `entry` was written after the burst end `end` (`entries`: the page, to order messages of one millisecond as it does). */
export function isAfter(entry: Entry, end: BurstEnd, entries: Entry[]): boolean {
	if (entry.id === end.id) return false;
	if (entry.at !== end.at) return entry.at > end.at;
	const endPosition = entries.findIndex((other) => other.id === end.id);
	return endPosition === -1 ? entry.id > end.id : entries.indexOf(entry) > endPosition;
}

/**
 * What the contact wrote that nothing answered yet, oldest first: the page's messages and the bursts that went on,
 * in Helena's order. A burst that went on answers the contact's messages up to its end; a person's message answers
 * everything before it; a message of the API or a bot answers everything before it unless a burst went on since the
 * last person's message: it is then that burst's answer (in one message or several, the contact writing between
 * them), which answers nothing the burst did not hold. Helena's own notices (a campaign, the out-of-hours message)
 * answer nothing.
 */
export function unanswered(entries: Entry[], goneOn: GoneOn[]): Entry[] {
	const bursts = [...goneOn].sort((a, b) => a.at - b.at);
	let pending: Entry[] = [];
	let answering = false;
	let next = 0;
	const wentOn = (burst: GoneOn) => {
		pending = pending.filter((entry) => isAfter(entry, burst.end, entries));
		answering = true;
	};
	for (const entry of entries) {
		// a claim stamped in the same millisecond as a message was written after it was read
		while (next < bursts.length && bursts[next].at < entry.at) wentOn(bursts[next++]);
		if (entry.author === 'contact') pending.push(entry);
		else if (entry.author === 'person') {
			pending = [];
			answering = false;
		} else if (entry.author === 'automatic' && !answering) pending = [];
	}
	while (next < bursts.length) wentOn(bursts[next++]);
	return pending;
}

/** The newest message the contact wrote, if the page holds one. */
export function newestFromContact(entries: Entry[]): Entry | undefined {
	return newestBy(entries, 'contact');
}

/** The newest message a person (an agent, in Helena) wrote, if the page holds one. */
export function newestFromPerson(entries: Entry[]): Entry | undefined {
	return newestBy(entries, 'person');
}

function newestBy(entries: Entry[], author: Author): Entry | undefined {
	for (let index = entries.length - 1; index >= 0; index--) if (entries[index].author === author) return entries[index];
	return undefined;
}

/** The output of a burst that goes on: the texts as one (for a model) and each message with its ID, type and file. */
export function burstOutput(sessionId: string, burst: Entry[]): IDataObject {
	const messages = burst.map(({ message }) => ({
		id: message.id,
		type: message.type ?? null,
		text: message.text ?? null,
		fileId: message.fileId ?? null,
		createdAt: message.createdAt ?? null,
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
