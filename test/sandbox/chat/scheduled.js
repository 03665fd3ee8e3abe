'use strict';

/**
 * Scheduled messages (`/chat/v1/scheduled-message...`): a template (with its parameters and header file)
 * or a chatbot, for a phone number, at a future moment. Only a message still SCHEDULED can be changed
 * or cancelled; `fields` names what an update changes, and the sandbox, stricter than the service,
 * refuses a value sent without its field name (or a field name without its value). One demo message is
 * seeded with the chat state.
 */

const { newId, nowIso, stableId } = require('../ids');
const { badRequest, notFound } = require('../errors');
const { optEnum, optDate, queryInt, pageBounds } = require('../validate');
const { blankContact, findByPhone, insertContact, toWebhookContact } = require('../contactStore');
const { phoneDigits, formatPhone, helenaPhone } = require('../phone');
const { strictBody, optUuid, optText, optFlatObject, optBoolean } = require('./rules');
const { chatOf, channelAddress, channelKind } = require('./store');
const { SCHEDULED_UPDATE_FIELDS } = require('../contract');
const { storeBeside } = require('../besideState');

const STATUSES = ['SCHEDULED', 'PROCESSED', 'SENT', 'DELIVERED', 'READ', 'CANCELED', 'FAILED'];
const TYPES = ['TEMPLATE', 'CHATBOT'];
const DETAILS = ['Contact', 'Channel', 'User', 'Department', 'Template', 'Chatbot'];
const CREATE_KEYS = ['from', 'to', 'department', 'type', 'templateId', 'botKey', 'scheduling', 'hiddenSession', 'templateParams'];
/** The body key each update field changes. */
const KEY_OF_FIELD = {
	To: 'to',
	From: 'from',
	Department: 'department',
	Type: 'type',
	TemplateId: 'templateId',
	BotId: 'botKey',
	Scheduling: 'scheduling',
	HiddenSession: 'hiddenSession',
	TemplateParams: 'templateParams',
};
const DEMO_ID = stableId('scheduled-message', 'lembrete');
const DAY_MS = 24 * 60 * 60 * 1000;

/** The scheduled messages of this state, with the demo one seeded on first use. @type {(state: any) => Map<string, any>} */
const scheduledOf = storeBeside('scheduled', (state, keep) => {
	const store = new Map();
	keep(store);
	seedDemo(state, store);
	return store;
});

/** A reminder template to the first demo contact, two days ahead at 12:00 UTC. */
function seedDemo(state, store) {
	const chat = chatOf(state);
	const template = chat.templates.get(stableId('template', 'boas_vindas'));
	const contact = [...state.contacts.values()][0];
	if (!template || !contact) return;
	const at = new Date(Date.now() + 2 * DAY_MS);
	at.setUTCHours(12, 0, 0, 0);
	const created = nowIso();
	store.set(DEMO_ID, {
		id: DEMO_ID,
		createdAt: created,
		updatedAt: created,
		active: true,
		companyId: state.companyId,
		sessionId: null,
		contactId: contact.id,
		userId: [...state.users.values()][0]?.id ?? null,
		channelId: template.channelId,
		departmentId: null,
		status: 'SCHEDULED',
		type: 'TEMPLATE',
		templateId: template.id,
		botId: null,
		scheduling: at.toISOString(),
		hiddenSession: false,
		failureReason: null,
		templateParams: { parameters: { nome: contact.name ?? 'cliente' }, fileUrl: null, fileId: null },
	});
}

function messageOf(ctx) {
	const id = optUuid(ctx.params.id, 'id', false);
	const record = scheduledOf(ctx.state).get(id);
	if (!record) throw notFound(`Mensagem agendada '${ctx.params.id}' não encontrada`);
	return record;
}

function readDetails(values) {
	return new Set(values.map((value) => optEnum(value, DETAILS, 'IncludeDetails')));
}

/** PublicScheduledMessageDTO, with the details asked for; `withSession` false gives the create/update answer's shape. */
function toPublic(state, record, details = new Set(), withSession = true) {
	const chat = chatOf(state);
	const { templateParams, sessionId, ...fields } = record;
	const out = { ...fields, ...(withSession ? { sessionId } : {}) };
	if (details.has('Contact')) {
		const contact = state.contacts.get(record.contactId);
		out.contact = contact && {
			id: contact.id,
			name: contact.name,
			phonenumberFormatted: formatPhone(contact.phoneNumber),
			instagram: contact.instagram,
			pictureUrl: contact.pictureUrl ?? null,
		};
	}
	if (details.has('User')) {
		const user = record.userId ? state.users.get(record.userId) : undefined;
		out.user = user ? { id: user.id, name: user.name } : null;
	}
	if (details.has('Channel')) {
		const channel = state.channels.get(record.channelId);
		out.channel = channel ? { id: channel.id, humanId: channelAddress(channel), type: channelKind(channel).type } : null;
	}
	if (details.has('Department')) {
		const department = record.departmentId ? state.departments.get(record.departmentId) : undefined;
		out.department = department ? { id: department.id, name: department.name } : null;
	}
	if (details.has('Chatbot')) {
		const bot = record.botId ? [...chat.chatbots.values()].find((b) => b.key === record.botId) : undefined;
		out.chatbot = bot ? { id: bot.key, botId: bot.id, name: bot.name } : null;
	}
	if (details.has('Template')) {
		const template = record.templateId ? chat.templates.get(record.templateId) : undefined;
		const file = templateParams?.fileId ? chat.files.get(templateParams.fileId) : undefined;
		out.template = template
			? {
					id: template.id,
					name: template.name,
					templateParams: {
						parameters: templateParams?.parameters ?? null,
						file: file?.public ?? (templateParams?.fileUrl ? { publicUrl: templateParams.fileUrl } : null),
					},
				}
			: null;
	}
	return out;
}

function resolveChannel(state, from) {
	const wanted = String(from).trim();
	const channel = [...state.channels.values()].find((c) => {
		const address = channelAddress(c);
		if (c.id === wanted.toLowerCase()) return true;
		return address.startsWith('@') ? address.toLowerCase() === wanted.toLowerCase() : phoneDigits(wanted) === address;
	});
	if (!channel) throw badRequest(`Nenhum canal da conta tem o número '${wanted}'`, 'from');
	return channel;
}

function contactFor(ctx, to) {
	const digits = phoneDigits(to);
	if (digits.length < 10 || digits.length > 15 || /[a-z@]/i.test(to)) throw badRequest(`O número '${to}' não é um telefone válido`, 'to');
	let contact = findByPhone(ctx.state, to);
	if (!contact) {
		contact = blankContact(ctx.state);
		contact.phoneNumber = helenaPhone(digits);
		contact.origin = 'CREATED_BY_USER';
		insertContact(ctx.state, contact);
		ctx.notify('CONTACT_NEW', () => toWebhookContact(ctx.state, contact));
	}
	return contact;
}

function resolveDepartment(state, department) {
	if (!department) return null;
	strictBody(department, ['id', 'name'], 'department', false);
	const found = department.id
		? state.departments.get(String(department.id).toLowerCase())
		: [...state.departments.values()].find((d) => department.name && d.name.toLowerCase() === String(department.name).toLowerCase());
	if (!found) throw badRequest(`Equipe '${department.id ?? department.name}' inexistente`, 'department');
	return found.id;
}

function futureScheduling(value) {
	const at = optDate(value, 'scheduling');
	if (!at) throw badRequest("O campo 'scheduling' é obrigatório", 'scheduling');
	if (Date.parse(at) <= Date.now()) throw badRequest(`A data de agendamento ${at} já passou; informe uma data futura`, 'scheduling');
	return at;
}

/** The template's parameters and header file, checked as a template send checks them. */
function readTemplateParams(chat, template, raw) {
	const params = strictBody(raw, ['parameters', 'fileUrl', 'fileId'], 'templateParams', false);
	const parameters = optFlatObject(params.parameters, 'templateParams.parameters', false) ?? {};
	const names = template.params.map((p) => p.name);
	const unknown = Object.keys(parameters).find((key) => !names.includes(key));
	if (unknown !== undefined)
		throw badRequest(`Parâmetro desconhecido '${unknown}' para o modelo '${template.name}'`, 'templateParams.parameters');
	const missing = names.find((name) => !parameters[name]);
	if (missing) throw badRequest(`Falta o parâmetro '${missing}' do modelo '${template.name}'`, 'templateParams.parameters');
	const fileUrl = optText(params.fileUrl, 'templateParams.fileUrl', false) ?? null;
	const fileId = optUuid(params.fileId, 'templateParams.fileId', false) ?? null;
	if (fileId && !chat.files.get(fileId)) throw badRequest(`Arquivo '${fileId}' inexistente`, 'templateParams.fileId');
	if (template.fileType !== 'UNDEFINED' && !fileUrl && !fileId)
		throw badRequest(`O modelo '${template.name}' exige um arquivo (${template.fileType})`, 'templateParams');
	if (template.fileType === 'UNDEFINED' && (fileUrl || fileId))
		throw badRequest(`O modelo '${template.name}' não tem cabeçalho de mídia`, 'templateParams');
	return { parameters, fileUrl, fileId };
}

/** Checks the content of a record (new or changed) and fills in its channel, template or chatbot. */
function checkContent(ctx, record, templateParams) {
	const chat = chatOf(ctx.state);
	if (record.type === 'CHATBOT') {
		if (!record.botId) throw badRequest("O campo 'botKey' é obrigatório para o tipo CHATBOT", 'botKey');
		if (![...chat.chatbots.values()].some((bot) => bot.key === record.botId))
			throw badRequest(`Nenhum chatbot tem a chave '${record.botId}'`, 'botKey');
		record.templateId = null;
		record.templateParams = null;
		return;
	}
	if (!record.templateId) throw badRequest("O campo 'templateId' é obrigatório para o tipo TEMPLATE", 'templateId');
	const template = chat.templates.get(String(record.templateId).toLowerCase());
	if (!template) throw badRequest(`Modelo de mensagem '${record.templateId}' inexistente`, 'templateId');
	if (template.status !== 'Approved') throw badRequest(`O modelo '${template.name}' não está aprovado`, 'templateId');
	if (!record.channelId) record.channelId = template.channelId;
	if (template.channelId !== record.channelId) throw badRequest(`O modelo '${template.name}' não pertence ao canal`, 'templateId');
	record.templateId = template.id;
	record.botId = null;
	record.templateParams = readTemplateParams(chat, template, templateParams ?? record.templateParams);
}

function create(ctx) {
	const body = strictBody(ctx.body, CREATE_KEYS, 'PublicReqCreateScheduledMessageDTO', false);
	const to = optText(body.to, 'to', false, { min: 1 });
	if (!to) throw badRequest("O campo 'to' é obrigatório", 'to');
	const type = optEnum(body.type, TYPES, 'type') ?? (body.botKey ? 'CHATBOT' : 'TEMPLATE');
	const scheduling = futureScheduling(body.scheduling);
	const channel = body.from ? resolveChannel(ctx.state, body.from) : undefined;
	const now = nowIso();
	const record = {
		id: newId(),
		createdAt: now,
		updatedAt: now,
		active: true,
		companyId: ctx.state.companyId,
		sessionId: null,
		contactId: null,
		userId: [...ctx.state.users.values()][0]?.id ?? null,
		channelId: channel?.id ?? null,
		departmentId: resolveDepartment(ctx.state, body.department),
		status: 'SCHEDULED',
		type,
		templateId: type === 'TEMPLATE' ? (optText(body.templateId, 'templateId', false) ?? null) : null,
		botId: type === 'CHATBOT' ? (optUuid(body.botKey, 'botKey', false) ?? null) : null,
		scheduling,
		hiddenSession: optBoolean(body.hiddenSession, 'hiddenSession') ?? false,
		failureReason: null,
		templateParams: null,
	};
	checkContent(ctx, record, body.templateParams ?? {});
	if (!record.channelId) record.channelId = [...ctx.state.channels.values()].find((c) => channelKind(c).whatsapp)?.id ?? null;
	// the contact is created last: a refused schedule leaves nothing behind
	record.contactId = contactFor(ctx, to).id;
	scheduledOf(ctx.state).set(record.id, record);
	return toPublic(ctx.state, record, new Set(), false);
}

function list(ctx) {
	const { state, query } = ctx;
	const status = optEnum(query.get('Status'), STATUSES, 'Status');
	const type = optEnum(query.get('Type'), TYPES, 'Type');
	const from = query.get('From');
	const to = query.get('To');
	const user = query.get('User');
	const department = query.get('Department');
	const bounds = ['ScheduledAt', 'CreatedAt', 'UpdatedAt']
		.flatMap((name) => [`${name}.Before`, `${name}.After`])
		.map((name) => [name, optDate(query.get(name), name)])
		.filter(([, value]) => value);
	const fieldOf = { ScheduledAt: 'scheduling', CreatedAt: 'createdAt', UpdatedAt: 'updatedAt' };
	const { pageNumber, pageSize } = pageBounds(queryInt(query.get('PageNumber'), 'PageNumber'), queryInt(query.get('PageSize'), 'PageSize'));
	const details = readDetails(query.getAll('IncludeDetails'));
	const direction = optEnum(query.get('OrderDirection'), ['ASCENDING', 'DESCENDING'], 'OrderDirection') ?? 'ASCENDING';
	const channelId = from ? resolveChannel(state, from).id : undefined;
	const matches = [...scheduledOf(state).values()].filter((record) => {
		if (status && record.status !== status) return false;
		if (type && record.type !== type) return false;
		if (channelId && record.channelId !== channelId) return false;
		if (to) {
			const contact = state.contacts.get(record.contactId);
			if (record.contactId !== to.toLowerCase() && phoneDigits(contact?.phoneNumber ?? '') !== phoneDigits(to)) return false;
		}
		if (user && record.userId !== user.toLowerCase() && state.users.get(record.userId)?.name.toLowerCase() !== user.toLowerCase())
			return false;
		if (
			department &&
			record.departmentId !== department.toLowerCase() &&
			state.departments.get(record.departmentId)?.name.toLowerCase() !== department.toLowerCase()
		)
			return false;
		for (const [name, value] of bounds) {
			const [field, side] = name.split('.');
			const at = record[fieldOf[field]];
			if (side === 'Before' ? at >= value : at <= value) return false;
		}
		return true;
	});
	matches.sort((a, b) => (a.scheduling < b.scheduling ? -1 : a.scheduling > b.scheduling ? 1 : 0) * (direction === 'DESCENDING' ? -1 : 1));
	const start = (pageNumber - 1) * pageSize;
	const totalPages = Math.ceil(matches.length / pageSize);
	return {
		pageNumber,
		pageSize,
		orderBy: query.get('OrderBy') ?? null,
		orderDirection: direction,
		items: matches.slice(start, start + pageSize).map((record) => toPublic(state, record, details)),
		totalItems: matches.length,
		totalPages,
		hasMorePages: pageNumber < totalPages,
	};
}

function get(ctx) {
	return toPublic(ctx.state, messageOf(ctx), readDetails(ctx.query.getAll('includeDetails')));
}

function update(ctx) {
	const record = messageOf(ctx);
	const body = strictBody(ctx.body, ['fields', ...CREATE_KEYS], 'PublicReqUpdateScheduledMessageDTO', false);
	if (!Array.isArray(body.fields) || body.fields.length === 0) throw badRequest("O campo 'fields' é obrigatório", 'fields');
	const fields = body.fields.map((field) => optEnum(field, SCHEDULED_UPDATE_FIELDS, 'fields')).filter((field) => field !== 'Undefined');
	for (const key of CREATE_KEYS) {
		const field = Object.keys(KEY_OF_FIELD).find((name) => KEY_OF_FIELD[name] === key);
		if (body[key] !== undefined && !fields.includes(field))
			throw badRequest(`'${key}' foi enviado sem '${field}' em 'fields' (sandbox: o serviço o ignoraria)`, key);
	}
	for (const field of fields)
		if (body[KEY_OF_FIELD[field]] === undefined) throw badRequest(`'${field}' está em 'fields' sem '${KEY_OF_FIELD[field]}'`, 'fields');
	if (record.status !== 'SCHEDULED') throw badRequest(`Mensagens já enviadas não podem ser editadas (status ${record.status})`, 'status');
	const next = { ...record };
	if (fields.includes('Scheduling')) next.scheduling = futureScheduling(body.scheduling);
	if (fields.includes('From')) next.channelId = resolveChannel(ctx.state, body.from).id;
	if (fields.includes('Department')) next.departmentId = resolveDepartment(ctx.state, body.department);
	if (fields.includes('HiddenSession')) next.hiddenSession = optBoolean(body.hiddenSession, 'hiddenSession') ?? false;
	if (fields.includes('Type')) next.type = optEnum(body.type, TYPES, 'type');
	if (fields.includes('TemplateId')) next.templateId = optText(body.templateId, 'templateId', false) ?? null;
	if (fields.includes('BotId')) next.botId = optUuid(body.botKey, 'botKey', false) ?? null;
	checkContent(ctx, next, fields.includes('TemplateParams') ? body.templateParams : undefined);
	if (fields.includes('To')) next.contactId = contactFor(ctx, optText(body.to, 'to', false, { min: 1 }) ?? '').id;
	next.updatedAt = nowIso();
	Object.assign(record, next);
	return toPublic(ctx.state, record, new Set(), false);
}

function cancelOne(record) {
	const now = nowIso();
	Object.assign(record, { status: 'CANCELED', active: false, updatedAt: now });
}

function cancel(ctx) {
	const record = messageOf(ctx);
	if (record.status !== 'SCHEDULED')
		throw badRequest(`Apenas mensagens agendadas podem ser canceladas; esta está com status ${record.status}`, 'status');
	cancelOne(record);
	return undefined;
}

function batchCancel(ctx) {
	const ids = ctx.body;
	if (!Array.isArray(ids)) throw badRequest('O corpo deve ser uma lista de IDs', 'body');
	const store = scheduledOf(ctx.state);
	const found = [];
	for (const raw of ids) {
		const record = store.get(optUuid(raw, 'body', false));
		if (!record) continue;
		if (record.status === 'SCHEDULED') cancelOne(record);
		found.push(toPublic(ctx.state, record));
	}
	return found;
}

/** Test and demo controls: a scheduled message is sent (its time came) or fails. */
function scheduledControl(sandbox) {
	return {
		scheduledMessages: () => [...scheduledOf(sandbox.state).values()].map((record) => toPublic(sandbox.state, record, new Set(DETAILS))),
		markScheduledSent(id, status = 'SENT', failureReason = null) {
			const record = scheduledOf(sandbox.state).get(id);
			if (!record) throw new Error(`no scheduled message ${id}`);
			Object.assign(record, { status, failureReason, updatedAt: nowIso() });
		},
	};
}

module.exports = { create, list, get, update, cancel, batchCancel, scheduledControl, SCHEDULED_DEMO_ID: DEMO_ID };
