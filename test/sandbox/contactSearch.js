'use strict';

/**
 * Contact list (GET /v1/contact) and filter (POST /v1/contact/filter): criteria parsing, matching,
 * ordering and paging. The ordered id list of a search is cached until the next contact write,
 * so paging through 10,000 contacts sorts once and each page costs O(pageSize).
 */

const { isAfter, afterBoundReading } = require('./afterBound');
const { phoneDigits } = require('./phone');
const { toPublicContact, CONTACT_STATUSES, CONTACT_ORIGINS } = require('./contactStore');
const v = require('./validate');
const { pageSizeOf } = require('./pageOrder');

const ORDER_FIELDS = [
	'id',
	'createdAt',
	'updatedAt',
	'companyId',
	'name',
	'nameWhatsapp',
	'nameInstagram',
	'nameMessenger',
	'phoneNumber',
	'phoneNumberFormatted',
	'email',
	'instagram',
	'messengerId',
	'annotation',
	'status',
	'origin',
	'importedAt',
];
const DIRECTIONS = /** @type {const} */ (['ASCENDING', 'DESCENDING']);
const DETAILS = /** @type {const} */ (['Tags', 'CustomFields', 'Portfolios']);
const FILTER_KEYS = [
	'pageNumber',
	'pageSize',
	'orderBy',
	'orderDirection',
	'createdAt',
	'updatedAt',
	'includeDetails',
	'status',
	'textFilter',
	'name',
	'phoneNumber',
	'email',
	'instagram',
	'tagIds',
	'tagNames',
	'portfolioIds',
	'portfolioNames',
	'origin',
	'customFields',
	'metadata',
];

/** @param {unknown} raw @param {string} field */
function parseOrderBy(raw, field) {
	if (raw === undefined || raw === null || raw === '') return 'createdAt';
	return v.optEnum(raw, ORDER_FIELDS, field) ?? 'createdAt';
}

/** @param {unknown[]|undefined|null} list @param {string} field */
function parseDetails(list, field) {
	const names = (list ?? []).map((d) => v.optEnum(d, DETAILS, field));
	return { tags: names.includes('Tags'), customFields: names.includes('CustomFields'), portfolios: names.includes('Portfolios') };
}

/** @param {unknown} raw @param {string} field */
function parseRange(raw, field) {
	const range = v.pickKnown(v.optObject(raw, field), ['before', 'after'], field);
	return { before: v.optDate(range.before, `${field}.before`), after: v.optDate(range.after, `${field}.after`) };
}

/** GET /v1/contact query (PascalCase names, exact case). */
function parseListQuery(query) {
	const page = v.pageBounds(v.queryInt(query.get('PageNumber'), 'PageNumber'), v.queryInt(query.get('PageSize'), 'PageSize'));
	return {
		...page,
		status: v.optEnum(query.get('Status') || undefined, CONTACT_STATUSES, 'Status') ?? 'ACTIVE',
		createdAt: {
			before: v.optDate(query.get('CreatedAt.Before'), 'CreatedAt.Before'),
			after: v.optDate(query.get('CreatedAt.After'), 'CreatedAt.After'),
		},
		updatedAt: {
			before: v.optDate(query.get('UpdatedAt.Before'), 'UpdatedAt.Before'),
			after: v.optDate(query.get('UpdatedAt.After'), 'UpdatedAt.After'),
		},
		orderBy: parseOrderBy(query.get('OrderBy'), 'OrderBy'),
		orderDirection: v.optEnum(query.get('OrderDirection') || undefined, DIRECTIONS, 'OrderDirection') ?? 'ASCENDING',
		details: parseDetails(query.getAll('IncludeDetails'), 'IncludeDetails'),
	};
}

/** POST /v1/contact/filter body (camelCase). */
function parseFilterBody(raw) {
	const body = v.pickKnown(raw, FILTER_KEYS);
	const page = v.pageBounds(v.optInt(body.pageNumber, 'pageNumber'), v.optInt(body.pageSize, 'pageSize'));
	const strings = {};
	for (const key of ['textFilter', 'name', 'phoneNumber', 'email', 'instagram']) {
		const s = v.optString(body[key], key);
		if (s) strings[key] = s;
	}
	const lists = {};
	for (const key of ['tagIds', 'portfolioIds']) {
		const l = v.optUuidArray(body[key], key);
		if (l && l.length) lists[key] = l.map((id) => id.toLowerCase());
	}
	for (const key of ['tagNames', 'portfolioNames']) {
		const l = v.optStringArray(body[key], key);
		if (l && l.length) lists[key] = l.map((n) => n.trim().toLowerCase());
	}
	const customFields = v.optObject(body.customFields, 'customFields');
	const metadata = v.optObject(body.metadata, 'metadata');
	return {
		...page,
		status: v.optEnum(body.status, CONTACT_STATUSES, 'status') ?? 'ACTIVE',
		createdAt: parseRange(body.createdAt, 'createdAt'),
		updatedAt: parseRange(body.updatedAt, 'updatedAt'),
		orderBy: parseOrderBy(body.orderBy, 'orderBy'),
		orderDirection: v.optEnum(body.orderDirection, DIRECTIONS, 'orderDirection') ?? 'ASCENDING',
		details: parseDetails(v.optStringArray(body.includeDetails, 'includeDetails'), 'includeDetails'),
		...strings,
		...lists,
		origin: v.optEnum(body.origin, CONTACT_ORIGINS, 'origin') ?? undefined,
		customFields: customFields && Object.keys(customFields).length ? customFields : undefined,
		metadata: metadata && Object.keys(metadata).length ? metadata : undefined,
	};
}

const lc = (s) => (typeof s === 'string' ? s.toLowerCase() : '');
const PHONEISH_RE = /^[\d\s+|().-]+$/;

/** A stored value equals a filter value (filter values are typed as strings; multiselects match any entry). */
function valueEquals(stored, wanted) {
	if (Array.isArray(stored)) return stored.some((s) => valueEquals(s, wanted));
	if (stored === undefined || stored === null) return wanted === null;
	return String(stored).toLowerCase() === String(wanted).toLowerCase();
}

/** @param {import('./state').SandboxState} state @param {any} crit */
function buildMatcher(state, crit) {
	/** @type {((c: any) => boolean)[]} */
	const tests = [(c) => c.status === crit.status];
	const range = (key) => {
		const { before, after } = crit[key];
		// ISO strings from toISOString() compare correctly as text
		if (before) tests.push((c) => c[key] < before);
		if (after) tests.push((c) => isAfter(c[key], after));
	};
	range('createdAt');
	range('updatedAt');
	if (crit.textFilter) {
		const text = crit.textFilter.toLowerCase();
		const digits = PHONEISH_RE.test(crit.textFilter) ? phoneDigits(crit.textFilter) : '';
		tests.push(
			(c) =>
				lc(c.name).includes(text) ||
				lc(c.email).includes(text) ||
				lc(c.instagram).includes(text) ||
				lc(c.annotation).includes(text) ||
				(digits !== '' && phoneDigits(c.phoneNumber).includes(digits)),
		);
	}
	for (const key of ['name', 'email', 'instagram']) {
		if (crit[key]) {
			const text = crit[key].toLowerCase();
			tests.push((c) => lc(c[key]).includes(text));
		}
	}
	if (crit.phoneNumber) {
		const digits = phoneDigits(crit.phoneNumber);
		tests.push((c) => digits !== '' && phoneDigits(c.phoneNumber).includes(digits));
	}
	const anyOf = (field, wanted) => {
		const set = new Set(wanted);
		tests.push((c) => c[field].some((id) => set.has(id)));
	};
	const idsByName = (registry, names) => {
		const wanted = new Set(names);
		return [...registry.values()].filter((r) => wanted.has(r.name.toLowerCase())).map((r) => r.id);
	};
	if (crit.tagIds) anyOf('tagIds', crit.tagIds);
	if (crit.tagNames) anyOf('tagIds', idsByName(state.tags, crit.tagNames));
	if (crit.portfolioIds) anyOf('portfolioIds', crit.portfolioIds);
	if (crit.portfolioNames) anyOf('portfolioIds', idsByName(state.portfolios, crit.portfolioNames));
	if (crit.origin) tests.push((c) => c.origin === crit.origin);
	if (crit.customFields) {
		const entries = Object.entries(crit.customFields);
		tests.push((c) => entries.every(([k, want]) => valueEquals(c.customFields[k], want)));
	}
	if (crit.metadata) {
		const entries = Object.entries(crit.metadata);
		tests.push((c) => entries.every(([k, want]) => valueEquals(c.metadata[k], want)));
	}
	return (c) => tests.every((t) => t(c));
}

/**
 * Ascending comparator on the order field, ties by createdAt then insertion order (a total order,
 * so pages never overlap, and bulk-created contacts sharing a millisecond keep their creation order).
 */
function comparator(orderBy, direction) {
	const text = orderBy !== 'createdAt' && orderBy !== 'updatedAt' && orderBy !== 'importedAt';
	const key = orderBy === 'phoneNumberFormatted' ? 'phoneNumber' : orderBy;
	const sign = direction === 'DESCENDING' ? -1 : 1;
	return (a, b) => {
		let x = a[key] ?? '';
		let y = b[key] ?? '';
		if (text) {
			x = lc(x);
			y = lc(y);
		}
		const r = x < y ? -1 : x > y ? 1 : a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.seq - b.seq;
		return r * sign;
	};
}

/** @type {WeakMap<object, { version: number, entries: Map<string, any[]> }>} */
const caches = new WeakMap();
const CACHE_SIZE = 16;

/** @param {import('./state').SandboxState} state @param {any} crit */
function orderedMatches(state, crit) {
	// paging and details do not change which contacts match or their order
	const key = JSON.stringify({ ...crit, pageNumber: undefined, pageSize: undefined, details: undefined, after: afterBoundReading() });
	let cache = caches.get(state);
	if (!cache || cache.version !== state.version) {
		cache = { version: state.version, entries: new Map() };
		caches.set(state, cache);
	}
	let list = cache.entries.get(key);
	if (!list) {
		const match = buildMatcher(state, crit);
		list = [];
		for (const c of state.contacts.values()) if (match(c)) list.push(c);
		list.sort(comparator(crit.orderBy, crit.orderDirection));
		if (cache.entries.size >= CACHE_SIZE) cache.entries.delete(cache.entries.keys().next().value);
		cache.entries.set(key, list);
	}
	return list;
}

/** @param {import('./state').SandboxState} state @param {any} crit */
function searchContacts(state, crit) {
	const list = orderedMatches(state, crit);
	const pageSize = pageSizeOf(crit.pageSize);
	const start = (crit.pageNumber - 1) * pageSize;
	const totalPages = Math.ceil(list.length / pageSize);
	return {
		pageNumber: crit.pageNumber,
		pageSize,
		orderBy: crit.orderBy,
		orderDirection: crit.orderDirection,
		items: list.slice(start, start + pageSize).map((c) => toPublicContact(state, c, crit.details)),
		totalItems: list.length,
		totalPages,
		hasMorePages: crit.pageNumber < totalPages,
	};
}

module.exports = { parseListQuery, parseFilterBody, parseDetails, searchContacts, DETAILS };
