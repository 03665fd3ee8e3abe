'use strict';

/** The endpoints of the spec's endpoint list, relative to /core. Literal segments are listed before `:params`. */

const contacts = require('./contacts');
const customFields = require('./customFields');
const departments = require('./departments');
const webhooks = require('./webhooks');
const { CHAT_ROUTES, CORE_ROUTES_FOR_CHAT } = require('./chat/routes');
const { CRM_ROUTES, CORE_ROUTES_FOR_CRM } = require('./crm/routes');
const { CORE_ROUTES_FOR_ACCOUNT } = require('./account/routes');
const { CORE_ROUTES_FOR_LISTS, CHAT_ROUTES_FOR_LISTS } = require('./lists/routes');

/** @type {[string, string, (ctx: import('./server').RouteContext) => unknown][]} */
const TABLE = [
	['GET', '/v1/contact', contacts.list],
	['POST', '/v1/contact', contacts.create],
	['POST', '/v1/contact/filter', contacts.filter],
	['GET', '/v1/contact/custom-field', customFields.listCustomFields],
	['GET', '/v1/contact/phonenumber/:phone', contacts.getByPhone],
	['PUT', '/v1/contact/phonenumber/:phone', contacts.updateByPhone],
	['POST', '/v1/contact/phonenumber/:phone/tags', contacts.tagsByPhone],
	['GET', '/v1/contact/:id', contacts.getById],
	['POST', '/v1/contact/:id/tags', contacts.tagsById],
	['PUT', '/v2/contact/:id', contacts.updateById],
	['POST', '/v2/contact/batch', contacts.batch],

	['GET', '/v2/department', departments.list],
	['POST', '/v1/department', departments.create],
	['GET', '/v1/department/:id', departments.get],
	['PUT', '/v1/department/:id', departments.update],
	['DELETE', '/v1/department/:id', departments.remove],
	['PUT', '/v1/department/:id/agents', departments.agents],
	['GET', '/v1/department/:id/channel', departments.channels],

	['GET', '/v1/webhook/event', webhooks.routes.events],
	['GET', '/v1/webhook/subscription', webhooks.routes.list],
	['POST', '/v1/webhook/subscription', webhooks.routes.create],
	['GET', '/v1/webhook/subscription/:subscriptionId', webhooks.routes.get],
	['PUT', '/v1/webhook/subscription/:subscriptionId', webhooks.routes.update],
	['DELETE', '/v1/webhook/subscription/:subscriptionId', webhooks.routes.remove],
	...CORE_ROUTES_FOR_CHAT,
	...CORE_ROUTES_FOR_CRM,
	...CORE_ROUTES_FOR_ACCOUNT,
	...CORE_ROUTES_FOR_LISTS,
];

const compile = (table) =>
	table.map(([method, pattern, handler]) => ({
		method,
		segments: pattern
			.split('/')
			.slice(1)
			.map((s) => (s.startsWith(':') ? { param: s.slice(1) } : { literal: s.toLowerCase() })),
		handler,
	}));
const ROUTES = { core: compile(TABLE), chat: compile([...CHAT_ROUTES, ...CHAT_ROUTES_FOR_LISTS]), crm: compile(CRM_ROUTES) };

/**
 * Match a raw (still percent-encoded) path below /core (or /chat, with `service`). Literal segments compare
 * case-insensitively (as ASP.NET routing does); params are percent-decoded.
 * @param {string} method
 * @param {string} rawPath e.g. '/v1/contact/phonenumber/%2B55%7C11999999999'
 * @returns {{ handler: Function, params: Record<string, string> } | { badEncoding: true } | undefined}
 */
function matchRoute(method, rawPath, service = 'core') {
	const parts = rawPath.replace(/\/+$/, '').split('/').slice(1);
	for (const route of ROUTES[service]) {
		if (route.method !== method || route.segments.length !== parts.length) continue;
		/** @type {Record<string, string>} */
		const params = {};
		let ok = true;
		for (let i = 0; i < parts.length && ok; i++) {
			const seg = route.segments[i];
			if (seg.literal !== undefined) ok = parts[i].toLowerCase() === seg.literal;
			else if (!parts[i]) ok = false;
			else {
				try {
					params[seg.param] = decodeURIComponent(parts[i]);
				} catch {
					return { badEncoding: true };
				}
			}
		}
		if (ok) return { handler: route.handler, params };
	}
	return undefined;
}

module.exports = { matchRoute };
