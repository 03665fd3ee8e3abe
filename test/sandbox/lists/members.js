'use strict';

/**
 * Adding contacts to and removing them from a list (a sequence or a portfolio), one by ID or phone,
 * or many by IDs and phones. Membership is the contact's own `sequenceIds` / `portfolioIds`.
 */

const { badRequest, notFound } = require('../errors');
const { isUuid, nowIso, laterThan } = require('../ids');
const { phoneDigits, helenaPhone } = require('../phone');
const { blankContact, insertContact, findByPhone, toWebhookContact } = require('../contactStore');
const { touchMember } = require('./store');

/** The contact a single add or remove names, by `contactId` or `phoneNumber`, or Helena's "not found". */
function oneContact(ctx) {
	const { contactId, phoneNumber } = ctx.body ?? {};
	if (!contactId && !phoneNumber) throw badRequest('Informe o contactId ou o phoneNumber do contato', 'contactId');
	if (contactId) {
		const contact = ctx.state.contacts.get(String(contactId).toLowerCase());
		if (!contact) throw notFound(`Contato '${contactId}' não encontrado`);
		if (phoneNumber && phoneDigits(phoneNumber) !== phoneDigits(contact.phoneNumber))
			throw badRequest('O contactId e o phoneNumber informados são de contatos diferentes', 'phoneNumber');
		return contact;
	}
	if (!phoneDigits(phoneNumber)) throw badRequest(`Telefone inválido: '${phoneNumber}'`, 'phoneNumber');
	const contact = findByPhone(ctx.state, phoneNumber);
	if (!contact) throw notFound(`Contato com o telefone '${phoneNumber}' não encontrado`);
	return contact;
}

/**
 * The contacts a batch names. IDs are a filter: an ID no contact has matches nothing. Phones that no
 * contact has are created when `createMissing` (the documents say so for the sequence batches).
 */
function manyContacts(ctx, createMissing) {
	const { contactIds, phoneNumbers } = ctx.body ?? {};
	if (!contactIds?.length && !phoneNumbers?.length) throw badRequest('Informe contactIds ou phoneNumbers', 'contactIds');
	const found = new Map();
	for (const id of contactIds ?? []) {
		const contact = ctx.state.contacts.get(String(id).toLowerCase());
		if (contact) found.set(contact.id, contact);
	}
	for (const [i, phone] of (phoneNumbers ?? []).entries()) {
		if (phoneDigits(phone).length < 8) throw badRequest(`Telefone inválido: '${phone}'`, `phoneNumbers[${i}]`);
		let contact = findByPhone(ctx.state, phone);
		if (!contact && createMissing) {
			contact = blankContact(ctx.state);
			contact.phoneNumber = helenaPhone(phone);
			insertContact(ctx.state, contact);
			const created = contact;
			ctx.notify('CONTACT_NEW', () => toWebhookContact(ctx.state, created));
		}
		if (contact) found.set(contact.id, contact);
	}
	return [...found.values()];
}

/** Puts `contact` in the list; a member already is added again (its lastAddedAt moves on). */
function addTo(ctx, field, members, listId, contact) {
	const isNew = !contact[field].includes(listId);
	if (isNew) {
		contact[field] = [...contact[field], listId];
		contact.updatedAt = laterThan(contact.updatedAt ?? nowIso());
		ctx.state.version++;
	}
	touchMember(members, listId, contact, isNew);
}

/** Takes `contact` out of the list; one that is not in it stays as it is. */
function removeFrom(ctx, field, members, listId, contact) {
	if (!contact[field].includes(listId)) return;
	contact[field] = contact[field].filter((id) => id !== listId);
	contact.updatedAt = laterThan(contact.updatedAt ?? nowIso());
	members.delete(`${listId}|${contact.id}`);
	ctx.state.version++;
}

/** A list ID from the path (case-insensitive), or undefined when it is not a UUID. */
const listIdOf = (ctx) => (isUuid(ctx.params.id) ? String(ctx.params.id).toLowerCase() : undefined);

/** A page holding every record of a batch answer. */
function wholePage(items) {
	return {
		pageNumber: 1,
		pageSize: Math.max(1, items.length),
		orderBy: null,
		orderDirection: null,
		items,
		totalItems: items.length,
		totalPages: items.length ? 1 : 0,
		hasMorePages: false,
	};
}

module.exports = { oneContact, manyContacts, addTo, removeFrom, listIdOf, wholePage };
