'use strict';

/** Panels: list (v2), get with details (v1), their custom fields and lost reasons (v1). */

const { notFound, badRequest } = require('../errors');
const { queryBool } = require('../validate');
const { toPublicDefinition } = require('./definitions');
const { crmOf, toPublicPanel } = require('./store');
const { pageOf, windowFilter } = require('./paging');

/** The panel a path names, or Helena's "not found". */
function panelOf(ctx, id = ctx.params.id) {
	const panel = crmOf(ctx.state).panels.get(String(id).toLowerCase());
	if (!panel) throw notFound(`Painel '${id}' não encontrado`);
	return panel;
}

function list(ctx) {
	const { state, query } = ctx;
	const title = (query.get('Title') ?? '').toLowerCase();
	const type = query.get('Type');
	const details = new Set(query.getAll('IncludeDetails'));
	const inWindow = windowFilter(query);
	const panels = [...crmOf(state).panels.values()].filter(
		(p) => (!title || p.title.toLowerCase().includes(title)) && (!type || p.type === type) && inWindow(p),
	);
	return pageOf(query, panels, (p) => toPublicPanel(state, p, details));
}

function get(ctx) {
	return toPublicPanel(ctx.state, panelOf(ctx), new Set(ctx.query.getAll('IncludeDetails')));
}

/** The definitions of one panel, or of every panel; flat, or GROUPs with their children. */
function definitions(crm, nested, scopeId) {
	const defs = [...crm.customFields.values()].filter((d) => !scopeId || d.scopeId === scopeId);
	if (!nested) return defs.map((d) => toPublicDefinition(d, null));
	const build = (def) => toPublicDefinition(def, def.type === 'GROUP' ? defs.filter((d) => d.parentId === def.id).map(build) : null);
	return defs.filter((d) => !d.parentId).map(build);
}

function customFields(ctx) {
	const panel = panelOf(ctx);
	return definitions(crmOf(ctx.state), queryBool(ctx.query.get('NestedList'), 'NestedList') ?? false, panel.id);
}

/** GET /core/v1/custom-field?EntityType=: contact fields from core, panel fields from the CRM. */
function coreCustomFields(ctx, contactFields) {
	if ((ctx.query.get('EntityType') ?? 'CONTACT') === 'CONTACT') return contactFields(ctx);
	return definitions(crmOf(ctx.state), queryBool(ctx.query.get('NestedList'), 'NestedList') ?? false);
}

function lostReasons(ctx) {
	const panel = panelOf(ctx);
	if (panel.type !== 'SALES') throw badRequest(`O painel '${panel.title}' não é do tipo Vendas e não tem motivos de perda`, 'id');
	const inWindow = windowFilter(ctx.query);
	const reasons = [...crmOf(ctx.state).lostReasons.values()].filter((r) => r.panelId === panel.id && inWindow(r));
	return pageOf(ctx.query, reasons, (r) => ({ ...r }));
}

module.exports = { list, get, customFields, coreCustomFields, lostReasons, panelOf };
