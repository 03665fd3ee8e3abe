'use strict';

/**
 * The users (agents) endpoints of the core service: list, create, get, update, delete (with what becomes
 * of the user's open conversations), status, logout and departments. The path's `{id}` is the user ID
 * (`userId`, "ID do usuário"), as everywhere a Helena request names a user; the agent record's `id` is refused.
 */

const { badRequest, notFound } = require('../errors');
const { newId, nowIso, laterThan } = require('../ids');
const { formatPhone } = require('../phone');
const v = require('../validate');
const { chatOf, toPublicSession } = require('../chat/store');
const { completeSession } = require('../chat/messages');
const { dedupeAgents } = require('../departments');
const { USER_VOCABULARY } = require('../contract');
const { accountOf, userDetails } = require('./store');

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Conversations a user still holds: what a delete must resolve. */
const OPEN = new Set(['PENDING', 'IN_PROGRESS']);

/** @typedef {import('../server').RouteContext} Ctx */

/** The agent record of a user (sessions and departments name the user, the list shows both IDs). */
function agentOf(state, userId) {
	return [...chatOf(state).agents.values()].find((agent) => agent.userId === userId);
}

/** PublicAgentDTO */
function toPublicAgent(state, user) {
	const details = accountOf(state).users.get(user.id) ?? userDetails({}, nowIso());
	const agent = agentOf(state, user.id);
	return {
		id: agent?.id ?? user.id,
		createdAt: details.createdAt,
		updatedAt: details.updatedAt,
		companyId: state.companyId,
		userId: user.id,
		name: user.name,
		shortName: details.shortName ?? user.name.split(' ')[0],
		email: user.email ?? null,
		phoneNumber: details.phoneNumber,
		phoneNumberFormatted: details.phoneNumber ? formatPhone(details.phoneNumber) : null,
		profile: details.profile,
		isOwner: details.isOwner,
		departments: [...state.departments.values()].flatMap((d) =>
			(d.agents ?? [])
				.filter((a) => a.userId === user.id)
				.map((a) => ({
					agentId: agent?.id ?? user.id,
					userId: user.id,
					departmentId: d.id,
					isAgent: a.isAgent,
					isSupervisor: a.isSupervisor,
				})),
		),
		availability: details.availability,
	};
}

/** The user a path names, by user ID; an agent record's ID is answered as Helena answers an unknown user, saying why. */
function userFor(ctx, id = ctx.params.id) {
	const userId = v.requireUuidParam(id, 'id');
	const user = ctx.state.users.get(userId);
	if (user) return user;
	const agent = chatOf(ctx.state).agents.get(userId);
	throw notFound(agent ? `'${id}' é o ID do agente; informe o ID do usuário (userId)` : `Usuário '${id}' não encontrado`);
}

function readEmail(value, state, selfId) {
	const email = v.optString(value, 'email');
	if (email === undefined || email === null) return email;
	if (!EMAIL_RE.test(email)) throw badRequest(`O e-mail '${email}' não é válido`, 'email');
	const taken = [...state.users.values()].find((u) => u.id !== selfId && (u.email ?? '').toLowerCase() === email.toLowerCase());
	if (taken) throw badRequest(`Já existe um usuário com o e-mail '${email}'`, 'email');
	return email;
}

function readName(value, field = 'name') {
	const name = v.optString(value, field, { max: 100 });
	if (!name || !name.trim()) throw badRequest(`O campo '${field}' é obrigatório e deve ter entre 1 e 100 caracteres`, field);
	return name;
}

/** @param {Ctx} ctx */
function list(ctx) {
	return [...ctx.state.users.values()].map((user) => toPublicAgent(ctx.state, user));
}

/** @param {Ctx} ctx */
function get(ctx) {
	return toPublicAgent(ctx.state, userFor(ctx));
}

/** @param {Ctx} ctx */
function create(ctx) {
	const { state } = ctx;
	const body = v.pickKnown(ctx.body ?? {}, ['name', 'email', 'phoneNumber', 'profile', 'availability']);
	const name = readName(body.name);
	if (body.profile === undefined || body.profile === null) throw badRequest("O campo 'profile' é obrigatório", 'profile');
	const profile = v.optEnum(body.profile, USER_VOCABULARY.profiles, 'profile');
	const availability = v.optEnum(body.availability, USER_VOCABULARY.availability, 'availability') ?? 'AVAILABLE';
	const email = readEmail(body.email, state);
	const phoneNumber = v.optString(body.phoneNumber, 'phoneNumber') ?? null;
	const id = newId();
	const now = nowIso();
	state.users.set(id, { id, name, email: email ?? null });
	const agentId = newId();
	chatOf(state).agents.set(agentId, { id: agentId, userId: id, user: state.users.get(id) });
	accountOf(state).users.set(id, userDetails({ profile, availability, phoneNumber }, now));
	return toPublicAgent(state, state.users.get(id));
}

/** @param {Ctx} ctx */
function update(ctx) {
	const { state } = ctx;
	const user = userFor(ctx);
	const details = accountOf(state).users.get(user.id);
	const body = v.pickKnown(ctx.body ?? {}, ['name', 'shortName', 'email', 'phoneNumber', 'profile', 'availability', 'fields']);
	if (!Array.isArray(body.fields) || body.fields.length === 0)
		throw badRequest(`O campo 'fields' é obrigatório (valores aceitos: ${USER_VOCABULARY.updateFields.join(', ')})`, 'fields');
	const fields = new Set(body.fields.map((f) => v.optEnum(f, USER_VOCABULARY.updateFields, 'fields')));
	// read everything first: a 400 leaves the user untouched
	const next = {};
	const nextDetails = {};
	if (fields.has('Name')) next.name = readName(body.name);
	if (fields.has('Email')) next.email = readEmail(body.email, state, user.id) ?? null;
	if (fields.has('ShortName')) nextDetails.shortName = v.optString(body.shortName, 'shortName', { max: 100 }) ?? null;
	if (fields.has('PhoneNumber')) nextDetails.phoneNumber = v.optString(body.phoneNumber, 'phoneNumber') ?? null;
	if (fields.has('Profile')) {
		nextDetails.profile = v.optEnum(body.profile, USER_VOCABULARY.profiles, 'profile');
		if (!nextDetails.profile) throw badRequest("'Profile' está em 'fields', mas 'profile' não foi informado", 'profile');
		if (details.isOwner && nextDetails.profile !== 'Admin')
			throw badRequest('O perfil do proprietário da conta não pode ser alterado', 'profile');
	}
	if (fields.has('Availability')) {
		nextDetails.availability = v.optEnum(body.availability, USER_VOCABULARY.availability, 'availability');
		if (!nextDetails.availability)
			throw badRequest("'Availability' está em 'fields', mas 'availability' não foi informado", 'availability');
	}
	Object.assign(user, next);
	Object.assign(details, nextDetails, { updatedAt: laterThan(details.updatedAt) });
	return toPublicAgent(state, user);
}

/** DELETE /v1/agent/{id}: the user's open conversations are completed, transferred or returned to the queue first. */
function remove(ctx) {
	const { state } = ctx;
	const user = userFor(ctx);
	const details = accountOf(state).users.get(user.id);
	const body = v.pickKnown(ctx.body ?? {}, ['sessionResolution', 'transferUserId']);
	const resolution = v.optEnum(body.sessionResolution, USER_VOCABULARY.sessionResolutions, 'sessionResolution');
	const transferUserId =
		body.transferUserId === undefined || body.transferUserId === null
			? undefined
			: v.requireUuidParam(body.transferUserId, 'transferUserId');
	if (details?.isOwner) throw badRequest('O proprietário da conta não pode ser excluído', 'id');
	const chat = chatOf(state);
	const open = [...chat.sessions.values()].filter((s) => s.userId === user.id && OPEN.has(s.status));
	if (open.length > 0 && !resolution)
		throw badRequest(
			`O usuário tem ${open.length} atendimento(s) em andamento: informe 'sessionResolution' (COMPLETE, TRANSFER ou RETURN_TO_PENDING)`,
			'sessionResolution',
		);
	if (resolution === 'TRANSFER') {
		if (!transferUserId) throw badRequest("'transferUserId' é obrigatório quando 'sessionResolution' é TRANSFER", 'transferUserId');
		if (transferUserId === user.id)
			throw badRequest('Os atendimentos não podem ser transferidos para o próprio usuário excluído', 'transferUserId');
		if (!state.users.has(transferUserId)) throw badRequest(`Usuário '${transferUserId}' não encontrado`, 'transferUserId');
	}
	for (const session of open) {
		if (resolution === 'COMPLETE') {
			completeSession(ctx, session);
			continue;
		}
		Object.assign(
			session,
			resolution === 'TRANSFER' ? { userId: transferUserId, status: 'IN_PROGRESS' } : { userId: null, status: 'PENDING' },
		);
		session.updatedAt = nowIso();
		ctx.notify('SESSION_UPDATE', () => toPublicSession(state, session));
	}
	for (const d of state.departments.values()) d.agents = (d.agents ?? []).filter((a) => a.userId !== user.id);
	const agent = agentOf(state, user.id);
	if (agent) chat.agents.delete(agent.id);
	state.users.delete(user.id);
	accountOf(state).users.delete(user.id);
	return undefined;
}

/** POST /v1/agent/{id}/status: Active or Blocked (a blocked user cannot sign in). */
function status(ctx) {
	const user = userFor(ctx);
	const body = v.pickKnown(ctx.body ?? {}, ['status']);
	const value = v.optEnum(body.status, USER_VOCABULARY.statuses, 'status');
	if (!value || value === 'Undefined') throw badRequest("O campo 'status' é obrigatório: Active ou Blocked", 'status');
	const details = accountOf(ctx.state).users.get(user.id);
	if (details.isOwner && value === 'Blocked') throw badRequest('O proprietário da conta não pode ser bloqueado', 'status');
	Object.assign(details, { status: value, updatedAt: laterThan(details.updatedAt) });
	return toPublicAgent(ctx.state, user);
}

/** POST /v1/agent/{id}/logout: ends the user's sessions in Helena's apps; empty answer. */
function logout(ctx) {
	const user = userFor(ctx);
	accountOf(ctx.state).logouts.push({ userId: user.id, at: nowIso() });
	return undefined;
}

/** POST /v1/agent/{id}/departments: the user's departments (teams), by action; empty answer. */
function departments(ctx) {
	const { state } = ctx;
	const user = userFor(ctx);
	const body = v.pickKnown(ctx.body ?? {}, ['action', 'items']);
	if (body.action === undefined || body.action === null) throw badRequest("O campo 'action' é obrigatório", 'action');
	const action = v.optEnum(body.action, USER_VOCABULARY.departmentActions, 'action');
	if (!Array.isArray(body.items)) throw badRequest("O campo 'items' é obrigatório", 'items');
	// read everything first: an unknown department leaves every team unchanged
	const items = body.items.map((raw, i) => {
		const item = v.pickKnown(raw, ['departmentId', 'isAgent', 'isSupervisor'], `items[${i}]`);
		const id = typeof item.departmentId === 'string' ? item.departmentId.trim().toLowerCase() : '';
		const department = state.departments.get(id);
		if (!department) throw badRequest(`Equipe não encontrada: ${String(item.departmentId)}`, `items[${i}].departmentId`);
		return {
			department,
			role: {
				userId: user.id,
				isAgent: v.optBool(item.isAgent, `items[${i}].isAgent`) ?? true,
				isSupervisor: v.optBool(item.isSupervisor, `items[${i}].isSupervisor`) ?? false,
			},
		};
	});
	const named = new Set(items.map((item) => item.department.id));
	for (const d of state.departments.values()) {
		const others = (d.agents ?? []).filter((a) => a.userId !== user.id);
		const mine = (d.agents ?? []).filter((a) => a.userId === user.id);
		const given = items.filter((item) => item.department === d).map((item) => item.role);
		if (action === 'Remove') d.agents = named.has(d.id) ? others : d.agents;
		else if (action === 'Upsert') d.agents = named.has(d.id) ? dedupeAgents([...others, ...mine, ...given]) : d.agents;
		else d.agents = dedupeAgents([...others, ...given]);
		if (named.has(d.id) || (action === 'ReplaceAll' && mine.length > 0)) d.updatedAt = laterThan(d.updatedAt);
	}
	return undefined;
}

module.exports = { list, get, create, update, remove, status, logout, departments, toPublicAgent };
