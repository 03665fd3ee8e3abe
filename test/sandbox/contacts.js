'use strict';

/** Route handlers of the contact endpoints (the spec's contact section). */

const { badRequest, invalidField, notFound } = require('./errors');
const { isUuid } = require('./ids');
const { phoneDigits } = require('./phone');
const store = require('./contactStore');
const { parseListQuery, parseFilterBody, parseDetails, searchContacts } = require('./contactSearch');
const v = require('./validate');
const { arrangePage } = require('./pageOrder');

const NOT_FOUND_TEXT = 'Contato não encontrado';

/** @typedef {import('./server').RouteContext} Ctx */

/** @param {Ctx} ctx */
function list(ctx) {
	return arrangePage(searchContacts(ctx.state, parseListQuery(ctx.query)));
}

/** @param {Ctx} ctx */
function filter(ctx) {
	return searchContacts(ctx.state, parseFilterBody(ctx.body ?? {}));
}

/** @param {Ctx} ctx @param {string} raw */
function contactByPhone(ctx, raw) {
	if (!phoneDigits(raw)) throw badRequest(`Telefone inválido: '${raw}'`, 'phone');
	const c = store.findByPhone(ctx.state, raw);
	if (!c) throw notFound(NOT_FOUND_TEXT);
	return c;
}

/** @param {Ctx} ctx @param {string} raw */
function contactById(ctx, raw) {
	const id = v.requireUuidParam(raw, 'id');
	const c = ctx.state.contacts.get(id);
	if (!c) throw notFound(NOT_FOUND_TEXT);
	return c;
}

/** The `{id}` of the tags route is typed uuid but documented as "id or phone number". */
function contactByIdOrPhone(ctx, raw) {
	return isUuid(raw) ? contactById(ctx, raw) : contactByPhone(ctx, raw);
}

/** @param {Ctx} ctx @param {any} c */
function withQueryDetails(ctx, c) {
	return store.toPublicContact(ctx.state, c, parseDetails(ctx.query.getAll('IncludeDetails'), 'IncludeDetails'));
}

/** @param {Ctx} ctx @param {any} c @param {{ tagsChanged: boolean }} result */
function notifyUpdate(ctx, c, result) {
	ctx.notify('CONTACT_UPDATE', () => store.toWebhookContact(ctx.state, c));
	if (result.tagsChanged) ctx.notify('CONTACT_TAG_UPDATE', () => store.toWebhookContact(ctx.state, c));
}

/** Create `options` (also the shared options of a batch). @param {Ctx} ctx */
function readCreateOptions(ctx, raw) {
	const o = v.pickKnown(raw, ['upsert', 'upsertFields', 'upsertTagOperation', 'getIfExists'], 'options');
	return {
		upsert: v.optBool(o.upsert, 'options.upsert') ?? false,
		getIfExists: v.optBool(o.getIfExists, 'options.getIfExists') ?? false,
		upsertFields: store.parseFieldList(o.upsertFields, 'options.upsertFields'),
		// the create/batch default is ReplaceAll (Helena's API reference, POST /v1/contact options), unlike updates
		upsertTagOperation: store.parseTagOperation(o.upsertTagOperation, 'options.upsertTagOperation', 'ReplaceAll', ctx.variations),
	};
}

/** @param {Record<string, any>} input @param {string} field */
function requireSomething(input, field) {
	if (!input.name && !input.phoneNumber && !input.email && !input.instagram)
		throw badRequest('Informe ao menos nome, telefone, e-mail ou Instagram do contato', field);
}

/**
 * Create, or resolve against an existing contact (same phone digits, e-mail or instagram).
 * getIfExists wins over upsert: the existing contact comes back unchanged.
 * @param {Ctx} ctx
 * @param {Record<string, any>} input
 * @param {ReturnType<typeof readCreateOptions>} options
 * @param {boolean} alwaysUpsert batch semantics
 */
function saveContact(ctx, input, options, alwaysUpsert) {
	const { state } = ctx;
	const existing = store.findExisting(state, input);
	if (existing) {
		if (options.getIfExists) return existing;
		if (!options.upsert && !alwaysUpsert) throw Object.assign(badRequest('Contato já existe'), { details: { contactId: existing.id } });
		let fields = store.fieldsPresent(input);
		if (options.upsertFields) fields = new Set([...fields].filter((f) => options.upsertFields.has(f)));
		const result = store.applyContactFields(state, existing, input, fields, {
			tagOperation: options.upsertTagOperation,
			clearMissing: false,
		});
		notifyUpdate(ctx, existing, result);
		return existing;
	}
	const c = store.blankContact(state);
	store.applyContactFields(state, c, input, store.fieldsPresent(input), {
		tagOperation: 'ReplaceAll',
		clearMissing: false,
		isNew: true,
	});
	store.insertContact(state, c);
	ctx.notify('CONTACT_NEW', () => store.toWebhookContact(state, c));
	return c;
}

/** @param {Ctx} ctx */
function create(ctx) {
	if (!v.isPlainObject(ctx.body)) throw invalidField('body', 'O corpo da requisição deve ser um objeto');
	const input = store.readContactBody(ctx.body, 'create');
	requireSomething(input, 'body');
	const options = readCreateOptions(ctx, ctx.body.options);
	return store.toPublicContact(ctx.state, saveContact(ctx, input, options, false), store.ALL_DETAILS);
}

/** @param {Ctx} ctx */
function batch(ctx) {
	const body = v.pickKnown(ctx.body, ['items', 'options']);
	if (!Array.isArray(body.items)) throw invalidField('items', "O campo 'items' é obrigatório");
	if (body.items.length < 1 || body.items.length > 100) throw badRequest("O campo 'items' deve ter entre 1 e 100 contatos", 'items');
	const inputs = body.items.map((item, i) => {
		const where = `items[${i}].`;
		if (!v.isPlainObject(item)) throw invalidField(`items[${i}]`, `O item ${i} deve ser um objeto`);
		const input = store.readContactBody(item, 'create', where);
		requireSomething(input, `items[${i}]`);
		return input;
	});
	const options = readCreateOptions(ctx, body.options);
	// check referenced ids up front, so a bad item does not leave the batch half applied
	for (const [i, input] of inputs.entries()) {
		store.resolveRefs(ctx.state.tags, input.tagIds, [], { createNames: false, label: 'Etiqueta', field: `items[${i}].tagIds` });
		store.resolveRefs(ctx.state.portfolios, input.portfolioIds, [], {
			createNames: false,
			label: 'Carteira',
			field: `items[${i}].portfolioIds`,
		});
	}
	return inputs.map((input) => saveContact(ctx, input, options, true)).map((c) => store.toPublicContact(ctx.state, c, store.ALL_DETAILS));
}

/** @param {Ctx} ctx @param {any} c */
function update(ctx, c) {
	if (!v.isPlainObject(ctx.body)) throw invalidField('body', 'O corpo da requisição deve ser um objeto');
	const meta = v.pickKnown(ctx.body, ['fields', 'options']);
	const input = store.readContactBody(ctx.body, 'update');
	const named = store.parseFieldList(meta.fields, 'fields');
	const options = v.pickKnown(meta.options, ['tagsOperation'], 'options');
	const tagOperation = store.parseTagOperation(options.tagsOperation, 'options.tagsOperation', 'InsertIfNotExists', ctx.variations);
	const result = store.applyContactFields(ctx.state, c, input, named ?? store.fieldsPresent(input), {
		tagOperation,
		clearMissing: named !== undefined,
	});
	notifyUpdate(ctx, c, result);
	return store.toPublicContact(ctx.state, c, store.ALL_DETAILS);
}

/** @param {Ctx} ctx @param {any} c */
function changeTags(ctx, c) {
	const body = v.pickKnown(ctx.body, ['tagNames', 'tagIds', 'operation']);
	const tagIds = v.optUuidArray(body.tagIds, 'tagIds');
	const tagNames = v.optStringArray(body.tagNames, 'tagNames');
	const tagOperation = store.parseTagOperation(body.operation, 'operation', 'InsertIfNotExists', ctx.variations);
	const none = !tagIds?.length && !tagNames?.some((n) => n.trim());
	// ReplaceAll with an empty or null list clears every tag (the spec allows both)
	if (none && tagOperation !== 'ReplaceAll') throw badRequest('Informe ao menos uma etiqueta (tagNames ou tagIds)', 'tagNames');
	const given = none ? { tagIds: [] } : { tagIds, tagNames };
	const result = store.applyContactFields(ctx.state, c, given, new Set(['Tags']), {
		tagOperation,
		clearMissing: false,
	});
	if (result.tagsChanged) ctx.notify('CONTACT_TAG_UPDATE', () => store.toWebhookContact(ctx.state, c));
	return store.toPublicContact(ctx.state, c, store.ALL_DETAILS);
}

module.exports = {
	list,
	filter,
	create,
	batch,
	getById: (ctx) => withQueryDetails(ctx, contactById(ctx, ctx.params.id)),
	getByPhone: (ctx) => withQueryDetails(ctx, contactByPhone(ctx, ctx.params.phone)),
	updateById: (ctx) => update(ctx, contactById(ctx, ctx.params.id)),
	updateByPhone: (ctx) => update(ctx, contactByPhone(ctx, ctx.params.phone)),
	tagsById: (ctx) => changeTags(ctx, contactByIdOrPhone(ctx, ctx.params.id)),
	tagsByPhone: (ctx) => changeTags(ctx, contactByPhone(ctx, ctx.params.phone)),
};
