'use strict';

/** Tags: list, palette, create, update (name required, colour kept when omitted), delete (refused while on contacts unless confirmed). */

const { badRequest, notFound } = require('../errors');
const { isUuid, newId, nowIso, laterThan } = require('../ids');
const { toWebhookContact } = require('../contactStore');
const { palette, toPublicTag, DEFAULT_TAG_COLOR } = require('./store');

function tagOf(ctx) {
	const tag = isUuid(ctx.params.id) ? ctx.state.tags.get(String(ctx.params.id).toLowerCase()) : undefined;
	if (!tag) throw notFound(`Etiqueta '${ctx.params.id}' não encontrada`);
	return tag;
}

/** A name of only spaces is no name; another tag may not have it (letter case aside). */
function checkedName(ctx, name, selfId) {
	const trimmed = String(name).trim();
	if (!trimmed) throw badRequest('O nome da etiqueta é obrigatório', 'name');
	const taken = [...ctx.state.tags.values()].find((t) => t.id !== selfId && t.name.toLowerCase() === trimmed.toLowerCase());
	if (taken) throw badRequest(`Já existe uma etiqueta com o nome '${taken.name}'`, 'name');
	return trimmed;
}

function list(ctx) {
	return [...ctx.state.tags.values()].map((tag) => toPublicTag(ctx.state, tag));
}

function colors() {
	return palette();
}

function create(ctx) {
	const name = checkedName(ctx, ctx.body.name);
	const now = nowIso();
	const tag = { id: newId(), name, color: ctx.body.color ?? DEFAULT_TAG_COLOR, createdAt: now, updatedAt: now };
	ctx.state.tags.set(tag.id, tag);
	return toPublicTag(ctx.state, tag);
}

function update(ctx) {
	const tag = tagOf(ctx);
	const current = toPublicTag(ctx.state, tag);
	tag.name = checkedName(ctx, ctx.body.name, tag.id);
	if (ctx.body.color) tag.color = ctx.body.color;
	tag.createdAt = current.createdAt;
	tag.updatedAt = laterThan(current.updatedAt);
	return toPublicTag(ctx.state, tag);
}

function remove(ctx) {
	const tag = tagOf(ctx);
	const tagged = [...ctx.state.contacts.values()].filter((c) => c.tagIds.includes(tag.id));
	if (tagged.length && ctx.body?.removeFromContacts !== true) {
		throw badRequest(
			`A etiqueta '${tag.name}' está vinculada a ${tagged.length} contato(s); confirme com removeFromContacts para removê-la de todos eles`,
			'removeFromContacts',
		);
	}
	for (const contact of tagged) {
		contact.tagIds = contact.tagIds.filter((id) => id !== tag.id);
		contact.updatedAt = laterThan(contact.updatedAt);
		ctx.notify('CONTACT_TAG_UPDATE', () => toWebhookContact(ctx.state, contact));
	}
	ctx.state.tags.delete(tag.id);
	ctx.state.version++;
	return undefined;
}

module.exports = { list, colors, create, update, remove };
