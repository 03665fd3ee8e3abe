'use strict';

/**
 * The send family (`/chat/v1/send/...`): asynchronous sends answered QUEUED, whose status then
 * moves SENT -> DELIVERED -> READ (or FAILED with a reason for an undeliverable number), each step
 * announced as MESSAGE_UPDATED. The WhatsApp window rule: a free message (text or media) needs the
 * contact to have written in the last 24 h; outside it only a template starts the conversation.
 */

const { newId, nowIso, isUuid } = require('../ids');
const { blankContact, insertContact, findByPhone, toWebhookContact } = require('../contactStore');
const { helenaPhone } = require('../phone');
const { problem, strictBody, optUuid, optText, optFlatObject, optBoolean } = require('./rules');
const store = require('./store');
const {
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
} = store;

const OPTION_KEYS = ['enableBot', 'hiddenSession', 'forceStartSession', 'user', 'department'];
const COMMON_KEYS = ['to', 'from', 'options', 'sessionId', 'refId', 'delayTyping', 'callbackUrl', 'senderId'];
const TEMPLATE_KEYS = [
	'to',
	'from',
	'templateId',
	'parameters',
	'fileIdOrUrl',
	'callbackUrl',
	'sessionId',
	'options',
	'senderId',
	'sessionMetadata',
];
const BOT_KEYS = ['botKey', 'from', 'to', 'sessionId', 'options', 'sessionMetadata', 'contactMetadata', 'senderId', 'callbackUrl'];
const BOT_OPTION_KEYS = ['skipIfBotInExecution', 'skipIfInProgress', 'forceStartSession', 'hiddenSession'];

/** What each media route accepts, as WhatsApp publishes it (the reference only says "the channel's rules"). */
const MEDIA_RULES = {
	image: { mimeTypes: ['image/jpeg', 'image/png'], extensions: ['jpg', 'jpeg', 'png'], maxBytes: 5 * 1024 * 1024, fileType: 'IMAGE' },
	video: { mimeTypes: ['video/mp4', 'video/3gpp'], extensions: ['mp4', '3gp'], maxBytes: 16 * 1024 * 1024, fileType: 'VIDEO' },
	audio: {
		mimeTypes: ['audio/aac', 'audio/mp4', 'audio/mpeg', 'audio/amr', 'audio/ogg'],
		extensions: ['aac', 'm4a', 'mp3', 'amr', 'ogg'],
		maxBytes: 16 * 1024 * 1024,
		fileType: 'AUDIO',
	},
	document: { mimeTypes: null, extensions: null, maxBytes: 100 * 1024 * 1024, fileType: 'DOCUMENT' },
};

const STEPS = ['QUEUED', 'SENT', 'DELIVERED', 'READ'];

function readOptions(raw) {
	const options = strictBody(raw, OPTION_KEYS, 'options', true);
	for (const key of ['enableBot', 'hiddenSession', 'forceStartSession']) optBoolean(options[key], `options.${key}`, true);
	const user = strictBody(options.user, ['id', 'phoneNumber', 'email'], 'options.user', true);
	const department = strictBody(options.department, ['id', 'name'], 'options.department', true);
	return { ...options, user: raw?.user ? user : undefined, department: raw?.department ? department : undefined };
}

function resolveChannel(state, from, { required }) {
	const channels = [...state.channels.values()];
	if (from === undefined || from === null || from === '') {
		if (required) throw problem(400, "O campo 'from' é obrigatório", { field: 'from' });
		return undefined;
	}
	optText(from, 'from', true, { min: 1 });
	const wanted = String(from).trim();
	const channel = channels.find((c) => {
		const address = channelAddress(c);
		return address.startsWith('@')
			? address.toLowerCase() === wanted.toLowerCase()
			: phoneDigits(wanted) === address && /^\+?[\d|\s()-]+$/.test(wanted);
	});
	if (!channel)
		throw problem(400, `Nenhum canal da conta tem o número '${wanted}' (use o número do canal, não o seu ID)`, { field: 'from' });
	return channel;
}

function resolveUser(state, option) {
	if (!option) return undefined;
	const user = option.id
		? state.users.get(String(option.id).toLowerCase())
		: [...state.users.values()].find((u) => option.email && u.email.toLowerCase() === String(option.email).toLowerCase());
	if (!user) throw problem(400, `Usuário '${option.id ?? option.email ?? option.phoneNumber}' não encontrado`, { field: 'options.user' });
	return user;
}

function resolveDepartment(state, option) {
	if (!option) return undefined;
	const department = option.id
		? state.departments.get(String(option.id).toLowerCase())
		: [...state.departments.values()].find((d) => option.name && d.name.toLowerCase() === String(option.name).toLowerCase());
	if (!department) throw problem(400, `Departamento '${option.id ?? option.name}' não encontrado`, { field: 'options.department' });
	return department;
}

/**
 * The session a send goes into: the given one, or the contact's open session on the channel, or a
 * new one (SESSION_NEW). The contact is created when the number is new.
 */
function targetSession(ctx, body, { channelRequired, freeMessage }) {
	const { state } = ctx;
	const chat = chatOf(state);
	const options = readOptions(body.options);
	const sessionId = optUuid(body.sessionId, 'sessionId', true);
	if (sessionId) {
		const session = chat.sessions.get(sessionId);
		if (!session) throw problem(404, `Sessão '${sessionId}' não encontrada`);
		if (session.status === 'COMPLETED')
			throw problem(400, `A sessão '${sessionId}' já foi concluída; envie para o número do contato para abrir outra`);
		const channel = state.channels.get(session.channelId);
		if (body.from !== undefined && body.from !== null) {
			const named = resolveChannel(state, body.from, { required: false });
			if (named && named.id !== channel.id) throw problem(400, "O canal em 'from' não é o canal da sessão", { field: 'from' });
		}
		if (freeMessage) assertWindowOpen(chat, session.contactId, channel, freeMessage);
		return { session, channel, contact: state.contacts.get(session.contactId), opened: false };
	}
	const to = optText(body.to, 'to', true);
	if (!to || !to.trim()) throw problem(400, "Informe 'to' ou 'sessionId'", { field: 'to' });
	const channel =
		resolveChannel(state, body.from, { required: channelRequired }) ?? [...state.channels.values()].find((c) => channelKind(c).whatsapp);
	const digits = phoneDigits(to);
	if (channelKind(channel).whatsapp && (digits.length < 10 || digits.length > 15 || /[a-z@]/i.test(to))) {
		throw problem(400, `O número '${to}' não é um telefone válido`, { field: 'to' });
	}
	let contact = findByPhone(state, to);
	// checked before anything is created: a refused send leaves no contact or session behind
	if (freeMessage) assertWindowOpen(chat, contact?.id, channel, freeMessage);
	const user = resolveUser(state, options.user);
	const department = resolveDepartment(state, options.department);
	if (!contact) {
		contact = blankContact(state);
		contact.phoneNumber = helenaPhone(digits);
		contact.origin = 'CREATED_BY_USER';
		insertContact(state, contact);
		ctx.notify('CONTACT_NEW', () => toWebhookContact(state, contact));
	}
	let session = openSessionOf(chat, contact.id, channel.id);
	if (session && options.forceStartSession) {
		completeSession(ctx, session, {});
		session = undefined;
	}
	if (session) return { session, channel, contact, opened: false };
	session = openSession(state, chat, contact, channel, {
		departmentId: department?.id ?? null,
		userId: user?.id ?? null,
		hidden: !!options.hiddenSession,
	});
	ctx.notify('SESSION_NEW', () => toPublicSession(state, session));
	return { session, channel, contact, opened: true };
}

function completeSession(ctx, session, { reactivateOnNewMessage = false } = {}) {
	const now = nowIso();
	Object.assign(session, { status: 'COMPLETED', endAt: now, updatedAt: now, reactivateOnNewMessage });
	ctx.notify('SESSION_COMPLETE', () => toPublicSession(ctx.state, session));
}

function assertWindowOpen(chat, contactId, channel, what) {
	if (!channelKind(channel).whatsapp) return;
	const status = contactId ? windowStatus(chat, contactId, channel.id) : 'NOT_STARTED';
	if (status !== 'ACTIVE') {
		throw problem(
			400,
			`Fora da janela de atendimento de 24 horas do WhatsApp (windowStatus ${status}): ${what} não pode iniciar a conversa; envie um modelo de mensagem (template)`,
			{ windowStatus: status },
		);
	}
}

/** Checks a media reference (file id or URL) against the route's rules. */
function checkMedia(chat, fileIdOrUrl, kind, field = 'fileIdOrUrl') {
	const rules = MEDIA_RULES[kind];
	const value = optText(fileIdOrUrl, field, true, { min: 1 });
	if (!value) throw problem(400, `O campo '${field}' é obrigatório`, { field });
	if (isUuid(value)) {
		const file = chat.files.get(value.toLowerCase());
		if (!file) throw problem(400, `Arquivo '${value}' não encontrado`, { field });
		if (rules.mimeTypes && !rules.mimeTypes.includes(file.mimeType))
			throw problem(400, `O canal não aceita ${file.mimeType} como ${kind}; aceitos: ${rules.mimeTypes.join(', ')}`, { field });
		if (file.size > rules.maxBytes)
			throw problem(400, `O arquivo tem ${file.size} bytes; o limite do canal para ${kind} é ${rules.maxBytes} bytes`, { field });
		return { fileId: file.id, file };
	}
	let url;
	try {
		url = new URL(value);
	} catch {
		throw problem(400, `'${value}' não é um ID de arquivo nem uma URL pública`, { field });
	}
	if (url.protocol !== 'https:' && url.protocol !== 'http:') throw problem(400, `'${value}' não é uma URL pública`, { field });
	const extension = url.pathname.split('.').pop()?.toLowerCase();
	if (rules.extensions && !rules.extensions.includes(extension ?? ''))
		throw problem(400, `O canal não aceita arquivos .${extension} como ${kind}; aceitos: ${rules.extensions.join(', ')}`, { field });
	return { fileUrl: value };
}

/** Records the outgoing message, announces MESSAGE_SENT and schedules its delivery steps. */
function queueMessage(ctx, target, fields) {
	const message = recordOutgoing(ctx.state, target, fields);
	ctx.notify('MESSAGE_SENT', () => toPublicMessage(message));
	scheduleSteps(ctx, message);
	return toSendReceipt(ctx.state, message);
}

/** Stores an outgoing message (QUEUED unless `fields` say otherwise) in the session; announces nothing. */
function recordOutgoing(state, { session, channel, contact }, fields) {
	const chat = chatOf(state);
	const now = nowIso();
	const message = {
		id: newId(),
		createdAt: now,
		updatedAt: now,
		timestamp: now,
		type: 'TEXT',
		senderId: null,
		sessionId: session.id,
		templateId: null,
		userId: null,
		direction: 'TO_HUB',
		status: 'QUEUED',
		origin: 'API',
		text: null,
		fileId: null,
		refId: null,
		readContactAt: null,
		sentAt: null,
		failedReason: null,
		details: { file: null, errors: [] },
		filesIds: [],
		channelId: channel.id,
		to: contact.phoneNumber,
		...fields,
	};
	chat.messages.set(message.id, message);
	Object.assign(session, { lastMessageText: message.text, lastInteractionDate: now, updatedAt: now });
	return message;
}

/** Moves one message one step on (QUEUED -> SENT -> DELIVERED -> READ, or FAILED); false when final. */
function advanceMessage(state, message, notify) {
	const chat = chatOf(state);
	const at = STEPS.indexOf(message.status);
	if (at < 0 || at === STEPS.length - 1) return false;
	const now = nowIso();
	const failure = chat.undeliverable.get(store.phoneDigits(message.to));
	if (message.status === 'QUEUED' && failure) {
		Object.assign(message, { status: 'FAILED', failedReason: failure, updatedAt: now });
		message.details.errors = [{ date: now, origin: 'CHANNEL', key: 'UNDELIVERABLE', text: failure }];
	} else {
		message.status = STEPS[at + 1];
		message.updatedAt = now;
		if (message.status === 'SENT') message.sentAt = now;
		if (message.status === 'READ') message.readContactAt = now;
	}
	notify('MESSAGE_UPDATED', () => toPublicMessage(message));
	return message.status !== 'FAILED';
}

function scheduleSteps(ctx, message) {
	const stepMs = ctx.sandbox.chatStepMs;
	if (!(stepMs > 0)) return;
	const step = () => {
		if (ctx.sandbox.closed) return;
		if (advanceMessage(ctx.state, message, ctx.notify) && message.status !== 'READ') setTimeout(step, stepMs).unref();
	};
	setTimeout(step, stepMs).unref();
}

/** `delayTyping`: the reference's prose allows up to 25 seconds (its schema has no bound). */
function checkDelayTyping(body) {
	const delay = body.delayTyping;
	if (delay !== undefined && delay !== null && (delay < 0 || delay > 25))
		throw problem(400, `O campo 'delayTyping' deve estar entre 0 e 25 segundos, não ${delay}`, { field: 'delayTyping' });
}

function sendText(ctx) {
	const body = strictBody(ctx.body, [...COMMON_KEYS, 'text'], 'PublicReqSendTextDTO', true);
	checkDelayTyping(body);
	const text = optText(body.text, 'text', true, { min: 1 });
	if (!text) throw problem(400, "O campo 'text' é obrigatório", { field: 'text' });
	const target = targetSession(ctx, body, { channelRequired: false, freeMessage: 'uma mensagem de texto' });
	return queueMessage(ctx, target, { text, senderId: body.senderId ?? null, refId: body.refId ?? null, callbackUrl: body.callbackUrl });
}

function sendMedia(kind) {
	return (ctx) => {
		const keys = kind === 'audio' ? [...COMMON_KEYS, 'fileIdOrUrl'] : [...COMMON_KEYS, 'fileIdOrUrl', 'text'];
		const body = strictBody(ctx.body, keys, `PublicReqSendMedia${kind[0].toUpperCase()}${kind.slice(1)}DTO`, true);
		checkDelayTyping(body);
		const chat = chatOf(ctx.state);
		const media = checkMedia(chat, body.fileIdOrUrl, kind);
		const target = targetSession(ctx, body, { channelRequired: false, freeMessage: `um arquivo (${kind})` });
		return queueMessage(ctx, target, {
			type: MEDIA_RULES[kind].fileType,
			text: optText(body.text, 'text', true) ?? null,
			...withFile(media, body),
		});
	};
}

/** The file, sender reference and callback of a message that may carry a file (media, a template's header). */
function withFile(media, body) {
	return {
		fileId: media.fileId ?? null,
		details: { file: media.file ?? (media.fileUrl ? { publicUrl: media.fileUrl } : null), errors: [] },
		senderId: body.senderId ?? null,
		callbackUrl: body.callbackUrl,
	};
}

/** A template's parameters as sent: each one it declares, none it lacks (also for sends into a session). */
function checkTemplateParameters(template, raw) {
	const parameters = optFlatObject(raw, 'parameters', true) ?? {};
	const names = template.params.map((p) => p.name);
	const unknown = Object.keys(parameters).find((key) => !names.includes(key));
	if (unknown !== undefined)
		throw problem(
			400,
			`Parâmetro desconhecido '${unknown}' para o modelo '${template.name}'; parâmetros: ${names.join(', ') || '(nenhum)'}`,
			{ field: 'parameters' },
		);
	const missing = names.find((name) => !parameters[name]);
	if (missing) throw problem(400, `Falta o parâmetro '${missing}' do modelo '${template.name}'`, { field: 'parameters' });
	return parameters;
}

function sendTemplate(ctx) {
	const body = strictBody(ctx.body, TEMPLATE_KEYS, 'PublicReqSendTemplateSingleDTO', true);
	const chat = chatOf(ctx.state);
	for (const key of ['to', 'from', 'templateId']) {
		if (typeof body[key] !== 'string' || !body[key]) throw problem(400, `O campo '${key}' é obrigatório`, { field: key });
	}
	const template = chat.templates.get(body.templateId.toLowerCase());
	if (!template)
		throw problem(400, `Modelo de mensagem '${body.templateId}' não encontrado (informe o ID do modelo)`, { field: 'templateId' });
	const channel = resolveChannel(ctx.state, body.from, { required: true });
	if (template.channelId !== channel.id)
		throw problem(400, `O modelo '${template.name}' não pertence ao canal ${body.from}`, { field: 'templateId' });
	if (template.status !== 'Approved')
		throw problem(400, `O modelo '${template.name}' não está aprovado (status ${template.status})`, { field: 'templateId' });
	const parameters = checkTemplateParameters(template, body.parameters);
	let media = {};
	if (template.fileType !== 'UNDEFINED') {
		if (body.fileIdOrUrl === undefined)
			throw problem(400, `O modelo '${template.name}' exige um arquivo (${template.fileType}) em 'fileIdOrUrl'`, { field: 'fileIdOrUrl' });
		media = checkMedia(chat, body.fileIdOrUrl, template.fileType.toLowerCase());
	} else if (body.fileIdOrUrl !== undefined) {
		throw problem(400, `O modelo '${template.name}' não tem cabeçalho de mídia; não envie 'fileIdOrUrl'`, { field: 'fileIdOrUrl' });
	}
	const target = targetSession(ctx, body, { channelRequired: true });
	if (body.sessionMetadata) Object.assign(target.session.metadata, body.sessionMetadata);
	const text = template.text.replace(/\{\{(\w+)\}\}/g, (_, name) => parameters[name] ?? '');
	return queueMessage(ctx, target, {
		type: template.fileType === 'UNDEFINED' ? 'TEXT' : template.fileType,
		text,
		templateId: template.id,
		...withFile(media, body),
	});
}

function sendChatbot(ctx) {
	const body = strictBody(ctx.body, BOT_KEYS, 'PublicReqSendBotDTO', true);
	const chat = chatOf(ctx.state);
	const botKey = optUuid(body.botKey, 'botKey', true);
	if (!botKey) throw problem(400, "O campo 'botKey' é obrigatório", { field: 'botKey' });
	const bot = [...chat.chatbots.values()].find((b) => b.key === botKey);
	if (!bot) throw problem(400, `Nenhum chatbot tem a chave '${botKey}'`, { field: 'botKey' });
	const options = strictBody(body.options, BOT_OPTION_KEYS, 'options', true);
	for (const key of BOT_OPTION_KEYS) optBoolean(options[key], `options.${key}`, true);
	const target = targetSession(
		ctx,
		{ ...body, options: { forceStartSession: options.forceStartSession, hiddenSession: options.hiddenSession } },
		{ channelRequired: false },
	);
	if (options.skipIfInProgress && !target.opened && target.session.status === 'IN_PROGRESS')
		return {
			...toSendReceipt(ctx.state, {
				id: newId(),
				createdAt: nowIso(),
				updatedAt: nowIso(),
				sessionId: target.session.id,
				status: 'FAILED',
				senderId: body.senderId ?? null,
				failedReason: 'Conversa em andamento (skipIfInProgress)',
			}),
		};
	target.session.botId = bot.id;
	if (body.sessionMetadata) Object.assign(target.session.metadata, body.sessionMetadata);
	if (body.contactMetadata) Object.assign(target.contact.metadata, body.contactMetadata);
	ctx.notify('SESSION_UPDATE', () => toPublicSession(ctx.state, target.session));
	return queueMessage(ctx, target, {
		text: `[chatbot ${bot.name}]`,
		origin: 'BOT',
		senderId: body.senderId ?? null,
		callbackUrl: body.callbackUrl,
	});
}

function sendStatus(ctx) {
	const message = chatOf(ctx.state).messages.get(String(ctx.params.id).toLowerCase());
	if (!message) throw problem(404, `Mensagem '${ctx.params.id}' não encontrada`);
	return toSendReceipt(ctx.state, message);
}

/**
 * The contact writes (test and demo control): opens the window, opens a session when none is open
 * (SESSION_NEW) and announces MESSAGE_RECEIVED. Returns the session. `fields` as for recordInbound.
 * @param {{ state: any, notify: Function }} ctx
 */
function contactWrites(ctx, phone, text, channelName, fields = {}) {
	const { state } = ctx;
	const chat = chatOf(state);
	const channel = [...state.channels.values()].find((c) => (channelName ? c.name === channelName : channelKind(c).whatsapp));
	let contact = findByPhone(state, phone);
	if (!contact) {
		const digits = phoneDigits(phone);
		contact = blankContact(state);
		contact.phoneNumber = helenaPhone(digits);
		insertContact(state, contact);
	}
	const now = nowIso();
	// the window opens before the session is announced: SESSION_NEW already shows it ACTIVE
	chat.lastInbound.set(`${contact.id}:${channel.id}`, now);
	let session = openSessionOf(chat, contact.id, channel.id);
	const completed = [...chat.sessions.values()].find(
		(s) => s.contactId === contact.id && s.channelId === channel.id && s.status === 'COMPLETED' && s.reactivateOnNewMessage,
	);
	if (!session && completed) {
		Object.assign(completed, { status: 'PENDING', endAt: null, updatedAt: now });
		session = completed;
		ctx.notify('SESSION_UPDATE', () => toPublicSession(state, session));
	}
	if (!session) {
		session = openSession(state, chat, contact, channel, { at: now });
		session.origin = 'CUSTOMER';
		ctx.notify('SESSION_NEW', () => toPublicSession(state, session));
	}
	const message = recordInbound(state, { session, channel, contact }, text, fields);
	ctx.notify('MESSAGE_RECEIVED', () => toPublicMessage(message));
	return session;
}

/**
 * Stores a message the contact wrote into the session and opens the 24-hour window; announces nothing.
 * `fields` override the text message's (a file: type, fileId, details).
 */
function recordInbound(state, { session, channel, contact }, text, fields = {}) {
	const chat = chatOf(state);
	const now = nowIso();
	chat.lastInbound.set(`${contact.id}:${channel.id}`, now);
	const message = {
		id: newId(),
		createdAt: now,
		updatedAt: now,
		timestamp: now,
		type: 'TEXT',
		senderId: contact.id,
		sessionId: session.id,
		templateId: null,
		userId: null,
		direction: 'FROM_HUB',
		status: 'DELIVERED',
		origin: 'DEFAULT',
		text,
		fileId: null,
		refId: null,
		readContactAt: null,
		details: { file: null, errors: [] },
		filesIds: [],
		channelId: channel.id,
		to: channelAddress(channel),
		...fields,
	};
	chat.messages.set(message.id, message);
	Object.assign(session, { lastMessageText: text, lastInteractionDate: now, updatedAt: now });
	return message;
}

module.exports = {
	sendText,
	sendImage: sendMedia('image'),
	sendVideo: sendMedia('video'),
	sendAudio: sendMedia('audio'),
	sendDocument: sendMedia('document'),
	sendTemplate,
	sendChatbot,
	sendStatus,
	advanceMessage,
	contactWrites,
	recordInbound,
	recordOutgoing,
	completeSession,
	MEDIA_RULES,
	// sends into a session (sessionMessages.js) follow the same rules
	assertWindowOpen,
	checkMedia,
	checkTemplateParameters,
	scheduleSteps,
};
