'use strict';

/** The endpoints of tags and portfolios (core) and of sequences (chat). GET /core/v1/tag is the chat catalog's, which reads tags.list. */

const tags = require('./tags');
const sequences = require('./sequences');
const portfolios = require('./portfolios');

const CORE_ROUTES_FOR_LISTS = [
	['GET', '/v1/tag/color', tags.colors],
	['POST', '/v1/tag', tags.create],
	['PUT', '/v1/tag/:id', tags.update],
	['DELETE', '/v1/tag/:id', tags.remove],

	['GET', '/v1/portfolio', portfolios.list],
	['GET', '/v1/portfolio/:id/contact', portfolios.listContacts],
	['POST', '/v1/portfolio/:id/contact/batch', portfolios.addContacts],
	['DELETE', '/v1/portfolio/:id/contact/batch', portfolios.removeContacts],
	['POST', '/v1/portfolio/:id/contact', portfolios.addContact],
	['DELETE', '/v1/portfolio/:id/contact', portfolios.removeContact],
];

const CHAT_ROUTES_FOR_LISTS = [
	['GET', '/v1/sequence', sequences.list],
	['POST', '/v1/sequence/:id/contact/batch', sequences.addContacts],
	['DELETE', '/v1/sequence/:id/contact/batch', sequences.removeContacts],
	['POST', '/v1/sequence/:id/contact', sequences.addContact],
	['DELETE', '/v1/sequence/:id/contact', sequences.removeContact],
	['GET', '/v2/sequence/:id/contact', sequences.listContacts],
];

module.exports = { CORE_ROUTES_FOR_LISTS, CHAT_ROUTES_FOR_LISTS };
