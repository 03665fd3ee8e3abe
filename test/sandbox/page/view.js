'use strict';

/**
 * What the sandbox page shows (GET /__sandbox/page/state): the account's conversations with their messages
 * as Helena's chat shows them, and the demo data of every resource, in one JSON document the page renders.
 */

const { formatPhone } = require('../phone');
const { chatOf, channelKind, windowStatus } = require('../chat/store');
const { messageView } = require('../chat/messageRecords');
const { crmOf } = require('../crm/store');
const { toPublicSubscription } = require('../webhooks');
const { answersOf } = require('./answers');

const byTimeDesc = (key) => (a, b) => (a[key] < b[key] ? 1 : a[key] > b[key] ? -1 : 0);

/** By createdAt, newest first; `seq` (insertion order) breaks ties. */
const newestFirst = (a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : b.seq - a.seq);

/** A message as a chat bubble: who wrote it, its text (a template's filled in), its answer links, its file, its status. */
function bubble(sandbox, chat, message) {
	const view = messageView(sandbox, message);
	const file = view.details?.file;
	const template = message.templateId ? chat.templates.get(message.templateId) : undefined;
	const fromContact = message.direction === 'FROM_HUB';
	const { text, answers } = fromContact ? { text: message.text, answers: [] } : answersOf(message.text);
	return {
		id: message.id,
		at: message.createdAt,
		fromContact,
		origin: message.origin,
		type: message.type,
		text,
		answers,
		template: template?.name ?? null,
		file: file
			? {
					name:
						file.name ??
						decodeURIComponent(
							String(file.publicUrl ?? '')
								.split('/')
								.pop() ?? '',
						),
					url: file.publicUrl ?? null,
					// drawn as a picture on the page, as Helena's chat shows one
					image: /^image\//.test(file.mimeType ?? '') || message.type === 'IMAGE',
				}
			: null,
		status: message.status,
		failedReason: message.failedReason ?? null,
	};
}

function conversations(sandbox) {
	const { state } = sandbox;
	const chat = chatOf(state);
	const messages = [...chat.messages.values()].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
	return [...chat.sessions.values()]
		.map((session) => {
			const contact = state.contacts.get(session.contactId);
			const channel = state.channels.get(session.channelId);
			return {
				id: session.id,
				number: session.number,
				status: session.status,
				windowStatus: windowStatus(chat, session.contactId, session.channelId),
				lastInteractionDate: session.lastInteractionDate,
				contact: { id: contact?.id, name: contact?.name ?? null, phone: contact ? formatPhone(contact.phoneNumber) : null },
				channel: channel ? { name: channel.name, whatsapp: channelKind(channel).whatsapp } : null,
				department: state.departments.get(session.departmentId)?.name ?? null,
				agent: state.users.get(session.userId)?.name ?? null,
				messages: messages.filter((m) => m.sessionId === session.id).map((m) => bubble(sandbox, chat, m)),
			};
		})
		.sort(byTimeDesc('lastInteractionDate'));
}

function panels(state) {
	const crm = crmOf(state);
	const cards = [...crm.cards.values()].filter((card) => card.status !== 'ARCHIVED');
	return [...crm.panels.values()].map((panel) => ({
		id: panel.id,
		title: panel.title,
		type: panel.type,
		lostReasons: [...crm.lostReasons.values()].filter((r) => r.panelId === panel.id).map((r) => ({ id: r.id, name: r.description })),
		steps: [...crm.steps.values()]
			.filter((step) => step.panelId === panel.id)
			.sort((a, b) => a.position - b.position)
			.map((step) => ({
				id: step.id,
				title: step.title,
				cards: cards
					.filter((card) => card.stepId === step.id)
					.sort((a, b) => a.position - b.position)
					.map((card) => ({
						id: card.id,
						title: card.title,
						status: card.status,
						amount: card.monetaryAmount,
						updatedAt: card.updatedAt,
						contacts: card.contactIds.map((id) => state.contacts.get(id)?.name ?? id),
						lostReason: crm.lostReasons.get(card.lostReasonId)?.description ?? null,
					})),
			})),
	}));
}

/** @param {import('../index').Sandbox} sandbox */
function pageView(sandbox) {
	const { state } = sandbox;
	const tagName = (id) => state.tags.get(id)?.name ?? id;
	const chat = chatOf(state);
	return {
		url: sandbox.url,
		apiKey: sandbox.apiKey,
		// whether the records outlive a restart (npm start keeps them in a file, persist.js)
		kept: sandbox.keeper !== undefined,
		conversations: conversations(sandbox),
		// newest first, so a contact just made (a conversation started on the page) is the first row
		contacts: [...state.contacts.values()].sort(newestFirst).map((c) => ({
			id: c.id,
			name: c.name,
			phone: c.phoneNumber ? formatPhone(c.phoneNumber) : null,
			email: c.email,
			tags: c.tagIds.map(tagName),
			annotation: c.annotation,
			updatedAt: c.updatedAt,
		})),
		panels: panels(state),
		tags: sandbox.lists
			.tags()
			.map((tag) => ({ ...tag, contacts: [...state.contacts.values()].filter((c) => c.tagIds.includes(tag.id)).length })),
		sequences: sandbox.lists.sequences().map((s) => ({ id: s.id, name: s.name, enabled: s.enabled, contacts: s.contactExecutingCount })),
		scheduled: sandbox.chat.scheduledMessages().map((m) => ({
			id: m.id,
			status: m.status,
			type: m.type,
			scheduling: m.scheduling,
			contact: m.contact?.name ?? null,
			template: m.template?.name ?? null,
			chatbot: m.chatbot?.name ?? null,
		})),
		templates: [...chat.templates.values()].map((t) => ({ name: t.name, text: t.text, status: t.status })),
		subscriptions: [...state.subscriptions.values()].map((s) => toPublicSubscription(state, s)),
		deliveries: sandbox.deliveries
			.slice(-30)
			.map((d) => ({ eventType: d.eventType, url: d.url, status: d.status, error: d.error, at: d.at })),
		events: state.events.map((e) => e.event),
	};
}

module.exports = { pageView };
