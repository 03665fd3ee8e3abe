'use strict';

/**
 * The chat service's state, kept beside the core state it reads (contacts, users, departments,
 * channels, tags) and created on first use, so a reset of the core state resets it too.
 * Demo records get name-based ids like the core seed.
 */

const { stableId, newId, nowIso } = require('../ids');
const clock = require('../clock');
const { phoneDigits, formatPhone } = require('../phone');
const { seedHistory, historyBegan } = require('./demoHistory');
const { storeBeside } = require('../besideState');

/** Core channel kinds to the chat service's channel `type` and session `channelType`. */
const CHANNEL_TYPES = {
	WHATSAPP: { type: 'CloudAPI_WhatsApp', channelType: 'CLOUDAPI_WHATSAPP', platform: 'WhatsApp', whatsapp: true },
	INSTAGRAM: { type: 'Instagram', channelType: 'INSTAGRAM', platform: 'Instagram', whatsapp: false },
};

/** The WhatsApp customer service window: a free message is allowed this long after the contact wrote. */
const WINDOW_MS = 24 * 60 * 60 * 1000;

/** A number that always fails delivery, as a number without WhatsApp does. */
const UNDELIVERABLE = { 5511900000404: 'O número não possui uma conta de WhatsApp' };

const TEMPLATES = [
	// [channel, name, text, params, fileType, status]
	['WhatsApp Comercial', 'boas_vindas', 'Olá {{nome}}, obrigado pelo contato! Como podemos ajudar?', ['nome'], 'UNDEFINED', 'Approved'],
	['WhatsApp Comercial', 'fatura', 'Olá {{nome}}, segue sua fatura no valor de {{valor}}.', ['nome', 'valor'], 'DOCUMENT', 'Approved'],
	['WhatsApp Comercial', 'promocao', 'Novidades da semana para você!', [], 'IMAGE', 'Approved'],
	['WhatsApp Comercial', 'rascunho', 'Ainda em revisão {{nome}}', ['nome'], 'UNDEFINED', 'InRevision'],
	[
		'WhatsApp Suporte',
		'retorno_suporte',
		'Olá {{nome}}, seu chamado {{protocolo}} foi atualizado.',
		['nome', 'protocolo'],
		'UNDEFINED',
		'Approved',
	],
];

const CHATBOTS = [
	['Triagem', 'Reactive'],
	['Pesquisa de satisfação', 'Automation'],
];

const SEED_DATE = '2025-12-01T09:00:00.000Z';

/** @type {(state: import('../state').SandboxState) => ReturnType<typeof createChat>} */
const chatOf = storeBeside('chat', (state, keep) => {
	const chat = createChat(state);
	// known before the demo conversations are written: writing a message looks the chat store up
	keep(chat);
	seedSessions(state, chat);
	return chat;
});

function channelKind(channel) {
	return CHANNEL_TYPES[channel.type] ?? CHANNEL_TYPES.WHATSAPP;
}

/** What `from` names: the channel's number (digits) or its `@handle`. */
function channelAddress(channel) {
	return channelKind(channel).whatsapp ? channel.number : `@${channel.number}`;
}

/** @param {import('../state').SandboxState} state */
function createChat(state) {
	const chat = {
		templates: new Map(),
		chatbots: new Map(),
		/** agent id (not the user id) -> agent; sessions take the user id */
		agents: new Map(),
		sessions: new Map(),
		messages: new Map(),
		notes: new Map(),
		uploads: new Map(),
		files: new Map(),
		/** `${contactId}:${channelId}` -> ISO time the contact last wrote */
		lastInbound: new Map(),
		undeliverable: new Map(Object.entries(UNDELIVERABLE)),
		sessionSeq: 0,
	};
	const channelByName = (name) => [...state.channels.values()].find((c) => c.name === name);
	for (const [channelName, name, text, params, fileType, status] of TEMPLATES) {
		const channel = channelByName(channelName);
		if (!channel) continue;
		const id = stableId('template', name);
		chat.templates.set(id, {
			id,
			createdAt: SEED_DATE,
			updatedAt: SEED_DATE,
			active: true,
			archived: false,
			channelId: channel.id,
			name,
			text,
			footerText: null,
			status,
			channelType: channelKind(channel).channelType,
			type: ['TEMPLATE'],
			params: params.map((param) => ({ name: param, templateId: id })),
			internalName: name,
			fileType,
			quickReplyAlias: null,
			rejectedDescription: null,
			categoryId: null,
			categoryName: 'MARKETING',
		});
	}
	for (const [name, type] of CHATBOTS) {
		const id = stableId('chatbot', name);
		chat.chatbots.set(id, {
			id,
			key: stableId('chatbot-key', name),
			createdAt: SEED_DATE,
			updatedAt: SEED_DATE,
			companyId: state.companyId,
			archived: false,
			name,
			type,
			channelIds: [...state.channels.keys()],
			defaultDepartmentId: null,
			publishStatus: 'READY',
			automationUsage: type === 'Automation' ? ['Api'] : [],
		});
	}
	for (const user of state.users.values()) {
		const id = stableId('agent', user.name);
		chat.agents.set(id, { id, userId: user.id, user });
	}
	return chat;
}

/** Three demo conversations on WhatsApp Comercial, each with its history: one in progress, one waiting, one completed. */
function seedSessions(state, chat) {
	const contacts = [...state.contacts.values()];
	const channel = [...state.channels.values()][0];
	const departments = [...state.departments.values()];
	const users = [...state.users.values()];
	if (contacts.length < 3 || !channel) return;
	// on the sandbox's clock, as every later change is: a test that sets the clock sees no conversation ahead of it
	const ago = (ms) => new Date(clock.now() - ms).toISOString();
	const plan = [
		{ contact: contacts[0], status: 'IN_PROGRESS', department: departments[1], user: users[0] },
		{ contact: contacts[2], status: 'PENDING', department: departments[0], user: undefined },
		{ contact: contacts[1], status: 'COMPLETED', department: departments[0], user: users[1] },
	];
	const conversations = plan.map(({ contact, status, department, user }) => {
		const session = openSession(state, chat, contact, channel, { at: ago(historyBegan(contact.name) + 60_000) });
		Object.assign(session, { status, departmentId: department?.id ?? null, userId: user?.id ?? null });
		return { session, contact, channel };
	});
	// the history dates each conversation's last interaction, and the window by the contact's last message
	seedHistory(state, chat, conversations);
	for (const { session } of conversations) {
		if (session.status !== 'COMPLETED') continue;
		const endAt = new Date(Date.parse(session.lastInteractionDate) + 60_000).toISOString();
		Object.assign(session, { endAt, updatedAt: endAt });
	}
}

/** A new session record (the caller announces it). */
function openSession(state, chat, contact, channel, { at = nowIso(), departmentId = null, userId = null, hidden = false } = {}) {
	chat.sessionSeq += 1;
	const session = {
		id: newId(),
		createdAt: at,
		updatedAt: at,
		startAt: at,
		endAt: null,
		status: hidden ? 'HIDDEN' : userId ? 'IN_PROGRESS' : 'PENDING',
		companyId: state.companyId,
		contactId: contact.id,
		channelId: channel.id,
		departmentId,
		userId,
		number: `${at.slice(0, 10).replace(/-/g, '')}${String(chat.sessionSeq).padStart(5, '0')}`,
		title: null,
		utm: null,
		origin: 'API',
		botId: null,
		metadata: {},
		classification: null,
		reactivateOnNewMessage: false,
		lastMessageText: null,
		lastInteractionDate: at,
		type: 'INDIVIDUAL',
	};
	chat.sessions.set(session.id, session);
	return session;
}

/** ACTIVE while the contact wrote in the last 24 h, EXPIRED after, NOT_STARTED if it never wrote. */
function windowStatus(chat, contactId, channelId, now = Date.now()) {
	const last = chat.lastInbound.get(`${contactId}:${channelId}`);
	if (!last) return 'NOT_STARTED';
	return now - Date.parse(last) < WINDOW_MS ? 'ACTIVE' : 'EXPIRED';
}

/** The open (not completed) session of a contact on a channel, if any. */
function openSessionOf(chat, contactId, channelId) {
	return [...chat.sessions.values()].find((s) => s.contactId === contactId && s.channelId === channelId && s.status !== 'COMPLETED');
}

/**
 * @param {import('../state').SandboxState} state
 * @param {any} session
 * @param {Set<string>} [details] IncludeDetails values (all when omitted)
 */
function toPublicSession(state, session, details) {
	const chat = chatOf(state);
	const wants = (name) => !details || details.has(name);
	const contact = state.contacts.get(session.contactId);
	const channel = state.channels.get(session.channelId);
	const user = session.userId ? state.users.get(session.userId) : undefined;
	const agent = user ? [...chat.agents.values()].find((a) => a.userId === user.id) : undefined;
	const department = session.departmentId ? state.departments.get(session.departmentId) : undefined;
	const { reactivateOnNewMessage, ...fields } = session;
	return {
		...fields,
		windowStatus: windowStatus(chat, session.contactId, session.channelId),
		channelType: channel ? channelKind(channel).channelType : null,
		contactDetails:
			wants('ContactDetails') && contact
				? {
						id: contact.id,
						name: contact.name,
						pictureUrl: contact.pictureUrl ?? null,
						phonenumber: contact.phoneNumber,
						instagram: contact.instagram,
						phonenumberFormatted: formatPhone(contact.phoneNumber),
						tagsId: [...contact.tagIds],
						tagsName: contact.tagIds.map((id) => state.tags.get(id)?.name).filter(Boolean),
						status: contact.status,
					}
				: null,
		agentDetails:
			wants('AgentDetails') && agent
				? {
						id: agent.id,
						userId: user.id,
						name: user.name,
						shortName: user.name.split(' ')[0],
						phoneNumber: null,
						email: user.email,
						pictureFileId: null,
						pictureUrl: null,
					}
				: null,
		channelDetails:
			wants('ChannelDetails') && channel
				? {
						humanId: channelAddress(channel),
						platform: channelKind(channel).platform,
						provider: 'CloudAPI',
						providerVariable: null,
						pictureUrl: null,
						displayName: channel.name,
					}
				: null,
		departmentDetails:
			wants('DepartmentsDetails') && department
				? {
						id: department.id,
						companyId: state.companyId,
						name: department.name,
						description: department.description ?? null,
						isDefault: !!department.isDefault,
						isSupervisor: false,
					}
				: null,
	};
}

/** The message as PublicMessageDTO (webhook content of MESSAGE_*). */
function toPublicMessage(message) {
	// sentAt is the send receipt's (PublicRespSendMessageDTO); the message itself has no such key
	const { channelId, to, callbackUrl, sessionMetadata, sentAt, ...fields } = message;
	return fields;
}

/** The send receipt (PublicRespSendMessageDTO). */
function toSendReceipt(state, message) {
	return {
		id: message.id,
		createdAt: message.createdAt,
		updatedAt: message.updatedAt,
		companyId: state.companyId,
		sessionId: message.sessionId,
		status: message.status,
		senderId: message.senderId,
		statusUrl: `/chat/v1/send/message/${message.id}`,
		sentAt: message.sentAt,
		failedReason: message.failedReason,
		callbackUrl: message.callbackUrl ?? null,
		waitReply: false,
	};
}

module.exports = {
	chatOf,
	channelKind,
	channelAddress,
	openSession,
	openSessionOf,
	windowStatus,
	toPublicSession,
	toPublicMessage,
	toSendReceipt,
	phoneDigits,
	WINDOW_MS,
};
