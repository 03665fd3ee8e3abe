'use strict';

/**
 * The `content` of an event fired at the sandbox (sb.deliver(type[, content]) / POST /__sandbox/events). It
 * always names records the sandbox knows, so a workflow that reacts to the event can act on them: a session
 * is in the chat store (a new conversation is opened by the contact writing, so its 24-hour window is open),
 * a message is stored in its session, a contact, department, channel, user or tag exists.
 *
 * Content given by the caller is laid over what the sandbox builds: the references in it (ids of sessions,
 * messages, contacts, channels, departments, users, tags, templates, files) must name records the sandbox
 * has, and agree with the record `id` names; the sandbox then builds the event around them (a SESSION_NEW
 * for the named contact, a SESSION_UPDATE moving the named session to the named department). Anything else
 * the caller gives is delivered as given. A reference the sandbox does not know is refused, before anything
 * changes, with a message naming the field.
 * Building changes the sandbox as Helena would have changed (a session opened, a message stored) but
 * announces nothing else: one call, one event. PAYMENT_* name known contacts and sessions; the sandbox has no
 * payment records, so their own ids are the sandbox's stable demo ids. PANEL_* carry a card of the CRM store
 * (all details) and a note of it, as crm/cards.js delivers them.
 */

const { newId, nowIso } = require('./ids');
const { toWebhookContact } = require('./contactStore');
const { seedContacts } = require('./seed');
const { chatOf, channelKind, openSession, openSessionOf, toPublicSession, toPublicMessage } = require('./chat/store');
const { recordInbound, recordOutgoing } = require('./chat/messages');
const { crmOf, sampleCard, sampleNote, samplePreviousStepId } = require('./crm/store');

const FIRST_WORDS = 'Olá! Gostaria de saber mais sobre os planos.';

/** What each reference field of a caller's content names, and where the sandbox keeps it. */
const REFERENCES = {
	session: {
		id: 'session',
		contactId: 'contact',
		channelId: 'channel',
		departmentId: 'department',
		userId: 'user',
		'contactDetails.id': 'contact',
	},
	message: { id: 'message', sessionId: 'session', senderId: 'sender', templateId: 'template', fileId: 'file' },
	contact: { id: 'contact', tagsId: 'tag' },
	payment: { contactId: 'contact', sessionId: 'session' },
	card: { id: 'card', contactIds: 'contact', responsibleUserId: 'user' },
	note: { userId: 'user' },
};

const FAMILY = {
	SESSION_NEW: 'session',
	SESSION_UPDATE: 'session',
	SESSION_COMPLETE: 'session',
	MESSAGE_RECEIVED: 'message',
	MESSAGE_SENT: 'message',
	MESSAGE_UPDATED: 'message',
	CONTACT_NEW: 'contact',
	CONTACT_UPDATE: 'contact',
	CONTACT_TAG_UPDATE: 'contact',
	PAYMENT_NEW: 'payment',
	PAYMENT_UPDATE: 'payment',
	PANEL_CARD_NEW: 'card',
	PANEL_CARD_UPDATE: 'card',
	PANEL_CARD_STEP_CHANGE: 'card',
	PANEL_CARD_NOTE_NEW: 'note',
	PANEL_CARD_NOTE_UPDATE: 'note',
};

/** @param {import('./state').SandboxState} state */
function lookup(state, kind, id) {
	const key = typeof id === 'string' ? id.toLowerCase() : id;
	const chat = chatOf(state);
	switch (kind) {
		case 'session':
			return chat.sessions.get(key);
		case 'message':
			return chat.messages.get(key);
		case 'template':
			return chat.templates.get(key);
		case 'file':
			return chat.files.get(key);
		case 'sender':
			return state.contacts.get(key) ?? state.users.get(key);
		case 'tag':
			return state.tags.get(key);
		case 'card':
			return crmOf(state).cards.get(key);
		default:
			return state[`${kind}s`].get(key);
	}
}

const WHERE = {
	session: 'GET /__sandbox/chat/sessions',
	message: 'a message of GET /chat/v1/session/{id}/message',
	sender: 'GET /__sandbox/state (contacts, users)',
	template: 'GET /chat/v1/template',
	file: 'a file uploaded through /chat/v1/file',
};

const valueAt = (content, path) => path.split('.').reduce((value, key) => (value == null ? undefined : value[key]), content);

/**
 * The records the caller's content names, each checked: { contact, session, ... } (one per field).
 * @returns {Record<string, any>}
 */
function resolveReferences(state, family, given) {
	const found = {};
	for (const [path, kind] of Object.entries(REFERENCES[family])) {
		const value = valueAt(given, path);
		if (value === undefined || value === null) continue;
		const ids = Array.isArray(value) ? value : [value];
		for (const id of ids) {
			const record = typeof id === 'string' && id ? lookup(state, kind, id) : undefined;
			if (!record) {
				throw new Error(
					`content.${path}: the sandbox has no ${kind} ${JSON.stringify(id)} (${WHERE[kind] ?? 'GET /__sandbox/state'} lists them; leave the field out and the sandbox picks or creates one)`,
				);
			}
		}
		found[path] = Array.isArray(value) ? ids.map((id) => lookup(state, kind, id)) : lookup(state, kind, value);
	}
	return found;
}

/** The built record must agree with every reference the caller gave (a session's contact cannot be another). */
function assertAgrees(family, built, given) {
	for (const path of Object.keys(REFERENCES[family])) {
		const wanted = valueAt(given, path);
		if (wanted === undefined || wanted === null) continue;
		const has = valueAt(built, path);
		if (has !== undefined && JSON.stringify(has).toLowerCase() !== JSON.stringify(wanted).toLowerCase()) {
			throw new Error(
				`content.${path} ${JSON.stringify(wanted)} does not agree with the record content.id names (it has ${JSON.stringify(has)})`,
			);
		}
	}
}

function whatsappChannel(state) {
	return [...state.channels.values()].find((channel) => channelKind(channel).whatsapp) ?? state.channels.values().next().value;
}

function newContact(state) {
	const [created] = seedContacts(state, 1, { prefix: 'Contato' });
	return state.contacts.get(created.id);
}

function someContact(state) {
	return state.contacts.values().next().value ?? newContact(state);
}

/**
 * The conversation an event is about: the named session; or the contact's open one on the channel (none
 * when `fresh`: a new conversation, the open one completed first); or a new one the contact opens by writing.
 * Without a named contact: the first contact with no open conversation, or a new contact.
 */
function conversation(state, refs, { fresh }) {
	if (refs.id) return refs.id;
	const chat = chatOf(state);
	const channel = refs.channelId ?? whatsappChannel(state);
	const contact =
		refs.contactId ??
		refs['contactDetails.id'] ??
		[...state.contacts.values()].find((c) => !openSessionOf(chat, c.id, channel.id)) ??
		newContact(state);
	const open = openSessionOf(chat, contact.id, channel.id);
	if (open && !fresh) return open;
	if (open) Object.assign(open, { status: 'COMPLETED', endAt: nowIso(), updatedAt: nowIso() });
	const session = openSession(state, chat, contact, channel);
	session.origin = 'CUSTOMER';
	recordInbound(state, { session, channel, contact }, FIRST_WORDS);
	return session;
}

function sessionEvent(state, eventType, refs) {
	const session = conversation(state, refs, { fresh: eventType === 'SESSION_NEW' && !refs.id });
	const now = nowIso();
	if (eventType === 'SESSION_UPDATE') {
		const user = refs.userId ?? (session.userId ? undefined : state.users.values().next().value);
		const department = refs.departmentId ?? (session.departmentId ? undefined : state.departments.values().next().value);
		if (user) session.userId = user.id;
		if (department) session.departmentId = department.id;
		if (session.userId && session.status === 'PENDING') session.status = 'IN_PROGRESS';
		session.updatedAt = now;
	} else {
		if (refs.userId)
			Object.assign(session, { userId: refs.userId.id, status: session.status === 'PENDING' ? 'IN_PROGRESS' : session.status });
		if (refs.departmentId) session.departmentId = refs.departmentId.id;
	}
	if (eventType === 'SESSION_COMPLETE' && session.status !== 'COMPLETED')
		Object.assign(session, { status: 'COMPLETED', endAt: now, updatedAt: now });
	return toPublicSession(state, session);
}

function messageEvent(state, eventType, refs) {
	if (refs.id) return toPublicMessage(refs.id);
	const session = refs.sessionId ?? conversation(state, {}, { fresh: false });
	const target = { session, channel: state.channels.get(session.channelId), contact: state.contacts.get(session.contactId) };
	if (eventType === 'MESSAGE_RECEIVED') return toPublicMessage(recordInbound(state, target, FIRST_WORDS));
	const now = nowIso();
	const fields =
		eventType === 'MESSAGE_SENT'
			? { status: 'SENT', sentAt: now, text: 'Olá! Como posso ajudar?' }
			: { status: 'READ', sentAt: now, readContactAt: now, text: 'Olá! Como posso ajudar?' };
	return toPublicMessage(recordOutgoing(state, target, fields));
}

function contactEvent(state, eventType, refs) {
	const contact = refs.id ?? (eventType === 'CONTACT_NEW' ? newContact(state) : someContact(state));
	return toWebhookContact(state, contact);
}

function paymentEvent(state, eventType, refs) {
	const contact = refs.contactId ?? (refs.sessionId ? state.contacts.get(refs.sessionId.contactId) : someContact(state));
	const session =
		refs.sessionId ?? [...chatOf(state).sessions.values()].find((s) => s.contactId === contact.id && s.status !== 'COMPLETED');
	const now = nowIso();
	return {
		id: newId(),
		createdAt: now,
		updatedAt: now,
		contactId: contact.id,
		sessionId: session?.id ?? null,
		amount: 149.9,
		currency: 'BRL',
		status: eventType === 'PAYMENT_NEW' ? 'PENDING' : 'PAID',
		description: 'Plano Pro - mensal',
	};
}

function cardEvent(state, eventType, refs) {
	return { ...sampleCard(state, refs.id), ...(eventType === 'PANEL_CARD_STEP_CHANGE' ? { previousStepId: samplePreviousStepId() } : {}) };
}

function noteEvent(state) {
	return sampleNote(state);
}

const BUILD = {
	session: sessionEvent,
	message: messageEvent,
	contact: contactEvent,
	payment: paymentEvent,
	card: cardEvent,
	note: noteEvent,
};

/**
 * @param {import('./state').SandboxState} state
 * @param {string} eventType
 * @param {unknown} [given] the caller's content, laid over the built one
 */
function eventContent(state, eventType, given) {
	if (given !== undefined && (given === null || typeof given !== 'object' || Array.isArray(given)))
		throw new Error('content must be a JSON object (or left out: the sandbox builds one)');
	const family = FAMILY[eventType];
	if (!family) throw new Error(`Unknown event type '${eventType}'`);
	const content = given ?? {};
	const refs = resolveReferences(state, family, content);
	const built = BUILD[family](state, eventType, refs);
	assertAgrees(family, built, content);
	return { ...built, ...content };
}

module.exports = { eventContent };
