'use strict';

/** The CRM service's endpoints (relative to /crm), and the core one that lists panel custom fields. */

const panels = require('./panels');
const cards = require('./cards');
const { listCustomFields } = require('../customFields');

const CRM_ROUTES = [
	['GET', '/v2/panel', panels.list],
	['GET', '/v1/panel/:id', panels.get],
	['GET', '/v1/panel/:id/custom-fields', panels.customFields],
	['GET', '/v1/panel/:id/lost-reason', panels.lostReasons],

	['GET', '/v2/panel/card', cards.list],
	['POST', '/v2/panel/card', cards.create],
	['GET', '/v2/panel/card/:id', cards.get],
	['POST', '/v2/panel/card/:id/duplicate', cards.duplicate],
	['PUT', '/v3/panel/card/:id', cards.update],
	['GET', '/v1/panel/card/:cardId/note', cards.listNotes],
	['POST', '/v1/panel/card/:cardId/note', cards.addNote],
	['DELETE', '/v1/panel/card/:cardId/note/:noteId', cards.deleteNote],
];

const CORE_ROUTES_FOR_CRM = [['GET', '/v1/custom-field', (ctx) => panels.coreCustomFields(ctx, listCustomFields)]];

module.exports = { CRM_ROUTES, CORE_ROUTES_FOR_CRM };
