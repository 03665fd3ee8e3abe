'use strict';

/** Sessions (conversations): list, get, transfer, complete, partial update, notes. */

const { newId, nowIso } = require('../ids');
const { badRequest, notFound } = require('../errors');
const { optEnum, optDate, queryInt, pageBounds } = require('../validate');
const { strictBody, optUuid, optText, optBoolean } = require('./rules');
const { chatOf, toPublicSession, toPublicMessage } = require('./store');
const { byField, orderOf } = require('../listOrder');
const { completeSession } = require('./messages');
const { isAfter } = require('../afterBound');

const STATUSES = ['UNDEFINED', 'STARTED', 'PENDING', 'IN_PROGRESS', 'COMPLETED', 'HIDDEN'];
const DETAILS = [
	'Undefined',
	'AgentDetails',
	'DepartmentsDetails',
	'ContactDetails',
	'ChannelTypeDetails',
	'ClassificationDetails',
	'ChannelDetails',
];
const CATEGORIES = ['UNDEFINED', 'WON', 'LOST', 'INFO', 'OTHER'];
const { SESSION_PARTIAL_FIELDS: PARTIAL_FIELDS } = require('../contract');
const DATE_FILTERS = ['CreatedAt', 'UpdatedAt', 'EndAt', 'ActiveAt', 'LastInteractionAt'].flatMap((name) => [
	`${name}.Before`,
	`${name}.After`,
]);

/** The times a conversation list can be ordered by (createdAt when OrderBy names none of them). */
const SESSION_ORDER_FIELDS = ['createdAt', 'updatedAt', 'endAt', 'startAt', 'lastInteractionDate'];

function sessionOf(ctx) {
	const id = optUuid(ctx.params.id, 'id', false);
	const session = chatOf(ctx.state).sessions.get(id);
	if (!session) throw notFound(`Sessão '${ctx.params.id}' não encontrada`);
	return session;
}

function readDetails(values) {
	if (values.length === 0) return new Set();
	return new Set(values.map((value) => optEnum(value, DETAILS, 'IncludeDetails')));
}

function list(ctx) {
	const { state, query } = ctx;
	const chat = chatOf(state);
	const statuses = query.getAll('Status').map((value) => optEnum(value, STATUSES, 'Status'));
	const departmentId = optUuid(query.get('DepartmentId'), 'DepartmentId', false);
	const userId = optUuid(query.get('UserId'), 'UserId', false);
	const contactId = optUuid(query.get('ContactId'), 'ContactId', false);
	const channelIds = query.getAll('ChannelsId').map((value) => optUuid(value, 'ChannelsId', false));
	const tagIds = query.getAll('TagsId').map((value) => optUuid(value, 'TagsId', false));
	const tagNames = query.getAll('TagsName').map((value) => value.toLowerCase());
	const bounds = DATE_FILTERS.map((name) => [name, optDate(query.get(name), name)]).filter(([, value]) => value);
	// `Metadata[key]=value`: sessions whose metadata has that value under that key
	const metadata = query
		.names()
		.map((name) => /^Metadata\[(.+)\]$/.exec(name))
		.filter((match) => match !== null)
		.map((match) => [match[1], query.get(match[0])]);
	const fieldOf = {
		CreatedAt: 'createdAt',
		UpdatedAt: 'updatedAt',
		EndAt: 'endAt',
		ActiveAt: 'startAt',
		LastInteractionAt: 'lastInteractionDate',
	};
	const { pageNumber, pageSize } = pageBounds(queryInt(query.get('PageNumber'), 'PageNumber'), queryInt(query.get('PageSize'), 'PageSize'));
	const details = readDetails(query.getAll('IncludeDetails'));
	const direction = optEnum(query.get('OrderDirection'), ['ASCENDING', 'DESCENDING'], 'OrderDirection') ?? 'ASCENDING';

	const matches = [...chat.sessions.values()].filter((s) => {
		if (statuses.length && !statuses.includes(s.status)) return false;
		if (departmentId && s.departmentId !== departmentId) return false;
		if (userId && s.userId !== userId) return false;
		if (contactId && s.contactId !== contactId) return false;
		if (channelIds.length && !channelIds.includes(s.channelId)) return false;
		if (metadata.some(([key, value]) => String(s.metadata?.[key] ?? '') !== value)) return false;
		const contact = state.contacts.get(s.contactId);
		if (tagIds.length && !tagIds.some((id) => contact?.tagIds.includes(id))) return false;
		if (tagNames.length && !contact?.tagIds.some((id) => tagNames.includes(state.tags.get(id)?.name.toLowerCase()))) return false;
		for (const [name, value] of bounds) {
			const [field, side] = name.split('.');
			const at = s[fieldOf[field]];
			if (!at) return false;
			if (side === 'Before' ? at >= value : !isAfter(at, value)) return false;
		}
		return true;
	});
	const order = orderOf(query.get('OrderBy'), SESSION_ORDER_FIELDS);
	matches.sort(byField(order, direction));
	const start = (pageNumber - 1) * pageSize;
	const totalPages = Math.ceil(matches.length / pageSize);
	return {
		pageNumber,
		pageSize,
		orderBy: order,
		orderDirection: direction,
		items: matches.slice(start, start + pageSize).map((s) => toPublicSession(state, s, details)),
		totalItems: matches.length,
		totalPages,
		hasMorePages: pageNumber < totalPages,
	};
}

function get(ctx) {
	const session = sessionOf(ctx);
	return toPublicSession(ctx.state, session, readDetails(ctx.query.getAll('includeDetails')));
}

function readStopBot(options) {
	const read = strictBody(options, ['stopBotInExecution'], 'options', false);
	return optBoolean(read.stopBotInExecution, 'options.stopBotInExecution') ?? false;
}

function userOf(state, id, field) {
	const user = state.users.get(id);
	if (user) return user;
	const agent = chatOf(state).agents.get(id);
	throw badRequest(
		agent ? `'${id}' é o ID do agente, não o ID do usuário (userId) que '${field}' espera` : `Usuário '${id}' não encontrado`,
		field,
	);
}

function departmentOf(state, id, field) {
	const department = state.departments.get(id);
	if (!department) throw badRequest(`Departamento '${id}' não encontrado`, field);
	return department;
}

/** The answer of the v1 changes (PUT …/assignee, status, transfer, complete, v2 partial): PublicSessionDTO, which
 * has no `type` (that is PublicSessionDTOV2's, the GET answers'). */
function changedAnswer(state, session) {
	const { type, ...answer } = toPublicSession(state, session);
	return answer;
}

function touched(ctx, session) {
	session.updatedAt = nowIso();
	ctx.notify('SESSION_UPDATE', () => toPublicSession(ctx.state, session));
	return changedAnswer(ctx.state, session);
}

function transfer(ctx) {
	const session = sessionOf(ctx);
	const body = strictBody(ctx.body, ['type', 'newDepartmentId', 'newUserId', 'options'], 'transfer', false);
	const type = optEnum(body.type, ['DEPARTMENT', 'USER'], 'type');
	if (!type) throw badRequest("O campo 'type' é obrigatório", 'type');
	const departmentId = optUuid(body.newDepartmentId, 'newDepartmentId', false);
	const userId = optUuid(body.newUserId, 'newUserId', false);
	readStopBot(body.options);
	if (type === 'DEPARTMENT' && !departmentId) throw badRequest("Transferência para DEPARTMENT exige 'newDepartmentId'", 'newDepartmentId');
	if (type === 'DEPARTMENT' && userId) throw badRequest("Transferência para DEPARTMENT não aceita 'newUserId'; use type USER", 'newUserId');
	if (type === 'USER' && !userId) throw badRequest("Transferência para USER exige 'newUserId'", 'newUserId');
	if (session.status === 'COMPLETED') throw badRequest('A sessão já foi concluída e não pode ser transferida');
	if (departmentId) departmentOf(ctx.state, departmentId, 'newDepartmentId');
	if (userId) userOf(ctx.state, userId, 'newUserId');
	if (departmentId) session.departmentId = departmentId;
	session.userId = userId ?? null;
	session.status = userId ? 'IN_PROGRESS' : 'PENDING';
	return touched(ctx, session);
}

function complete(ctx) {
	const session = sessionOf(ctx);
	const body = strictBody(ctx.body, ['reactivateOnNewMessage', 'stopBotInExecution'], 'complete', false);
	const reactivateOnNewMessage = optBoolean(body.reactivateOnNewMessage, 'reactivateOnNewMessage') ?? false;
	optBoolean(body.stopBotInExecution, 'stopBotInExecution');
	if (session.status === 'COMPLETED') throw badRequest('A sessão já está concluída');
	completeSession(ctx, session, { reactivateOnNewMessage });
	return changedAnswer(ctx.state, session);
}

function partial(ctx) {
	const session = sessionOf(ctx);
	const keys = ['fields', 'companyId', 'status', 'endAt', 'number', 'departmentId', 'userId', 'classification', 'metadata', 'options'];
	const body = strictBody(ctx.body, keys, 'PublicReqUpdatePartialSessionDTO', false);
	if (!Array.isArray(body.fields) || body.fields.length === 0) throw badRequest("Informe em 'fields' quais campos alterar", 'fields');
	const fields = body.fields.map((field) => optEnum(field, PARTIAL_FIELDS, 'fields'));
	readStopBot(body.options);
	const valueOf = {
		Status: 'status',
		EndAt: 'endAt',
		UserId: 'userId',
		DepartmentId: 'departmentId',
		Number: 'number',
		Metadata: 'metadata',
		Classification: 'classification',
	};
	for (const field of fields) {
		const key = valueOf[field];
		if (key && body[key] === undefined) throw badRequest(`'${field}' está em 'fields', mas '${key}' não foi informado`, key);
	}
	const changes = {};
	for (const field of fields) {
		if (field === 'Status') changes.status = optEnum(body.status, STATUSES, 'status');
		if (field === 'EndAt') changes.endAt = optDate(body.endAt, 'endAt') ?? null;
		if (field === 'Number') changes.number = optText(body.number, 'number', false);
		if (field === 'UserId')
			changes.userId = body.userId === null ? null : userOf(ctx.state, optUuid(body.userId, 'userId', false), 'userId').id;
		if (field === 'DepartmentId')
			changes.departmentId = departmentOf(ctx.state, optUuid(body.departmentId, 'departmentId', false), 'departmentId').id;
		if (field === 'Metadata') {
			const metadata = strictBody(body.metadata, Object.keys(body.metadata ?? {}), 'metadata', false);
			changes.metadata = { ...session.metadata, ...metadata };
		}
		if (field === 'Classification') {
			const c = strictBody(body.classification, ['description', 'category', 'amount'], 'classification', false);
			const category = optEnum(c.category, CATEGORIES, 'classification.category') ?? 'UNDEFINED';
			if (c.amount !== undefined && c.amount !== null && typeof c.amount !== 'number')
				throw badRequest("'classification.amount' deve ser um número", 'classification.amount');
			changes.classification = {
				id: newId(),
				category,
				categoryDescription: c.description ?? null,
				// the documented answer types the amount as a number, never null: a .NET double defaults to 0
				amount: c.amount ?? 0,
				categoryName: category,
			};
		}
	}
	Object.assign(session, changes);
	return touched(ctx, session);
}

/** An internal note of a session, as Helena stores it (written by the API). */
function newNote(sessionId, { text, filesUrls = [], filesIds = [] }) {
	const now = nowIso();
	return {
		id: newId(),
		createdAt: now,
		updatedAt: now,
		timestamp: now,
		type: 'NOTE',
		senderId: null,
		sessionId,
		templateId: null,
		userId: null,
		direction: 'TO_HUB',
		status: 'SAVED',
		origin: 'API',
		text,
		fileId: null,
		refId: null,
		readContactAt: null,
		details: { files: filesUrls.map((publicUrl) => ({ publicUrl })), errors: [] },
		failedReason: null,
		filesIds,
	};
}

function addNote(ctx) {
	const session = sessionOf(ctx);
	const body = strictBody(ctx.body, ['text', 'filesUrls', 'filesIds'], 'note', false);
	const text = optText(body.text, 'text', false);
	const filesUrls = body.filesUrls ?? [];
	if (!Array.isArray(filesUrls) || filesUrls.some((u) => typeof u !== 'string'))
		throw badRequest("'filesUrls' deve ser uma lista de textos", 'filesUrls');
	const filesIds = (body.filesIds ?? []).map((id) => optUuid(id, 'filesIds', false));
	if (!text && filesUrls.length === 0 && filesIds.length === 0) throw badRequest('A nota precisa de um texto ou de um arquivo', 'text');
	const note = newNote(session.id, { text: text ?? null, filesUrls, filesIds });
	chatOf(ctx.state).notes.set(note.id, note);
	return toPublicMessage(note);
}

/** Assigns a user (agent): the conversation is in progress with them; SESSION_UPDATE. Assigning the same user again changes nothing. */
function assign(ctx) {
	const session = sessionOf(ctx);
	const body = strictBody(ctx.body, ['userId', 'options'], 'PublicReqAssignUserSessionDTO', false);
	const userId = optUuid(body.userId, 'userId', false);
	if (!userId) throw badRequest("O campo 'userId' é obrigatório", 'userId');
	readStopBot(body.options);
	const user = userOf(ctx.state, userId, 'userId');
	if (session.status === 'COMPLETED') throw badRequest('A sessão já foi concluída e não pode ser atribuída');
	if (session.userId === user.id && session.status === 'IN_PROGRESS') return changedAnswer(ctx.state, session);
	Object.assign(session, { userId: user.id, status: 'IN_PROGRESS' });
	return touched(ctx, session);
}

/** Changes the status (SESSION_UPDATE; to COMPLETED it is completed, SESSION_COMPLETE too). */
function setStatus(ctx) {
	const session = sessionOf(ctx);
	const body = strictBody(ctx.body, ['newStatus', 'options'], 'PublicReqChangeStatusSessionDTO', false);
	const status = optEnum(body.newStatus, STATUSES, 'newStatus');
	if (!status) throw badRequest("O campo 'newStatus' é obrigatório", 'newStatus');
	if (status === 'UNDEFINED') throw badRequest("O status 'UNDEFINED' não pode ser atribuído a uma sessão", 'newStatus');
	readStopBot(body.options);
	if (session.status === status) return changedAnswer(ctx.state, session);
	if (status === 'COMPLETED') {
		completeSession(ctx, session, {});
	} else {
		Object.assign(session, { status, endAt: null });
	}
	return touched(ctx, session);
}

module.exports = { list, get, transfer, complete, partial, addNote, assign, setStatus, sessionOf, newNote };
