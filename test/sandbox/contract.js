'use strict';

/**
 * The wire contract: every operation the node calls, by the part of the sandbox that answers it. What each
 * one takes (path parameters, query names, body keys, their types, nullability, lengths, ranges and enum
 * spellings) is the vendor's OpenAPI documents' own, read into contract/requests.json by
 * `npm run answers:update` (scripts/lib/requestTypes.cjs); `npm run check:contract` holds that file current.
 * contractCheck.js holds every request the sandbox receives to it. An endpoint is added by adding its line
 * to contract/operations.txt and running `npm run answers:update -- <folder>`.
 */

const fs = require('node:fs');
const path = require('node:path');
const { operationLine, readOperations } = require('../../scripts/lib/requestTypes.cjs');
const REQUESTS = require('../../contract/requests.json');

/** The operation lines (`METHOD /service/path`) of each table of contract/operations.txt. */
const TABLES = readOperations(fs.readFileSync(path.join(__dirname, '../../contract/operations.txt'), 'utf8'));

/**
 * The other reading of a documented disagreement: beside the documents' enum that holds `of` under one of the
 * keys `in`, the `values` the sandbox takes only while its `variation` switch plays that reading (see
 * variations.js). The disagreement must be listed in docs/api-disagreements.md (`npm run check:contract`
 * holds it to that). The tag-removal value: the reference writes `DeleteIfExists`, the older API spec `ExcluiIfExists`.
 */
const TAG_REMOVAL = { seed: 'ExcluiIfExists', vendor: 'DeleteIfExists' };
const OTHER_READINGS = [
	{
		of: TAG_REMOVAL.vendor,
		in: ['operation', 'tagsOperation'],
		disagreement: 'Tag removal value',
		variation: 'tagRemoval',
		plays: ['seed', 'both'],
		values: [TAG_REMOVAL.seed],
	},
];

/** A type with the other readings marked on each enum they belong to (`key`: the name it is under). */
function withReadings(type, key) {
	if (!type || typeof type !== 'object' || Array.isArray(type)) return type;
	const named = (types) => Object.fromEntries(Object.entries(types).map(([name, value]) => [name, withReadings(value, name)]));
	const out = {};
	for (const [name, value] of Object.entries(type))
		out[name] = ['keys', 'query', 'params'].includes(name) ? named(value) : withReadings(value, key);
	const reading = type.type === 'enum' && OTHER_READINGS.find((r) => r.in.includes(key) && type.values.includes(r.of));
	if (reading) out.otherReading = reading;
	return out;
}

/** @typedef {{ service: string, method: string, path: string, params?: Record<string, any>, query?: Record<string, any>, body?: any }} Endpoint */

const byRoute = new Map(REQUESTS.endpoints.map((endpoint) => [operationLine(endpoint), withReadings(endpoint)]));
/** The endpoints of some operation lines. */
function endpointsOf(routes) {
	const missing = routes.filter((route) => !byRoute.has(route));
	if (missing.length)
		throw new Error(`contract/requests.json lacks ${missing.join(', ')}: run npm run answers:update -- <folder with the documents>`);
	return routes.map((route) => byRoute.get(route));
}

/** Every endpoint of every table, each with its service. */
const contractEndpoints = () => Object.values(TABLES).flatMap(endpointsOf);

/** The values of the enum at `at` (`body.fields[]`, `query.Status`) of one operation: the stores' vocabulary. */
function valuesAt(route, at) {
	let type = byRoute.get(route);
	for (const step of at.split(/\.|(?=\[\])/)) type = step === '[]' ? type?.of : (type?.[step] ?? type?.keys?.[step]);
	if (!type?.values) throw new Error(`contract: no enum at ${route} ${at}`);
	return type.values;
}

const CONTACT = 'PUT /core/v2/contact/{id}';
const USER = 'PUT /core/v1/agent/{id}';

module.exports = {
	TABLES,
	contractEndpoints,
	/** The contact, department and webhook endpoints (`/core`). */
	ENDPOINTS: endpointsOf(TABLES.contacts),
	CRM_ENDPOINTS: endpointsOf(TABLES.crm),
	TAG_REMOVAL,
	OTHER_READINGS,
	WEBHOOK_EVENTS: valuesAt('POST /core/v1/webhook/subscription', 'body.events[]'),
	DEPARTMENT_UPDATE_FIELDS: valuesAt('PUT /core/v1/department/{id}', 'body.fields[]'),
	CONTACT_VOCABULARY: {
		statuses: valuesAt('GET /core/v1/contact', 'query.Status'),
		origins: valuesAt('POST /core/v1/contact/filter', 'body.origin'),
		updateFields: valuesAt(CONTACT, 'body.fields[]'),
		/** The body keys of a contact create or update (`fields` and `options` are read apart). */
		bodyKeys: Object.keys(byRoute.get(CONTACT)?.body.keys ?? {}).filter((key) => key !== 'fields' && key !== 'options'),
	},
	USER_VOCABULARY: {
		profiles: valuesAt('POST /core/v1/agent', 'body.profile'),
		availability: valuesAt('POST /core/v1/agent', 'body.availability'),
		updateFields: valuesAt(USER, 'body.fields[]'),
		sessionResolutions: valuesAt('DELETE /core/v1/agent/{id}', 'body.sessionResolution'),
		statuses: valuesAt('POST /core/v1/agent/{id}/status', 'body.status'),
		departmentActions: valuesAt('POST /core/v1/agent/{id}/departments', 'body.action'),
	},
	SESSION_PARTIAL_FIELDS: valuesAt('PUT /chat/v2/session/{id}/partial', 'body.fields[]'),
	SCHEDULED_UPDATE_FIELDS: valuesAt('PUT /chat/v1/scheduled-message/{id}', 'body.fields[]'),
	TAG_COLORS: valuesAt('POST /core/v1/tag', 'body.color'),
	PORTFOLIO_PAGING_TYPES: valuesAt('GET /core/v1/portfolio/{id}/contact', 'query.Type'),
};
