'use strict';

/** Sequences (chat service): list with figures, one or many contacts in and out, and the contacts of one. */

const { notFound } = require('../errors');
const { phoneDigits } = require('../phone');
const { pageOf, windowFilter } = require('../crm/paging');
const { listsOf, toPublicSequence, toPublicSequenceMember, contactsIn } = require('./store');
const { oneContact, manyContacts, addTo, removeFrom, listIdOf, wholePage } = require('./members');

function sequenceOf(ctx) {
	const id = listIdOf(ctx);
	const sequence = id && listsOf(ctx.state).sequences.get(id);
	if (!sequence) throw notFound(`Sequência '${ctx.params.id}' não encontrada`);
	return sequence;
}

function list(ctx) {
	const { state, query } = ctx;
	const name = (query.get('Name') ?? '').toLowerCase();
	const contactId = query.get('ContactId')?.toLowerCase();
	const details = new Set(query.getAll('IncludeDetails'));
	const inWindow = windowFilter(query);
	const sequences = [...listsOf(state).sequences.values()].filter(
		(s) =>
			(!name || s.name.toLowerCase().includes(name)) &&
			(!contactId || state.contacts.get(contactId)?.sequenceIds.includes(s.id)) &&
			inWindow(s),
	);
	return pageOf(query, sequences, (s) => toPublicSequence(state, s, details));
}

function addContact(ctx) {
	const sequence = sequenceOf(ctx);
	const contact = oneContact(ctx);
	addTo(ctx, 'sequenceIds', listsOf(ctx.state).sequenceMembers, sequence.id, contact);
	return toPublicSequenceMember(ctx.state, sequence, contact);
}

function removeContact(ctx) {
	const sequence = sequenceOf(ctx);
	removeFrom(ctx, 'sequenceIds', listsOf(ctx.state).sequenceMembers, sequence.id, oneContact(ctx));
	return undefined;
}

function addContacts(ctx) {
	const sequence = sequenceOf(ctx);
	const contacts = manyContacts(ctx, true);
	for (const contact of contacts) addTo(ctx, 'sequenceIds', listsOf(ctx.state).sequenceMembers, sequence.id, contact);
	return wholePage(contacts.map((contact) => toPublicSequenceMember(ctx.state, sequence, contact)));
}

function removeContacts(ctx) {
	const sequence = sequenceOf(ctx);
	for (const contact of manyContacts(ctx, false)) removeFrom(ctx, 'sequenceIds', listsOf(ctx.state).sequenceMembers, sequence.id, contact);
	return undefined;
}

function listContacts(ctx) {
	const { state, query } = ctx;
	const sequence = sequenceOf(ctx);
	const name = (query.get('Name') ?? '').toLowerCase();
	const contactId = query.get('ContactId')?.toLowerCase();
	const phone = phoneDigits(query.get('PhoneNumber') ?? '');
	const details = new Set(query.getAll('IncludeDetails'));
	const inWindow = windowFilter(query);
	const members = contactsIn(state, 'sequenceIds', sequence.id)
		.filter(
			(c) =>
				(!name || (c.name ?? '').toLowerCase().includes(name)) &&
				(!contactId || c.id === contactId) &&
				(!phone || phoneDigits(c.phoneNumber) === phone),
		)
		.map((c) => toPublicSequenceMember(state, sequence, c, details))
		.filter(inWindow);
	return pageOf(query, members, (m) => m);
}

module.exports = { list, addContact, removeContact, addContacts, removeContacts, listContacts, sequenceOf };
