'use strict';

/**
 * Plausible `content` for events delivered without one (sb.deliver(type) / POST /__sandbox/events).
 * SESSION_* follow the chat session object, MESSAGE_* the 2022 vendor examples, CONTACT_* the
 * webhook contact shape (Helena's webhooks guide); PAYMENT_* is a small invented shape,
 * PANEL_* the CRM's card (all details) and card note, as crm/cards.js delivers them.
 */

const { newId, nowIso } = require('./ids');
const { phoneDigits } = require('./phone');
const { toWebhookContact, blankContact } = require('./contactStore');
const { sampleCard, sampleNote, samplePreviousStepId } = require('./crm/store');

/** @param {import('./state').SandboxState} state */
function someContact(state) {
	const first = state.contacts.values().next().value;
	if (first) return first;
	return { ...blankContact(state), name: 'Contato Exemplo', phoneNumber: '+55|11999990000' };
}

/** @param {import('./state').SandboxState} state */
function someChannel(state) {
	return state.channels.values().next().value ?? { id: newId(), number: '5511940000001', name: 'WhatsApp', type: 'WHATSAPP' };
}

function session(state, overrides) {
	const c = someContact(state);
	const channel = someChannel(state);
	const now = nowIso();
	return {
		id: newId(),
		createdAt: now,
		updatedAt: now,
		active: true,
		startAt: now,
		endAt: null,
		status: 'STARTED',
		contactId: c.id,
		contactDetails: {
			id: c.id,
			name: c.name,
			pictureUrl: null,
			phonenumber: c.phoneNumber,
			instagram: c.instagram,
			tagsId: [...c.tagIds],
		},
		channelId: channel.id,
		departmentId: null,
		userId: null,
		number: phoneDigits(channel.number),
		utm: null,
		origin: 'CUSTOMER',
		...overrides,
	};
}

function message(state, direction, overrides) {
	const now = nowIso();
	return {
		id: newId(),
		senderId: direction === 'FROM_HUB' ? someContact(state).id : null,
		createdAt: now,
		updatedAt: now,
		type: 'TEXT',
		active: true,
		sessionId: newId(),
		templateId: null,
		userId: null,
		timestamp: now,
		text: direction === 'FROM_HUB' ? 'Olá! Gostaria de saber mais sobre os planos.' : 'Olá! Como posso ajudar?',
		direction,
		status: direction === 'FROM_HUB' ? 'RECEIVED' : 'QUEUED',
		origin: direction === 'FROM_HUB' ? 'CUSTOMER' : 'GATEWAY',
		readContactAt: null,
		fileId: null,
		refId: null,
		waitingOptIn: false,
		details: { file: null, location: null, contact: null, errors: null },
		...overrides,
	};
}

function payment(state, status) {
	const now = nowIso();
	return {
		id: newId(),
		createdAt: now,
		updatedAt: now,
		contactId: someContact(state).id,
		sessionId: null,
		amount: 149.9,
		currency: 'BRL',
		status,
		description: 'Plano Pro - mensal',
	};
}

/** A demo card in the shape the CRM delivers (crm/cards.js sends the same on real changes). */
function card(state, overrides) {
	return { ...sampleCard(state), ...overrides };
}

function note(state) {
	return sampleNote(state);
}

/** @param {import('./state').SandboxState} state @param {string} eventType */
function sampleContent(state, eventType) {
	switch (eventType) {
		case 'SESSION_NEW':
			return session(state, {});
		case 'SESSION_UPDATE':
			return session(state, { status: 'IN_PROGRESS', firstUserInteractionAt: nowIso(), firstAgentMessageAt: null });
		case 'SESSION_COMPLETE':
			return session(state, { status: 'COMPLETED', active: false, endAt: nowIso() });
		case 'MESSAGE_RECEIVED':
			return message(state, 'FROM_HUB', {});
		case 'MESSAGE_SENT':
			return message(state, 'TO_HUB', {});
		case 'MESSAGE_UPDATED':
			return message(state, 'TO_HUB', { status: 'READ', readContactAt: nowIso() });
		case 'CONTACT_NEW':
		case 'CONTACT_UPDATE':
		case 'CONTACT_TAG_UPDATE':
			return toWebhookContact(state, someContact(state));
		case 'PAYMENT_NEW':
			return payment(state, 'PENDING');
		case 'PAYMENT_UPDATE':
			return payment(state, 'PAID');
		case 'PANEL_CARD_NEW':
			return card(state, {});
		case 'PANEL_CARD_UPDATE':
			return card(state, { status: 'WON' });
		case 'PANEL_CARD_STEP_CHANGE':
			return card(state, { previousStepId: samplePreviousStepId() });
		case 'PANEL_CARD_NOTE_NEW':
		case 'PANEL_CARD_NOTE_UPDATE':
			return note(state);
		default:
			return { id: newId(), createdAt: nowIso() };
	}
}

module.exports = { sampleContent };
