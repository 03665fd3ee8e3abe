'use strict';

/**
 * What a person can do on the sandbox page (POST /__sandbox/page/<action>), as the contact or as Helena's
 * team: each action goes through the handler of the API route (or the chat control) that does the same thing,
 * so the same records change and the same events are delivered as when a request or a contact does it.
 */

const { findByPhone } = require('../contactStore');
const { phoneDigits, helenaPhone } = require('../phone');
const contacts = require('../contacts');
const cards = require('../crm/cards');
const sessions = require('../chat/sessions');
const { chatOf } = require('../chat/store');
const { crmOf } = require('../crm/store');

const NO_QUERY = { get: () => undefined, getAll: () => [], names: () => [] };

/** A bad input from the page: answered 400 with its message. */
class PageInputError extends Error {}

function required(body, key) {
	const value = body?.[key];
	if (typeof value !== 'string' || !value.trim()) throw new PageInputError(`'${key}' is required`);
	return value.trim();
}

/** @param {import('../index').Sandbox} sandbox */
function routeContext(sandbox, params, body) {
	return {
		state: sandbox.state,
		params,
		query: NO_QUERY,
		body,
		notify: (eventType, makeContent) => sandbox.deliverer.notify(eventType, makeContent),
		variations: sandbox.variations,
		sandbox,
	};
}

function sessionNamed(sandbox, id) {
	const session = chatOf(sandbox.state).sessions.get(String(id).toLowerCase());
	if (!session) throw new PageInputError(`no conversation ${id}`);
	return session;
}

/** The contact of a conversation writes in it (its window opens; a completed conversation gives way to a new one). */
function reply(sandbox, body) {
	const session = sessionNamed(sandbox, required(body, 'sessionId'));
	const contact = sandbox.state.contacts.get(session.contactId);
	const channel = sandbox.state.channels.get(session.channelId);
	return sandbox.chat.contactWrites(contact.phoneNumber, required(body, 'text'), channel.name);
}

/** The most messages, and the longest gap between two, one burst from the page may send. */
const BURST_MAX_MESSAGES = 20;
const BURST_MAX_GAP_MS = 10_000;

/**
 * The contact of a conversation writes a burst: each line of `text` a message of its own, `gapMs` apart (default
 * a second), each delivered as MESSAGE_RECEIVED as a single reply is; answered once all are written.
 */
async function replyBurst(sandbox, body) {
	const session = sessionNamed(sandbox, required(body, 'sessionId'));
	const texts = required(body, 'text')
		.split(/\r?\n/)
		.map((line) => line.trim())
		.filter(Boolean);
	if (texts.length > BURST_MAX_MESSAGES)
		throw new PageInputError(`a burst holds at most ${BURST_MAX_MESSAGES} messages, not ${texts.length}`);
	const gapMs = body.gapMs ?? 1000;
	if (!Number.isInteger(gapMs) || gapMs < 0 || gapMs > BURST_MAX_GAP_MS)
		throw new PageInputError(`'gapMs' is a whole number of milliseconds from 0 to ${BURST_MAX_GAP_MS}`);
	const contact = sandbox.state.contacts.get(session.contactId);
	const channel = sandbox.state.channels.get(session.channelId);
	return await sandbox.chat.contactWritesBurst(contact.phoneNumber, texts, { gapMs, channelName: channel.name });
}

/**
 * Someone writes to the account: a new contact when the number is new (CONTACT_NEW, as Helena creates it, its
 * number in Helena's form `+55|11…` like every contact Helena makes),
 * then a new conversation (SESSION_NEW) with the message (MESSAGE_RECEIVED).
 */
function startConversation(sandbox, body) {
	const phone = required(body, 'phone');
	const digits = phoneDigits(phone);
	if (digits.length < 10 || digits.length > 15) throw new PageInputError(`'${phone}' is not a phone number with its country code`);
	if (!findByPhone(sandbox.state, phone)) {
		const name = typeof body.name === 'string' && body.name.trim() ? body.name.trim() : undefined;
		contacts.create(routeContext(sandbox, {}, { name, phoneNumber: helenaPhone(digits) }));
	}
	return sandbox.chat.contactWrites(phone, required(body, 'text'));
}

/** An agent closes the conversation (SESSION_COMPLETE). */
function completeConversation(sandbox, body) {
	const session = sessionNamed(sandbox, required(body, 'sessionId'));
	return sessions.complete(routeContext(sandbox, { id: session.id }, {}));
}

/** Someone on the team edits the contact's annotation (CONTACT_UPDATE; the Contact Trigger sees it changed). */
function changeContact(sandbox, body) {
	const id = required(body, 'contactId');
	const annotation = typeof body.annotation === 'string' ? body.annotation : `Changed on the sandbox page at ${new Date().toISOString()}`;
	return contacts.updateById(routeContext(sandbox, { id }, { fields: ['Annotation'], annotation }));
}

/** A card moves to another step of its panel (PANEL_CARD_UPDATE, PANEL_CARD_STEP_CHANGE). */
function moveCard(sandbox, body) {
	const id = required(body, 'cardId');
	return cards.update(routeContext(sandbox, { id }, { fields: ['StepId'], stepId: required(body, 'stepId') }));
}

/** A card is won, lost (with the first lost reason of its panel unless one is given) or reopened (PANEL_CARD_UPDATE). */
function setCardStatus(sandbox, body) {
	const id = required(body, 'cardId');
	const status = required(body, 'status');
	if (!['OPEN', 'WON', 'LOST'].includes(status)) throw new PageInputError(`status must be OPEN, WON or LOST, not ${status}`);
	const change = { fields: ['Status'], status };
	if (status === 'LOST') {
		const crm = crmOf(sandbox.state);
		const card = crm.cards.get(id.toLowerCase());
		const reason = body.lostReasonId ?? [...crm.lostReasons.values()].find((r) => r.panelId === card?.panelId)?.id;
		if (reason) change.lostReasonId = reason;
	}
	return cards.update(routeContext(sandbox, { id }, change));
}

/** A sample of any event Helena sends, built around the sandbox's records (as POST /__sandbox/events). */
function fireEvent(sandbox, body) {
	return sandbox.deliver(required(body, 'eventType'));
}

/**
 * Back to the demo data: every record as seeded, but the webhook subscriptions, which belong to the triggers active in
 * n8n (n8n 2.x does not subscribe again when it starts, so a subscription lost here would leave a trigger deaf).
 */
function resetDemo(sandbox) {
	const subscriptions = sandbox.state.subscriptions;
	sandbox.reset('demo');
	for (const [id, subscription] of subscriptions) sandbox.state.subscriptions.set(id, subscription);
	return { reset: true, subscriptions: subscriptions.size };
}

const ACTIONS = {
	reply,
	replyBurst,
	startConversation,
	completeConversation,
	changeContact,
	moveCard,
	setCardStatus,
	fireEvent,
	resetDemo,
};

module.exports = { ACTIONS, PageInputError };
