'use strict';

/** Test and demo controls of the chat service: a contact writes, messages move on, numbers fail. */

const { createHash } = require('node:crypto');

const { stableId } = require('../ids');
const { phoneDigits } = require('../phone');
const { chatOf, toPublicSession, toPublicMessage } = require('./store');
const { advanceMessage, contactWrites, recordOutgoing } = require('./messages');
const { contactSendsFile } = require('./receivedMedia');
const { newNote } = require('./sessions');
const { generatedBytes } = require('../mediaOrigin');
const { scheduledControl, SCHEDULED_DEMO_ID } = require('./scheduled');

/** @param {import('../index').Sandbox} sandbox */
function chatControl(sandbox) {
	const ctx = () => ({ state: sandbox.state, notify: (type, make) => sandbox.deliverer.notify(type, make), sandbox });
	const pending = () =>
		[...chatOf(sandbox.state).messages.values()].filter(
			(m) => m.direction === 'TO_HUB' && !['READ', 'FAILED', 'DELETED'].includes(m.status),
		);
	return {
		...scheduledControl(sandbox),
		/** The contact with this phone writes on a WhatsApp channel; returns the session (public shape). */
		contactWrites(phone, text = 'Olá!', channelName) {
			const session = contactWrites(ctx(), phone, text, channelName);
			return toPublicSession(sandbox.state, session);
		},
		/**
		 * The contact writes several messages `gapMs` apart (a burst, as people write on WhatsApp), each delivered
		 * as MESSAGE_RECEIVED like a single one; resolves with the session and the messages, once all are written.
		 * @param {string} phone @param {string[]} texts @param {{ gapMs?: number, channelName?: string }} [options]
		 */
		async contactWritesBurst(phone, texts, { gapMs = 1000, channelName } = {}) {
			let session;
			const messages = [];
			for (const [index, text] of texts.entries()) {
				if (index > 0 && gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
				session = contactWrites(ctx(), phone, text, channelName);
				messages.push(this.history(session.id).findLast((m) => m.direction === 'FROM_HUB'));
			}
			return { session: session && toPublicSession(sandbox.state, session), messages };
		},
		/**
		 * The contact sends a file (see receivedMedia.js); returns the message (public shape), its session's
		 * id and the file's SHA-256 (of the bytes the media origin serves).
		 */
		contactSendsFile(phone, upload) {
			const { session, message, file } = contactSendsFile(ctx(), phone, upload);
			const bytes = file.bytes ?? generatedBytes(file.seed, file.size, file.mimeType);
			return { message: toPublicMessage(message), sessionId: session.id, sha256: createHash('sha256').update(bytes).digest('hex') };
		},
		/** The typing indicators sent, oldest first. */
		typing() {
			return [...(chatOf(sandbox.state).typing ?? [])];
		},
		/** The one-time passwords sent, oldest first. */
		otps() {
			return [...(chatOf(sandbox.state).otps?.values() ?? [])];
		},
		/** Every message not yet final moves one step on (QUEUED -> SENT -> DELIVERED -> READ or FAILED). */
		advance() {
			for (const message of pending()) advanceMessage(sandbox.state, message, ctx().notify);
		},
		/**
		 * Every message moves on until it is READ or FAILED; `quietly`: without delivering MESSAGE_UPDATED (what happened
		 * while a kept sandbox was stopped, with nobody to tell).
		 */
		settle({ quietly = false } = {}) {
			const notify = quietly ? () => {} : ctx().notify;
			while (pending().length) for (const message of pending()) advanceMessage(sandbox.state, message, notify);
		},
		/**
		 * Someone on the team's side writes into a session, as Helena stores it: an agent in Helena's app (`userId`,
		 * origin DEFAULT) or another sender (`origin`: API, BOT…). Returns the message (public shape).
		 * @param {string} sessionId @param {string} text @param {{ userId?: string, origin?: string }} [by]
		 */
		teamWrites(sessionId, text, { userId = null, origin = userId ? 'DEFAULT' : 'API' } = {}) {
			const state = sandbox.state;
			const session = chatOf(state).sessions.get(sessionId);
			const channel = state.channels.get(session.channelId);
			const contact = state.contacts.get(session.contactId);
			const message = recordOutgoing(state, { session, channel, contact }, { text, userId, origin, status: 'SENT' });
			sandbox.deliverer.notify('MESSAGE_SENT', () => toPublicMessage(message));
			return toPublicMessage(message);
		},
		/** Internal notes written into a session by someone else (another workflow, an agent), one per text. */
		addNotes(sessionId, texts) {
			for (const text of texts) {
				const note = newNote(sessionId, { text });
				chatOf(sandbox.state).notes.set(note.id, note);
			}
		},
		/** Deliveries to this number fail with `reason`. */
		failDeliveriesTo(phone, reason = 'Falha na entrega') {
			chatOf(sandbox.state).undeliverable.set(phoneDigits(phone), reason);
		},
		message(id) {
			const message = chatOf(sandbox.state).messages.get(id);
			return message && toPublicMessage(message);
		},
		sessions() {
			return [...chatOf(sandbox.state).sessions.values()].map((s) => toPublicSession(sandbox.state, s));
		},
		session(id) {
			const session = chatOf(sandbox.state).sessions.get(id);
			return session && toPublicSession(sandbox.state, session);
		},
		/** The messages of one session, oldest first (both directions). */
		history(sessionId) {
			return [...chatOf(sandbox.state).messages.values()]
				.filter((m) => m.sessionId === sessionId)
				.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0))
				.map(toPublicMessage);
		},
		notes() {
			return [...chatOf(sandbox.state).notes.values()];
		},
		files() {
			return [...chatOf(sandbox.state).files.values()].map((f) => ({ ...f.public, bytes: f.bytes }));
		},
	};
}

/** Stable ids of the chat demo records. */
const chatDemo = {
	templateId: (name) => stableId('template', name),
	chatbotId: (name) => stableId('chatbot', name),
	chatbotKey: (name) => stableId('chatbot-key', name),
	agentId: (name) => stableId('agent', name),
	undeliverablePhone: '+55|11900000404',
	scheduledMessageId: SCHEDULED_DEMO_ID,
};

module.exports = { chatControl, chatDemo };
