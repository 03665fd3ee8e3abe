'use strict';

/** Route handlers of the department ("team") endpoints (the spec's department section). */

const { badRequest, invalidField, notFound } = require('./errors');
const { newId, nowIso, laterThan } = require('./ids');
const { phoneDigits } = require('./phone');
const v = require('./validate');

const RESTRICTION_TYPES = /** @type {const} */ (['NONE', 'DEPARTMENT_RESTRICTION', 'USER_RESTRICTION']);
const SCOPES = /** @type {const} */ (['ALL', 'NONE', 'SELECTED']);
const DETAILS = /** @type {const} */ (['All', 'Agents', 'Channels']);
const { DEPARTMENT_UPDATE_FIELDS: UPDATE_FIELDS } = require('./contract');
const AGENT_ACTIONS = /** @type {const} */ (['ReplaceAll', 'Upsert', 'Remove']);
/** No `description`: the request schema has none, so a department's description cannot be set through the API. */
const BODY_KEYS = [
	'name',
	'isDefault',
	'distributionIsEnabled',
	'distributionConfig',
	'restrictionType',
	'channelsConfig',
	'agents',
	'fields',
];
const NOT_FOUND_TEXT = 'Departamento não encontrado';

/** @typedef {import('./server').RouteContext} Ctx */

/** @param {import('./state').SandboxState} state @param {any} d */
function resolvedChannels(state, d) {
	const { scope, channels } = d.channelsConfig;
	if (scope === 'NONE') return [];
	const ids = scope === 'ALL' ? [...state.channels.keys()] : channels;
	return ids.map((id) => state.channels.get(id)).filter(Boolean);
}

/**
 * PublicDepartmentDTO (v1) or PublicDepartmentDTOV2 (no description / isPrivate).
 * @param {import('./state').SandboxState} state
 * @param {any} d
 * @param {{ agents: boolean, channels: boolean, v2?: boolean }} show
 */
function toPublicDepartment(state, d, show) {
	const out = {
		id: d.id,
		companyId: d.companyId,
		createdAt: d.createdAt,
		updatedAt: d.updatedAt,
		name: d.name,
		isDefault: d.isDefault,
		...(show.v2 ? {} : { isPrivate: d.isPrivate, description: d.description }),
		restrictionType: d.restrictionType,
		distributionConfig: { ...d.distributionConfig },
		directLinks: d.directLinks ? { ...d.directLinks } : null,
		distribuitionEnabled: d.distributionEnabled,
		agents: show.agents
			? d.agents.map((a) => ({ userId: a.userId, departmentId: d.id, isAgent: a.isAgent, isSupervisor: a.isSupervisor }))
			: null,
		channels: show.channels ? resolvedChannels(state, d).map((c) => ({ id: c.id, number: c.number, name: c.name, type: c.type })) : null,
	};
	return out;
}

const FULL = { agents: true, channels: true };

/** @param {Ctx} ctx */
function departmentFor(ctx) {
	const id = v.requireUuidParam(ctx.params.id, 'id');
	const d = ctx.state.departments.get(id);
	if (!d) throw notFound(NOT_FOUND_TEXT);
	return d;
}

function readName(value) {
	const name = v.optString(value, 'name', { min: 1, max: 100 });
	if (!name || !name.trim()) throw badRequest("O campo 'name' é obrigatório e deve ter entre 1 e 100 caracteres", 'name');
	return name;
}

function readDistributionConfig(value) {
	const raw = v.pickKnown(
		v.optObject(value, 'distributionConfig'),
		['expirationIsEnabled', 'maximumDurationInMinutes', 'inactivityTimeInMinutes'],
		'distributionConfig',
	);
	return {
		expirationIsEnabled: v.optBool(raw.expirationIsEnabled, 'distributionConfig.expirationIsEnabled') ?? false,
		maximumDurationInMinutes: v.optInt(raw.maximumDurationInMinutes, 'distributionConfig.maximumDurationInMinutes', 0) ?? 0,
		inactivityTimeInMinutes: v.optInt(raw.inactivityTimeInMinutes, 'distributionConfig.inactivityTimeInMinutes', 0) ?? 0,
	};
}

/** Channels are referenced by id, name or number (Helena's API reference, channelsConfig); stored as ids. */
function readChannelsConfig(state, value) {
	const raw = v.pickKnown(v.optObject(value, 'channelsConfig'), ['scope', 'channels'], 'channelsConfig');
	const scope = v.optEnum(raw.scope, SCOPES, 'channelsConfig.scope') ?? 'ALL';
	const refs = v.optStringArray(raw.channels, 'channelsConfig.channels') ?? [];
	const all = [...state.channels.values()];
	const ids = refs.map((ref) => {
		const lower = ref.trim().toLowerCase();
		const digits = phoneDigits(ref);
		const hit = all.find((c) => c.id === lower || c.name.toLowerCase() === lower || (digits && phoneDigits(c.number) === digits));
		if (!hit) throw badRequest(`Canal não encontrado: ${ref}`, 'channelsConfig.channels');
		return hit.id;
	});
	if (scope === 'SELECTED' && ids.length === 0)
		throw badRequest('Informe ao menos um canal quando o escopo é SELECTED', 'channelsConfig.channels');
	return { scope, channels: scope === 'SELECTED' ? [...new Set(ids)] : [] };
}

/** @returns {{ userId: string, isAgent: boolean, isSupervisor: boolean }[]} */
function readAgents(state, value, field) {
	if (value === undefined || value === null) return [];
	if (!Array.isArray(value)) throw invalidField(field, `O campo '${field}' deve ser uma lista`);
	return value.map((raw, i) => {
		const item = v.pickKnown(raw, ['userId', 'isAgent', 'isSupervisor'], `${field}[${i}]`);
		const userId = typeof item.userId === 'string' ? item.userId.toLowerCase() : '';
		if (!state.users.has(userId)) throw badRequest(`Usuário não encontrado: ${String(item.userId)}`, `${field}[${i}].userId`);
		return {
			userId,
			isAgent: v.optBool(item.isAgent, `${field}[${i}].isAgent`) ?? true,
			isSupervisor: v.optBool(item.isSupervisor, `${field}[${i}].isSupervisor`) ?? false,
		};
	});
}

/** Only one department is the default. */
function makeDefault(state, d) {
	for (const other of state.departments.values()) if (other !== d) other.isDefault = false;
}

/** @param {Ctx} ctx */
function list(ctx) {
	return [...ctx.state.departments.values()].map((d) => toPublicDepartment(ctx.state, d, { ...FULL, v2: true }));
}

/** @param {Ctx} ctx */
function get(ctx) {
	const d = departmentFor(ctx);
	const detail = v.optEnum(ctx.query.get('includeDetails') || undefined, DETAILS, 'includeDetails');
	return toPublicDepartment(ctx.state, d, {
		agents: detail === 'All' || detail === 'Agents',
		channels: detail === 'All' || detail === 'Channels',
	});
}

/** @param {Ctx} ctx */
function create(ctx) {
	const { state } = ctx;
	const body = v.pickKnown(ctx.body ?? {}, BODY_KEYS);
	const now = nowIso();
	const d = {
		id: newId(),
		companyId: state.companyId,
		createdAt: now,
		updatedAt: now,
		name: readName(body.name),
		description: null,
		isDefault: v.optBool(body.isDefault, 'isDefault') ?? false,
		isPrivate: false,
		restrictionType: v.optEnum(body.restrictionType, RESTRICTION_TYPES, 'restrictionType') ?? 'NONE',
		distributionConfig: readDistributionConfig(body.distributionConfig),
		directLinks: null,
		distributionEnabled: v.optBool(body.distributionIsEnabled, 'distributionIsEnabled') ?? false,
		agents: dedupeAgents(readAgents(state, body.agents, 'agents')),
		channelsConfig: readChannelsConfig(state, body.channelsConfig),
	};
	state.departments.set(d.id, d);
	if (d.isDefault) makeDefault(state, d);
	return toPublicDepartment(state, d, FULL);
}

/** @param {Ctx} ctx */
function update(ctx) {
	const { state } = ctx;
	const d = departmentFor(ctx);
	const body = v.pickKnown(ctx.body ?? {}, BODY_KEYS);
	if (!Array.isArray(body.fields) || body.fields.length === 0)
		throw badRequest(`O campo 'fields' é obrigatório (valores aceitos: ${UPDATE_FIELDS.join(', ')})`, 'fields');
	const fields = new Set(body.fields.map((f) => v.optEnum(f, UPDATE_FIELDS, 'fields')));
	// read everything first: a 400 must leave the department untouched
	const next = {};
	if (fields.has('Name')) next.name = readName(body.name);
	// `Description` is an allowed `fields` value without a body property to carry one: nothing to apply
	if (fields.has('IsDefault')) next.isDefault = v.optBool(body.isDefault, 'isDefault') ?? false;
	if (fields.has('DistributionIsEnabled'))
		next.distributionEnabled = v.optBool(body.distributionIsEnabled, 'distributionIsEnabled') ?? false;
	if (fields.has('ChannelsConfig')) next.channelsConfig = readChannelsConfig(state, body.channelsConfig);
	if (fields.has('RestrictionType')) next.restrictionType = v.optEnum(body.restrictionType, RESTRICTION_TYPES, 'restrictionType') ?? 'NONE';
	if (fields.has('DistributionConfig')) next.distributionConfig = readDistributionConfig(body.distributionConfig);
	Object.assign(d, next);
	if (next.isDefault) makeDefault(state, d);
	d.updatedAt = laterThan(d.updatedAt);
	return toPublicDepartment(state, d, FULL);
}

/** @param {Ctx} ctx */
function remove(ctx) {
	const d = departmentFor(ctx);
	ctx.state.departments.delete(d.id);
	return undefined;
}

/** @template {{ userId: string }} T @param {T[]} agents last entry per user wins */
function dedupeAgents(agents) {
	return [...new Map(agents.map((a) => [a.userId, a])).values()];
}

/** PUT /v1/department/{id}/agents: the response echoes the request. */
function agents(ctx) {
	const d = departmentFor(ctx);
	const body = v.pickKnown(ctx.body ?? {}, ['action', 'items']);
	if (body.action === undefined || body.action === null) throw badRequest("O campo 'action' é obrigatório", 'action');
	const action = v.optEnum(body.action, AGENT_ACTIONS, 'action');
	if (!Array.isArray(body.items)) throw badRequest("O campo 'items' é obrigatório", 'items');
	const items = readAgents(ctx.state, body.items, 'items');
	if (action === 'ReplaceAll') d.agents = dedupeAgents(items);
	else if (action === 'Upsert') d.agents = dedupeAgents([...d.agents, ...items]);
	else {
		const drop = new Set(items.map((a) => a.userId));
		d.agents = d.agents.filter((a) => !drop.has(a.userId));
	}
	d.updatedAt = laterThan(d.updatedAt);
	return { action: body.action, items: body.items };
}

/** GET /v1/department/{id}/channel: {scope, channels: [uuid]} */
function channels(ctx) {
	const d = departmentFor(ctx);
	return { scope: d.channelsConfig.scope, channels: resolvedChannels(ctx.state, d).map((c) => c.id) };
}

module.exports = { list, get, create, update, remove, agents, channels, toPublicDepartment, dedupeAgents, RESTRICTION_TYPES };
