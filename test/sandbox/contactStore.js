'use strict';

/**
 * Contact records, their lookup indexes and the rules shared by create, update, tags and batch.
 * Records hold tag/portfolio ids only; names are resolved when a response is built.
 */

const { badRequest, invalidField } = require('./errors');
const { CONTACT_VOCABULARY, TAG_REMOVAL } = require('./contract');
const { newId, nowIso, laterThan } = require('./ids');
const { phoneDigits, formatPhone } = require('./phone');
const { mergeCustomFields } = require('./customFields');
const v = require('./validate');

const CONTACT_STATUSES = CONTACT_VOCABULARY.statuses;
const CONTACT_ORIGINS = CONTACT_VOCABULARY.origins;
const UPDATE_FIELDS = CONTACT_VOCABULARY.updateFields;
const UTM_KEYS = ['sourceId', 'source', 'clid', 'medium', 'campaign', 'content', 'headline', 'term', 'referralUrl'];
const BODY_KEYS = CONTACT_VOCABULARY.bodyKeys;
const CREATE_ONLY_ABSENT = new Set(['status', 'pictureUrl', 'utm']);

/**
 * The tag operation as the store applies it, from the value on the wire: `operation` and
 * `options.tagsOperation` in PascalCase (the removal in either documented spelling, as far as the
 * `tagRemoval` variation lets the service understand it), `options.upsertTagOperation` upper-case.
 */
const TAG_OPERATIONS = {
	InsertIfNotExists: 'InsertIfNotExists',
	[TAG_REMOVAL.seed]: 'DeleteIfExists',
	[TAG_REMOVAL.vendor]: 'DeleteIfExists',
	ReplaceAll: 'ReplaceAll',
};
const UPSERT_TAG_OPERATIONS = { INSERTIFNOTEXISTS: 'InsertIfNotExists', DELETEIFEXISTS: 'DeleteIfExists', REPLACEALL: 'ReplaceAll' };

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** @param {string|null|undefined} email */
const emailKey = (email) => (email ? email.trim().toLowerCase() : '');
/** @param {string|null|undefined} handle */
const instagramKey = (handle) => (handle ? handle.trim().replace(/^@/, '').toLowerCase() : '');

/**
 * Validate and canonicalise a contact body (create, update or one batch item).
 * Only properties present in the body are present in the result.
 * @param {unknown} raw
 * @param {'create'|'update'} kind
 * @param {string} [where] prefix for field names in errors (batch items)
 */
function readContactBody(raw, kind, where = '') {
	const body = v.pickKnown(raw, BODY_KEYS, where || 'body');
	const f = (name) => `${where}${name}`;
	/** @type {Record<string, any>} */
	const out = {};
	for (const key of ['name', 'phoneNumber', 'email', 'instagram']) {
		if (key in body) out[key] = v.optString(body[key], f(key), { max: 255 });
	}
	if ('annotation' in body) out.annotation = v.optString(body.annotation, f('annotation'));
	for (const key of ['tagIds', 'portfolioIds', 'sequenceIds']) {
		if (key in body) out[key] = v.optUuidArray(body[key], f(key));
	}
	for (const key of ['tagNames', 'portfolioNames']) {
		if (key in body) out[key] = v.optStringArray(body[key], f(key));
	}
	for (const key of ['customFields', 'metadata']) {
		if (key in body) out[key] = v.optObject(body[key], f(key));
	}
	if (kind === 'update') {
		if ('status' in body) out.status = v.optEnum(body.status, CONTACT_STATUSES, f('status'));
		if ('pictureUrl' in body) out.pictureUrl = v.optString(body.pictureUrl, f('pictureUrl'), { max: 2048 });
		if ('utm' in body) {
			const utm = v.pickKnown(v.optObject(body.utm, f('utm')), UTM_KEYS, f('utm'));
			for (const [k, val] of Object.entries(utm)) v.optString(val, f(`utm.${k}`));
			out.utm = body.utm === null ? null : utm;
		}
	} else {
		for (const key of CREATE_ONLY_ABSENT) delete out[key];
	}
	for (const key of ['phoneNumber', 'email', 'instagram']) {
		if (out[key] === '') out[key] = null;
	}
	if (out.phoneNumber && phoneDigits(out.phoneNumber).length < 8)
		throw badRequest(`Telefone inválido: '${out.phoneNumber}'`, f('phoneNumber'));
	if (out.email && !EMAIL_RE.test(out.email.trim())) throw badRequest(`E-mail inválido: '${out.email}'`, f('email'));
	return out;
}

/**
 * The update field names (`fields` / `upsertFields` spelling) of the properties present in a body.
 * @param {Record<string, any>} input output of readContactBody
 */
function fieldsPresent(input) {
	/** @type {Set<string>} */
	const set = new Set();
	const map = {
		name: 'Name',
		phoneNumber: 'PhoneNumber',
		email: 'Email',
		instagram: 'Instagram',
		annotation: 'Annotation',
		tagIds: 'Tags',
		tagNames: 'Tags',
		status: 'Status',
		customFields: 'CustomFields',
		pictureUrl: 'PictureUrl',
		portfolioIds: 'Portfolio',
		portfolioNames: 'Portfolio',
		sequenceIds: 'SequenceIds',
		utm: 'Utm',
		metadata: 'Metadata',
	};
	for (const key of Object.keys(input)) if (map[key]) set.add(map[key]);
	return set;
}

/**
 * Parse a `fields` / `upsertFields` list (case-insensitive; unknown entry -> 400).
 * @param {unknown} list
 * @param {string} field
 * @returns {Set<string>|undefined}
 */
function parseFieldList(list, field) {
	if (list === undefined || list === null) return undefined;
	const names = v.optStringArray(list, field) ?? [];
	return new Set(names.map((n) => v.optEnum(n, UPDATE_FIELDS, field)));
}

/** @param {import('./state').SandboxState} state @param {any} c */
function indexContact(state, c) {
	const p = phoneDigits(c.phoneNumber);
	if (p) state.index.phone.set(p, c.id);
	const e = emailKey(c.email);
	if (e) state.index.email.set(e, c.id);
	const i = instagramKey(c.instagram);
	if (i) state.index.instagram.set(i, c.id);
}

/** @param {import('./state').SandboxState} state @param {any} c */
function unindexContact(state, c) {
	const p = phoneDigits(c.phoneNumber);
	if (p && state.index.phone.get(p) === c.id) state.index.phone.delete(p);
	const e = emailKey(c.email);
	if (e && state.index.email.get(e) === c.id) state.index.email.delete(e);
	const i = instagramKey(c.instagram);
	if (i && state.index.instagram.get(i) === c.id) state.index.instagram.delete(i);
}

/** @param {import('./state').SandboxState} state @param {string} phone */
function findByPhone(state, phone) {
	const digits = phoneDigits(phone);
	const id = digits ? state.index.phone.get(digits) : undefined;
	return id ? state.contacts.get(id) : undefined;
}

/**
 * "Exists" = same phone digits, or same e-mail (case-insensitive), or same instagram.
 * @param {import('./state').SandboxState} state
 * @param {Record<string, any>} input
 */
function findExisting(state, input) {
	const byPhone = input.phoneNumber ? findByPhone(state, input.phoneNumber) : undefined;
	if (byPhone) return byPhone;
	const e = emailKey(input.email);
	const byEmail = e ? state.index.email.get(e) : undefined;
	if (byEmail) return state.contacts.get(byEmail);
	const i = instagramKey(input.instagram);
	const byInstagram = i ? state.index.instagram.get(i) : undefined;
	return byInstagram ? state.contacts.get(byInstagram) : undefined;
}

/** A blank record as the API creates it (origin CREATED_BY_USER). */
function blankContact(state, createdAt = nowIso()) {
	return {
		id: newId(),
		createdAt,
		updatedAt: createdAt,
		companyId: state.companyId,
		name: null,
		nameWhatsapp: null,
		nameInstagram: null,
		nameMessenger: null,
		phoneNumber: null,
		email: null,
		instagram: null,
		messengerId: null,
		annotation: null,
		tagIds: [],
		status: 'ACTIVE',
		origin: 'CREATED_BY_USER',
		importedAt: null,
		utm: null,
		customFields: {},
		portfolioIds: [],
		metadata: {},
		pictureUrl: null,
		sequenceIds: [],
		seq: 0, // set on insert
	};
}

/** @param {import('./state').SandboxState} state @param {any} c */
function insertContact(state, c) {
	c.seq = ++state.contactSeq;
	state.contacts.set(c.id, c);
	indexContact(state, c);
	state.version++;
	return c;
}

/**
 * Resolve a registry reference list (tags or portfolios): ids win over names; unknown ids -> 400;
 * unknown names are created when `createNames` (else skipped).
 * @param {Map<string, {id: string, name: string}>} registry
 * @param {string[]|null|undefined} ids
 * @param {string[]|null|undefined} names
 * @param {{ createNames: boolean, label: string, field: string }} opts
 * @returns {string[]|undefined} undefined when neither list was given
 */
function resolveRefs(registry, ids, names, opts) {
	if (ids && ids.length) {
		return unique(
			ids.map((raw) => {
				const id = raw.toLowerCase();
				if (!registry.has(id)) throw badRequest(`${opts.label} não encontrada: ${raw}`, opts.field);
				return id;
			}),
		);
	}
	if (!names) return ids ? [] : undefined;
	/** @type {string[]} */
	const out = [];
	for (const rawName of names) {
		const name = rawName.trim();
		if (!name) continue;
		const lower = name.toLowerCase();
		let ref = [...registry.values()].find((r) => r.name.toLowerCase() === lower);
		if (!ref && opts.createNames) {
			ref = { id: newId(), name };
			registry.set(ref.id, ref);
		}
		if (ref) out.push(ref.id);
	}
	return unique(out);
}

/** @template T @param {T[]} list */
function unique(list) {
	return [...new Set(list)];
}

/**
 * @param {string[]} current
 * @param {string[]} given
 * @param {'InsertIfNotExists'|'DeleteIfExists'|'ReplaceAll'} op
 */
function applyTagOperation(current, given, op) {
	if (op === 'ReplaceAll') return unique(given);
	if (op === 'DeleteIfExists') {
		const drop = new Set(given);
		return current.filter((id) => !drop.has(id));
	}
	return unique([...current, ...given]);
}

/** @param {string[]} a @param {string[]} b */
function sameSet(a, b) {
	if (a.length !== b.length) return false;
	const s = new Set(a);
	return b.every((x) => s.has(x));
}

/**
 * Before changing an identifier, make sure no other contact holds it (the index maps one key to one contact).
 * @param {import('./state').SandboxState} state
 */
function assertFreeIdentifier(state, c, field, value) {
	let owner;
	if (field === 'phoneNumber') owner = state.index.phone.get(phoneDigits(value));
	else if (field === 'email') owner = state.index.email.get(emailKey(value));
	else owner = state.index.instagram.get(instagramKey(value));
	if (owner && owner !== c.id) {
		const label = { phoneNumber: 'telefone', email: 'e-mail', instagram: 'Instagram' }[field];
		throw badRequest(`Já existe outro contato com este ${label}`, field);
	}
}

/**
 * Apply `input` to contact `c` for the named fields. All references are resolved before anything
 * is written, so a 400 leaves the contact untouched.
 * @param {import('./state').SandboxState} state
 * @param {any} c
 * @param {Record<string, any>} input output of readContactBody
 * @param {Set<string>} fields canonical update field names
 * @param {{ tagOperation: 'InsertIfNotExists'|'DeleteIfExists'|'ReplaceAll', clearMissing: boolean, isNew?: boolean }} opts
 *   clearMissing: a named field absent from the body is cleared (explicit `fields` of an update);
 *   isNew: the record is being created, so updatedAt stays equal to createdAt
 * @returns {{ changed: boolean, tagsChanged: boolean }}
 */
function applyContactFields(state, c, input, fields, opts) {
	/** @type {Record<string, any>} */
	const next = {};
	const val = (key) => (key in input ? input[key] : opts.clearMissing ? null : undefined);
	for (const [field, key] of [
		['Name', 'name'],
		['Annotation', 'annotation'],
		['PictureUrl', 'pictureUrl'],
		['PhoneNumber', 'phoneNumber'],
		['Email', 'email'],
		['Instagram', 'instagram'],
	]) {
		if (!fields.has(field)) continue;
		const value = val(key);
		if (value === undefined) continue;
		if (['phoneNumber', 'email', 'instagram'].includes(key) && value) assertFreeIdentifier(state, c, key, value);
		next[key] = value;
	}
	if (fields.has('Status') && input.status) next.status = input.status;
	if (fields.has('Tags')) {
		const ids = resolveRefs(state.tags, input.tagIds, input.tagNames, {
			createNames: opts.tagOperation !== 'DeleteIfExists',
			label: 'Etiqueta',
			field: 'tagIds',
		});
		if (ids !== undefined) next.tagIds = applyTagOperation(c.tagIds, ids, opts.tagOperation);
		else if (opts.clearMissing && opts.tagOperation === 'ReplaceAll') next.tagIds = [];
	}
	if (fields.has('Portfolio')) {
		const ids = resolveRefs(state.portfolios, input.portfolioIds, input.portfolioNames, {
			createNames: true,
			label: 'Carteira',
			field: 'portfolioIds',
		});
		if (ids !== undefined) next.portfolioIds = ids;
		else if (opts.clearMissing) next.portfolioIds = [];
	}
	if (fields.has('SequenceIds')) {
		const seq = val('sequenceIds');
		if (seq !== undefined) next.sequenceIds = unique((seq ?? []).map((s) => s.toLowerCase()));
	}
	if (fields.has('CustomFields') && input.customFields) next.customFields = mergeCustomFields(state, c.customFields, input.customFields);
	if (fields.has('Metadata') && input.metadata) next.metadata = mergeMetadata(c.metadata, input.metadata);
	if (fields.has('Utm') && 'utm' in input) next.utm = input.utm === null ? null : mergeUtm(c.utm, input.utm);

	const tagsChanged = 'tagIds' in next && !sameSet(next.tagIds, c.tagIds);
	unindexContact(state, c);
	Object.assign(c, next);
	indexContact(state, c);
	if (!opts.isNew) c.updatedAt = laterThan(c.updatedAt);
	state.version++;
	return { changed: true, tagsChanged };
}

/**
 * Metadata merged as the reference says (contacts and cards): a key given null is removed, any other value set.
 * @param {Record<string, any>} current @param {Record<string, any>} given
 */
function mergeMetadata(current, given) {
	const next = { ...current };
	for (const [key, value] of Object.entries(given)) {
		if (value === null) delete next[key];
		else next[key] = value;
	}
	return next;
}

/** sourceId and clid are read-only (set by the service, not by updates). */
function mergeUtm(current, given) {
	const next = { ...(current ?? Object.fromEntries(UTM_KEYS.map((k) => [k, null]))) };
	for (const [key, value] of Object.entries(given)) {
		if (key === 'sourceId' || key === 'clid' || value === undefined) continue;
		next[key] = value;
	}
	return next;
}

/**
 * @typedef {{ tags?: boolean, customFields?: boolean, portfolios?: boolean }} Details
 */
const ALL_DETAILS = Object.freeze({ tags: true, customFields: true, portfolios: true });

/** @param {Map<string, {name: string}>} registry @param {string[]} ids */
const namesOf = (registry, ids) => ids.map((id) => registry.get(id)?.name).filter((n) => n !== undefined);
const emptyToNull = (obj) => (obj && Object.keys(obj).length ? { ...obj } : null);

/**
 * PublicContactDTO (Helena's API reference, GET /v1/contact/{id}); tag, custom field and portfolio details only when asked for.
 * @param {import('./state').SandboxState} state
 * @param {any} c
 * @param {Details} details
 */
function toPublicContact(state, c, details) {
	return {
		id: c.id,
		createdAt: c.createdAt,
		updatedAt: c.updatedAt,
		companyId: c.companyId,
		name: c.name,
		nameWhatsapp: c.nameWhatsapp,
		nameInstagram: c.nameInstagram,
		nameMessenger: c.nameMessenger,
		phoneNumber: c.phoneNumber,
		phoneNumberFormatted: formatPhone(c.phoneNumber),
		email: c.email,
		instagram: c.instagram,
		messengerId: c.messengerId,
		annotation: c.annotation,
		tagIds: details.tags ? [...c.tagIds] : null,
		tagNames: details.tags ? namesOf(state.tags, c.tagIds) : null,
		status: c.status,
		origin: c.origin,
		importedAt: c.importedAt,
		utm: c.utm ? { ...c.utm } : null,
		customFields: details.customFields ? { ...c.customFields } : null,
		portfolioIds: details.portfolios ? [...c.portfolioIds] : null,
		portfolioNames: details.portfolios ? namesOf(state.portfolios, c.portfolioIds) : null,
		metadata: emptyToNull(c.metadata),
	};
}

/** The contact as webhook `content` carries it (webhook key names, as in Helena's webhooks guide). */
function toWebhookContact(state, c) {
	return {
		id: c.id,
		createdAt: c.createdAt,
		updatedAt: c.updatedAt,
		companyId: c.companyId,
		name: c.name,
		phonenumber: c.phoneNumber,
		phonenumberFormatted: formatPhone(c.phoneNumber),
		email: c.email,
		instagram: c.instagram,
		annotation: c.annotation,
		tagsId: [...c.tagIds],
		tags: c.tagIds.map((id) => ({ id, name: state.tags.get(id)?.name ?? null })),
		status: c.status,
		origin: c.origin,
		utm: c.utm ? { ...c.utm } : null,
		customFieldValues: { ...c.customFields },
		metadata: emptyToNull(c.metadata),
	};
}

/**
 * @param {unknown} raw
 * @param {string} field
 * @param {'InsertIfNotExists'|'DeleteIfExists'|'ReplaceAll'} fallback when absent
 * @param {import('./variations').Variations} variations
 */
function parseTagOperation(raw, field, fallback, variations) {
	if (raw === undefined || raw === null) return fallback;
	const table = field.endsWith('upsertTagOperation') ? UPSERT_TAG_OPERATIONS : TAG_OPERATIONS;
	const operation = typeof raw === 'string' && Object.hasOwn(table, raw) ? table[raw] : undefined;
	if (!operation || !variations.understandsTagOperation(raw))
		throw invalidField(field, `The JSON value could not be converted to TagOperation. Path: $.${field}`);
	return operation;
}

module.exports = {
	CONTACT_STATUSES,
	CONTACT_ORIGINS,
	UPDATE_FIELDS,
	ALL_DETAILS,
	readContactBody,
	fieldsPresent,
	parseFieldList,
	parseTagOperation,
	findByPhone,
	findExisting,
	blankContact,
	insertContact,
	indexContact,
	resolveRefs,
	applyTagOperation,
	applyContactFields,
	mergeMetadata,
	sameSet,
	toPublicContact,
	toWebhookContact,
};
