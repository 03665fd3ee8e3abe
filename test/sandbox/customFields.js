'use strict';

const { queryBool } = require('./validate');

const CUSTOM_FIELD_TYPES = /** @type {const} */ ([
	'GROUP',
	'STRING',
	'TEXT',
	'INTEGER',
	'FLOAT',
	'SINGLESELECT',
	'MULTISELECT',
	'DATE',
	'TIME',
	'DATETIME',
	'BOOLEAN',
]);

/** @param {any} def @param {any[]|null} children */
function toPublicDefinition(def, children) {
	return {
		id: def.id,
		createdAt: def.createdAt,
		updatedAt: def.updatedAt,
		parentId: def.parentId,
		type: def.type,
		entityType: def.entityType,
		scopeId: def.scopeId,
		companyId: def.companyId,
		name: def.name,
		key: def.key,
		position: def.position,
		required: def.required,
		visible: def.visible,
		isValueRange: def.isValueRange,
		options: def.options ? def.options.map((o) => ({ ...o })) : null,
		children,
	};
}

/** GET /v1/contact/custom-field?NestedList= */
function listCustomFields(ctx) {
	const nested = queryBool(ctx.query.get('NestedList'), 'NestedList') ?? false;
	const defs = [...ctx.state.customFields.values()];
	if (!nested) return defs.map((d) => toPublicDefinition(d, null));
	const build = (def) => {
		const kids = defs.filter((d) => d.parentId === def.id);
		return toPublicDefinition(def, def.type === 'GROUP' ? kids.map(build) : kids.length ? kids.map(build) : null);
	};
	return defs.filter((d) => !d.parentId).map(build);
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}/;
const TIME_RE = /^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * The value to store for a custom field, or `undefined` when its type is wrong (the real API
 * silently ignores such values).
 * @param {any} def
 * @param {unknown} value
 */
function coerceCustomValue(def, value) {
	switch (def.type) {
		case 'STRING':
		case 'TEXT':
			return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
		case 'INTEGER': {
			const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
			return typeof n === 'number' && Number.isInteger(n) ? n : undefined;
		}
		case 'FLOAT': {
			const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
			return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
		}
		case 'BOOLEAN':
			if (typeof value === 'boolean') return value;
			if (value === 'true' || value === 'false') return value === 'true';
			return undefined;
		case 'DATE':
		case 'DATETIME':
			return typeof value === 'string' && DATE_RE.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;
		case 'TIME':
			return typeof value === 'string' && TIME_RE.test(value) ? value : undefined;
		case 'SINGLESELECT':
			return typeof value === 'string' ? matchOption(def, value) : undefined;
		case 'MULTISELECT': {
			const list = Array.isArray(value) ? value : typeof value === 'string' ? [value] : null;
			if (!list || list.some((v) => typeof v !== 'string')) return undefined;
			const names = list.map((v) => matchOption(def, v));
			return names.includes(undefined) ? undefined : names;
		}
		default:
			return undefined; // GROUP and unknown types hold no value
	}
}

/** An option given by name (case-insensitive) or id; stored by its name. */
function matchOption(def, value) {
	const lower = value.trim().toLowerCase();
	const option = (def.options ?? []).find((o) => o.name.toLowerCase() === lower || o.id === lower);
	return option ? option.name : undefined;
}

/**
 * Merge given values into a copy of `current`; unknown keys and wrong types are ignored, null removes.
 * @param {import('./state').SandboxState} state
 * @param {Record<string, any>} current
 * @param {Record<string, any>} given
 */
function mergeCustomFields(state, current, given) {
	const next = { ...current };
	for (const [key, value] of Object.entries(given)) {
		const def = state.index.customFieldKey.get(key);
		if (!def) continue;
		if (value === null) {
			delete next[key];
			continue;
		}
		const stored = coerceCustomValue(def, value);
		if (stored !== undefined) next[key] = stored;
	}
	return next;
}

/** @param {import('./state').SandboxState} state @param {any} def */
function addCustomField(state, def) {
	state.customFields.set(def.id, def);
	if (def.key) state.index.customFieldKey.set(def.key, def);
}

module.exports = { CUSTOM_FIELD_TYPES, listCustomFields, coerceCustomValue, mergeCustomFields, addCustomField };
