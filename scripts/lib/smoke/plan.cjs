'use strict';

/**
 * What the smoke run does, in order. Read steps: one run of every read operation of the node (and the pickers
 * the editor lists records with), each on records the account already has: a step that needs a record takes it
 * from an earlier step's output, and is skipped (saying so) when the account has none. Write steps (--write
 * only): a tag created, renamed and deleted; a scheduled message a year ahead created, read back and cancelled.
 * Each write is undone in `undo`, which runs whatever happened in between; nothing is ever sent to a contact.
 */

const byId = (value) => ({ __rl: true, mode: 'id', value });
const first = (items, key = 'id') => items.find((item) => item.json?.[key])?.json[key];
const one = { returnAll: false, limit: 1 };
// Get Status reads a send: a message the account sent (TO_HUB; Simplify of Get Messages calls it `sent`)
const sentOf = (items) => items.find((item) => ['TO_HUB', 'sent'].includes(item.json?.direction))?.json.id;
const lastInteraction = (item) => String(item.json?.lastInteractionDate ?? '');
const latestFirst = (items) => [...items].sort((a, b) => lastInteraction(b).localeCompare(lastInteraction(a)));

/**
 * @typedef {{ resource: string, operation: string } | { listSearch: string }} Runs
 * @typedef {{
 *   label: string,
 *   run: Runs,
 *   params?: (found: Record<string, string>) => Record<string, unknown>,
 *   needs?: string[],
 *   yields?: (items: any[], found: Record<string, string>) => Record<string, string | undefined>,
 *   undo?: string,
 * }} Step
 */

/** @type {Step[]} */
const READS = [
	{ label: 'Account → Get Custom Fields', run: { resource: 'account', operation: 'getCustomFields' } },
	{ label: 'Account → Get Office Hours', run: { resource: 'account', operation: 'getOfficeHours' } },
	{
		label: 'Contact → Get Many',
		run: { resource: 'contact', operation: 'getAll' },
		params: () => one,
		yields: (items) => ({ contact: first(items) }),
	},
	{
		label: 'Contact → Get',
		run: { resource: 'contact', operation: 'get' },
		needs: ['contact'],
		params: (f) => ({ contact: byId(f.contact) }),
	},
	{ label: 'Contact → Search', run: { resource: 'contact', operation: 'search' }, params: () => one },
	{ label: 'Contact → Get Custom Fields', run: { resource: 'contact', operation: 'getCustomFields' } },
	{ label: 'Tag → Get Many', run: { resource: 'tag', operation: 'getAll' }, params: () => one },
	{
		label: 'Department → Get Many',
		run: { resource: 'department', operation: 'getAll' },
		yields: (items) => ({ department: first(items) }),
	},
	{
		label: 'Department → Get',
		run: { resource: 'department', operation: 'get' },
		needs: ['department'],
		params: (f) => ({ department: byId(f.department) }),
	},
	{
		label: 'Department → Get Channels',
		run: { resource: 'department', operation: 'getChannels' },
		needs: ['department'],
		params: (f) => ({ department: byId(f.department) }),
	},
	// a user's record carries its agent `id` and its `userId`; Get takes the user's
	{
		label: 'User → Get Many',
		run: { resource: 'user', operation: 'getAll' },
		yields: (items) => ({ user: first(items, 'userId') ?? first(items) }),
	},
	{ label: 'User → Get', run: { resource: 'user', operation: 'get' }, needs: ['user'], params: (f) => ({ user: byId(f.user) }) },
	{ label: 'Webhook → Get Many', run: { resource: 'webhook', operation: 'getAll' }, yields: (items) => ({ subscription: first(items) }) },
	{
		label: 'Webhook → Get',
		run: { resource: 'webhook', operation: 'get' },
		needs: ['subscription'],
		params: (f) => ({ subscription: byId(f.subscription) }),
	},
	{ label: 'Webhook → Get Events', run: { resource: 'webhook', operation: 'getEvents' } },
	{
		label: 'Panel → Get Many',
		run: { resource: 'panel', operation: 'getAll' },
		params: () => one,
		yields: (items) => ({ panel: first(items) }),
	},
	{ label: 'Panel → Get', run: { resource: 'panel', operation: 'get' }, needs: ['panel'], params: (f) => ({ panel: byId(f.panel) }) },
	{
		label: 'Panel → Get Custom Fields',
		run: { resource: 'panel', operation: 'getCustomFields' },
		needs: ['panel'],
		params: (f) => ({ panel: byId(f.panel) }),
	},
	{
		label: 'Panel → Get Lost Reasons',
		run: { resource: 'panel', operation: 'getLostReasons' },
		needs: ['panel'],
		params: (f) => ({ panel: byId(f.panel), ...one }),
	},
	{
		label: 'Card → Get Many',
		run: { resource: 'card', operation: 'getAll' },
		needs: ['panel'],
		params: (f) => ({ panel: byId(f.panel), ...one }),
		yields: (items) => ({ card: first(items) }),
	},
	{ label: 'Card → Get', run: { resource: 'card', operation: 'get' }, needs: ['card'], params: (f) => ({ cardId: f.card }) },
	{
		label: 'Card → Get Notes',
		run: { resource: 'card', operation: 'getNotes' },
		needs: ['card'],
		params: (f) => ({ cardId: f.card, ...one }),
	},
	{
		label: 'Portfolio → Get Many',
		run: { resource: 'portfolio', operation: 'getAll' },
		params: () => one,
		yields: (items) => ({ portfolio: first(items) }),
	},
	{
		label: 'Portfolio → Get Contacts',
		run: { resource: 'portfolio', operation: 'getContacts' },
		needs: ['portfolio'],
		params: (f) => ({ portfolio: byId(f.portfolio), ...one }),
	},
	{
		label: 'Sequence → Get Many',
		run: { resource: 'sequence', operation: 'getAll' },
		params: () => one,
		yields: (items) => ({ sequence: first(items) }),
	},
	{
		label: 'Sequence → Get Contacts',
		run: { resource: 'sequence', operation: 'getContacts' },
		needs: ['sequence'],
		params: (f) => ({ sequence: byId(f.sequence), ...one }),
	},
	{
		// ten conversations, the one with the latest interaction first: the message steps need one that has messages
		label: 'Conversation → Get Many',
		run: { resource: 'session', operation: 'getAll' },
		params: () => ({ returnAll: false, limit: 10 }),
		yields: (items) => ({ session: first(latestFirst(items)) }),
	},
	{
		label: 'Conversation → Get',
		run: { resource: 'session', operation: 'get' },
		needs: ['session'],
		params: (f) => ({ sessionId: f.session }),
	},
	{
		label: 'Conversation → Get Messages',
		run: { resource: 'session', operation: 'getMessages' },
		needs: ['session'],
		params: (f) => ({ sessionId: f.session, returnAll: false, limit: 20 }),
		yields: (items) => ({
			message: first(items),
			sentMessage: sentOf(items),
			messageWithFile: items.find((item) => item.json?.file)?.json.id,
		}),
	},
	{
		label: 'Conversation → Get Notes',
		run: { resource: 'session', operation: 'getNotes' },
		needs: ['session'],
		params: (f) => ({ sessionId: f.session, ...one }),
		yields: (items) => ({ note: first(items) }),
	},
	{
		label: 'Conversation → Get Note',
		run: { resource: 'session', operation: 'getNote' },
		needs: ['session', 'note'],
		params: (f) => ({ sessionId: f.session, noteId: f.note }),
	},
	{
		label: 'Message → Get Many',
		run: { resource: 'message', operation: 'getAll' },
		needs: ['session'],
		params: (f) => ({ sessionId: f.session, ...one }),
		yields: (items, f) => ({ message: first(items) ?? f.message, sentMessage: sentOf(items) ?? f.sentMessage }),
	},
	{ label: 'Message → Get', run: { resource: 'message', operation: 'get' }, needs: ['message'], params: (f) => ({ messageId: f.message }) },
	{
		label: 'Message → Download Media',
		run: { resource: 'message', operation: 'downloadMedia' },
		needs: ['messageWithFile'],
		params: (f) => ({ messageId: f.messageWithFile }),
	},
	{
		label: 'Message → Get Status',
		run: { resource: 'message', operation: 'getStatus' },
		needs: ['sentMessage'],
		params: (f) => ({ messageId: f.sentMessage }),
	},
	{
		label: 'Scheduled Message → Get Many',
		run: { resource: 'scheduledMessage', operation: 'getAll' },
		params: () => one,
		yields: (items) => ({ scheduledMessage: first(items) }),
	},
	{
		label: 'Scheduled Message → Get',
		run: { resource: 'scheduledMessage', operation: 'get' },
		needs: ['scheduledMessage'],
		params: (f) => ({ scheduledMessageId: f.scheduledMessage }),
	},
	{ label: 'Picker: Channels', run: { listSearch: 'searchChannels' }, yields: (results) => ({ channel: results[0]?.value }) },
	{ label: 'Picker: Chatbots', run: { listSearch: 'searchChatbots' }, yields: (results) => ({ chatbot: results[0]?.value }) },
];

/** A year ahead, at 09:00 UTC: far enough that the cancel always comes first. */
const aYearAhead = () => `${new Date().getUTCFullYear() + 1}-06-15T09:00:00Z`;

/**
 * @param {string} stamp tells this run's records apart (a tag named `n8n smoke <stamp>`)
 * @param {string | undefined} phone HELENA_SMOKE_PHONE: the recipient of the scheduled message (never sent)
 * @returns {Step[]}
 */
const writes = (stamp, phone) => [
	{
		label: 'Tag → Create',
		run: { resource: 'tag', operation: 'create' },
		params: () => ({ name: `n8n smoke ${stamp}` }),
		yields: (items) => ({ tag: first(items) }),
		undo: 'tag',
	},
	{
		label: 'Tag → Update (rename)',
		run: { resource: 'tag', operation: 'update' },
		needs: ['tag'],
		params: (f) => ({ tag: byId(f.tag), updateFields: { name: `n8n smoke ${stamp} renamed` } }),
	},
	{
		label: 'Scheduled Message → Create (a year ahead)',
		run: { resource: 'scheduledMessage', operation: 'create' },
		needs: ['chatbot', ...(phone ? [] : ['HELENA_SMOKE_PHONE'])],
		params: (f) => ({ type: 'CHATBOT', phoneNumber: phone, chatbot: byId(f.chatbot), scheduledAt: aYearAhead() }),
		yields: (items) => ({ createdSchedule: first(items) }),
		undo: 'createdSchedule',
	},
	{
		label: 'Scheduled Message → Get (read back)',
		run: { resource: 'scheduledMessage', operation: 'get' },
		needs: ['createdSchedule'],
		params: (f) => ({ scheduledMessageId: f.createdSchedule }),
	},
];

/** @type {Record<string, Step>} how each write is undone, by the name of the record it made */
const UNDO = {
	createdSchedule: {
		label: 'Scheduled Message → Cancel (undo)',
		run: { resource: 'scheduledMessage', operation: 'cancel' },
		params: (f) => ({ scheduledMessageId: f.createdSchedule }),
	},
	tag: { label: 'Tag → Delete (undo)', run: { resource: 'tag', operation: 'delete' }, params: (f) => ({ tag: byId(f.tag) }) },
};

module.exports = { READS, writes, UNDO };
