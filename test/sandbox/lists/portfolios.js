'use strict';

/**
 * Portfolios (core): list, one or many contacts in and out, and the contacts of one, whose listing
 * pages its own way: `Page` (not PageNumber), `Type` PageNumber / Timestamp / Token with
 * `NextPageToken`, and `SkipCount`, which leaves the counts (and so hasMorePages) out.
 */

const { badRequest, notFound } = require('../errors');
const { optEnum, optDate, queryInt, queryBool } = require('../validate');
const { pageOf, windowFilter } = require('../crm/paging');
const { listsOf, toPublicPortfolio, toPublicPortfolioMember, contactsIn, SEED_DATE } = require('./store');
const { oneContact, manyContacts, addTo, removeFrom, listIdOf, wholePage } = require('./members');
const { PORTFOLIO_PAGING_TYPES } = require('../contract');

const dated = (p) => ({ ...p, createdAt: p.createdAt ?? SEED_DATE, updatedAt: p.updatedAt ?? SEED_DATE });

function portfolioOf(ctx) {
	const id = listIdOf(ctx);
	const portfolio = id && ctx.state.portfolios.get(id);
	if (!portfolio) throw notFound(`Carteira '${ctx.params.id}' não encontrada`);
	return portfolio;
}

function list(ctx) {
	const { state, query } = ctx;
	const details = new Set(query.getAll('IncludeDetails'));
	const inWindow = windowFilter(query);
	const portfolios = [...state.portfolios.values()].map(dated).filter(inWindow);
	return pageOf(query, portfolios, (p) => toPublicPortfolio(state, p, details));
}

function addContact(ctx) {
	const portfolio = portfolioOf(ctx);
	const contact = oneContact(ctx);
	addTo(ctx, 'portfolioIds', listsOf(ctx.state).portfolioMembers, portfolio.id, contact);
	return toPublicPortfolioMember(ctx.state, portfolio.id, contact);
}

function removeContact(ctx) {
	const portfolio = portfolioOf(ctx);
	removeFrom(ctx, 'portfolioIds', listsOf(ctx.state).portfolioMembers, portfolio.id, oneContact(ctx));
	return undefined;
}

function addContacts(ctx) {
	const portfolio = portfolioOf(ctx);
	const contacts = manyContacts(ctx, false);
	for (const contact of contacts) addTo(ctx, 'portfolioIds', listsOf(ctx.state).portfolioMembers, portfolio.id, contact);
	return wholePage(contacts.map((contact) => toPublicPortfolioMember(ctx.state, portfolio.id, contact)));
}

function removeContacts(ctx) {
	const portfolio = portfolioOf(ctx);
	for (const contact of manyContacts(ctx, false))
		removeFrom(ctx, 'portfolioIds', listsOf(ctx.state).portfolioMembers, portfolio.id, contact);
	return undefined;
}

/** No documented answer hands out a token, so any token a request carries is one the service never gave. */
function decodeToken(token) {
	throw badRequest(`NextPageToken inválido: '${token}'`, 'NextPageToken');
}

const ORDER_FIELDS = ['createdAt', 'updatedAt', 'name'];
const sortKey = (member, field) => (field === 'name' ? (member.contactDetails.name ?? '').toLowerCase() : member[field]);

function listContacts(ctx) {
	const { state, query } = ctx;
	const lists = listsOf(state);
	const id = listIdOf(ctx);
	if (!(id && state.portfolios.get(id)) && lists.unknownPortfolioAnswer === 'emptyPage') {
		return {
			pageNumber: 1,
			pageSize: 15,
			orderBy: null,
			orderDirection: null,
			items: [],
			totalItems: 0,
			totalPages: 0,
			hasMorePages: false,
		};
	}
	const portfolio = portfolioOf(ctx);
	const type = optEnum(query.get('Type'), PORTFOLIO_PAGING_TYPES, 'Type') ?? 'Undefined';
	const size = queryInt(query.get('PageSize'), 'PageSize') ?? 15;
	if (size < 1 || size > 100) throw badRequest("O campo 'PageSize' deve estar entre 1 e 100", 'PageSize');
	const skipCount = queryBool(query.get('SkipCount'), 'SkipCount') ?? false;
	const ids = new Set(query.getAll('ContactIds').map((v) => v.toLowerCase()));
	const inWindow = windowFilter(query);
	const descending = query.get('OrderByDesc');
	const orderBy = descending ?? query.get('OrderBy') ?? 'createdAt';
	if (!ORDER_FIELDS.includes(orderBy))
		throw badRequest(`Campo de ordenação inválido: '${orderBy}'`, descending ? 'OrderByDesc' : 'OrderBy');

	let members = contactsIn(state, 'portfolioIds', portfolio.id)
		.filter((c) => !ids.size || ids.has(c.id))
		.map((c) => toPublicPortfolioMember(state, portfolio.id, c))
		.filter(inWindow);
	if (type === 'Timestamp') {
		const field = query.get('TimestampField') ?? 'createdAt';
		if (!['createdAt', 'updatedAt'].includes(field)) throw badRequest(`TimestampField inválido: '${field}'`, 'TimestampField');
		const after = optDate(query.get('TimestampFilter'), 'TimestampFilter');
		members = members.filter((m) => !after || m[field] > after).sort((a, b) => (a[field] < b[field] ? -1 : a[field] > b[field] ? 1 : 0));
	} else {
		const direction = descending ? -1 : 1;
		members = members
			.map((m, i) => [m, i])
			.sort(
				([a, i], [b, j]) =>
					(sortKey(a, orderBy) < sortKey(b, orderBy) ? -1 : sortKey(a, orderBy) > sortKey(b, orderBy) ? 1 : i - j) * direction,
			)
			.map(([m]) => m);
	}

	const token = query.get('NextPageToken');
	const pageNumber = Math.max(1, queryInt(query.get('Page'), 'Page') ?? 1);
	const offset = token ? decodeToken(token) : type === 'Token' || type === 'Timestamp' ? 0 : (pageNumber - 1) * size;
	const items = members.slice(offset, offset + size);
	const totalPages = Math.ceil(members.length / size);
	const page = {
		pageNumber: Math.floor(offset / size) + 1,
		pageSize: size,
		orderBy,
		orderDirection: descending ? 'DESCENDING' : 'ASCENDING',
		items,
		totalItems: skipCount ? 0 : members.length,
		totalPages: skipCount ? 0 : totalPages,
		// computed from the count, so a listing that skipped it says no more pages follow
		hasMorePages: skipCount ? false : Math.floor(offset / size) + 1 < totalPages,
	};
	// the documented answer names no next-page token, so none is given (the request may still carry one)
	return page;
}

module.exports = { list, addContact, removeContact, addContacts, removeContacts, listContacts, portfolioOf };
