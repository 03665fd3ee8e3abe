'use strict';

/**
 * Holds every request against the contract (contract.js: the vendor's documents, in contract/requests.json): exact-case path,
 * query names and body keys, types, nullability, lengths and enum spellings. Anything outside it is a
 * violation: the sandbox refuses it with a 400 that names the key, because the real service would swallow it.
 * A value marked `otherReading` also admits the other reading of a documented disagreement, only while the
 * sandbox's variation switch plays it. Each contract type is checked as JSON Schema by ajv (scripts/lib/schemaCheck.cjs).
 *
 * The ledger counts requests validated and violations for the whole process; when
 * HELENA_CONTRACT_LEDGER names a folder (jest's global setup does), each sandbox writes its counts
 * there, so the run can end by asserting zero violations over every test file.
 */

const fs = require('node:fs');
const path = require('node:path');
const { contractEndpoints } = require('./contract');
const { ApiError } = require('./errors');
const { checkAnswer, routeOf } = require('../../scripts/lib/answerSchemas.cjs');
const { compile, problemsOf: problemsOfErrors } = require('../../scripts/lib/schemaCheck.cjs');
const ANSWERS = require('../../contract/answers.json');

const INT_RE = /^-?\d+$/;

/**
 * @typedef {object} Problem
 * @property {string} key      where, e.g. `body.options.upsertTagOperation`, `query.PageSize`, `path.id`
 * @property {string} message
 */

const SERVICES = [...new Set(contractEndpoints().map((endpoint) => endpoint.service))];
const SERVICE_RE = new RegExp(`^/(${SERVICES.join('|')})(/|$)`, 'i');

/** Each service's endpoints by route (`GET /v1/contact/{id}`). */
const byService = new Map(SERVICES.map((service) => [service, new Map()]));
for (const endpoint of contractEndpoints()) byService.get(endpoint.service).set(`${endpoint.method} ${endpoint.path}`, endpoint);

/**
 * The endpoint a path below its service prefix (/core, /chat, ...) belongs to (`routeOf`: a wrongly cased path
 * is reported, not mistaken for an unknown route), with the path's segments.
 * @param {string} method
 * @param {string} rawPath still percent-encoded
 * @param {string} [service]
 */
function findEndpoint(method, rawPath, service = 'core') {
	const parts = rawPath.replace(/\/+$/, '').split('/').slice(1);
	const routes = byService.get(service) ?? new Map();
	const route = routeOf(routes.keys(), method, parts);
	return route && { endpoint: routes.get(route), parts };
}

/**
 * The contract's endpoint of a request that must have one (tests of what the node sent); throws naming the request otherwise.
 * @param {string} method
 * @param {string} rawPath still percent-encoded, below its service prefix
 * @param {string} [service]
 */
function endpointOf(method, rawPath, service = 'core') {
	const match = findEndpoint(method, rawPath, service);
	if (!match) throw new Error(`${method} /${service}${rawPath} is no endpoint of the contract`);
	return match.endpoint;
}

const nearCase = (name, names) => names.find((n) => n.toLowerCase() === name.toLowerCase());
const unknownKey = (key, name, names) => {
	const near = nearCase(name, names);
	return {
		key,
		message: near
			? `unknown key '${name}': the contract spells it '${near}'`
			: `unknown key '${name}' (known: ${names.join(', ') || 'none'})`,
	};
};

/**
 * Whether the service, as the variation switches play it, reads a value marked with another reading.
 * @param {any} type
 * @param {Record<string, string>} [variations] the sandbox's variation settings
 */
const playsOtherReading = (type, variations) =>
	Boolean(type.otherReading && variations && type.otherReading.plays.includes(variations[type.otherReading.variation]));

/**
 * A contract type as JSON Schema, admitting the other reading's values while the variations play it.
 * @param {any} type @param {Record<string, string>} [variations]
 */
function jsonSchemaOf(type, variations) {
	const keys = type.keys ?? {};
	const schema = {
		string: () => ({ type: 'string', minLength: type.min, maxLength: type.max }),
		uuid: () => ({ type: 'string', format: 'uuid' }),
		int32: () => ({ type: 'integer', minimum: type.min, maximum: type.max }),
		number: () => ({ type: 'number', minimum: type.min, maximum: type.max }),
		boolean: () => ({ type: 'boolean' }),
		dateTime: () => ({ type: 'string', format: 'date-time' }),
		// `x-listed`: the values a refusal lists (the reference's, not the other reading's)
		enum: () => ({
			enum: [...type.values, ...(playsOtherReading(type, variations) ? type.otherReading.values : [])],
			'x-listed': type.values,
		}),
		list: () => ({ type: 'array', items: jsonSchemaOf(type.of, variations), minItems: type.min, maxItems: type.max }),
		map: () => ({ type: 'object', additionalProperties: type.values ? jsonSchemaOf(type.values, variations) : true }),
		shape: () => ({
			type: 'object',
			properties: Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, jsonSchemaOf(key, variations)])),
			additionalProperties: false,
			required: Object.keys(keys).filter((name) => keys[name].required),
		}),
	}[type.type]?.();
	if (!schema) throw new Error(`contract: unknown type ${type.type}`);
	if (type.nullable) {
		if (schema.enum) schema.enum.push(null);
		else schema.type = [schema.type, 'null'];
	}
	return Object.fromEntries(Object.entries(schema).filter(([, value]) => value !== undefined));
}

/** @type {import('../../scripts/lib/schemaCheck.cjs').Words} */
const WORDS = {
	show: (value) => JSON.stringify(value),
	isNull: 'must not be null',
	integer: 'an int32',
	formatOverType: true,
	near: (value, values) => {
		const near = typeof value === 'string' ? nearCase(value, values) : undefined;
		return near ? ` (the contract spells it '${near}')` : '';
	},
	unknownKey: (name, names) => unknownKey('', name, names).message,
	required: 'is required',
};

/** The compiled check of each contract type, per variation settings. */
const validators = new WeakMap();

/** A query value as the type's text form reads it (ASP.NET binding); left as text when it does not read. */
function fromQueryText(type, value) {
	if (typeof value !== 'string') return value;
	if (type.type === 'int32') return INT_RE.test(value) ? Number(value) : value;
	if (type.type === 'number') return value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
	if (type.type === 'boolean') return value === 'true' ? true : value === 'false' ? false : value;
	return value;
}

/**
 * @param {any} type contract type
 * @param {unknown} value
 * @param {string} key
 * @param {Problem[]} problems
 * @param {boolean} [fromQuery] value is query text, to be read as the type's text form
 * @param {Record<string, string>} [variations] the sandbox's variation settings (for values with another reading)
 */
function checkValue(type, value, key, problems, fromQuery = false, variations = undefined) {
	const data = fromQuery ? fromQueryText(type, value) : value;
	if (!validators.has(type)) validators.set(type, new Map());
	const byVariations = validators.get(type);
	const variationKey = JSON.stringify(variations ?? {});
	if (!byVariations.has(variationKey)) byVariations.set(variationKey, compile(jsonSchemaOf(type, variations)));
	const validate = byVariations.get(variationKey);
	if (!validate(data)) problems.push(...problemsOfErrors(validate.errors, data, key, WORDS));
}

/** `Metadata[plan]` → `['Metadata', 'plan']`: a map in a query, written as ASP.NET binds a dictionary. */
const MAP_KEY_RE = /^([^[\]]+)\[([^[\]]*)\]$/;

/**
 * @param {{ endpoint: import('./contract').Endpoint, parts: string[] }} match
 * @param {string} rawQuery
 * @param {{ present: boolean, json: boolean, value: unknown }} body
 * @param {Record<string, string>} [variations] the sandbox's variation settings
 * @returns {Problem[]}
 */
function problemsOf(match, rawQuery, body, variations = undefined) {
	const { endpoint, parts } = match;
	/** @type {Problem[]} */
	const problems = [];
	endpoint.path
		.split('/')
		.slice(1)
		.forEach((segment, i) => {
			const param = /^\{(\w+)\}$/.exec(segment)?.[1];
			if (!param) {
				if (parts[i] !== segment)
					problems.push({ key: 'path', message: `segment '${parts[i]}' must be written '${segment}' (${endpoint.path})` });
				return;
			}
			let value;
			try {
				value = decodeURIComponent(parts[i]);
			} catch {
				problems.push({ key: `path.${param}`, message: 'is not valid percent-encoding' });
				return;
			}
			checkValue(endpoint.params[param], value, `path.${param}`, problems);
		});

	const query = endpoint.query ?? {};
	/** @type {Map<string, string[]>} */
	const given = new Map();
	for (const [name, value] of new URLSearchParams(rawQuery)) given.set(name, [...(given.get(name) ?? []), value]);
	for (const [name, values] of given) {
		const mapKey = MAP_KEY_RE.exec(name);
		if (mapKey && query[mapKey[1]]?.type === 'map') {
			if (mapKey[2] === '') problems.push({ key: `query.${name}`, message: 'names no key inside the brackets' });
			else if (values.length > 1) problems.push({ key: `query.${name}`, message: `is given ${values.length} times; it takes one value` });
			else if (query[mapKey[1]].values) checkValue(query[mapKey[1]].values, values[0], `query.${name}`, problems, true, variations);
			continue;
		}
		const type = query[name];
		if (!type) {
			problems.push(unknownKey(`query.${name}`, name, Object.keys(query)));
			continue;
		}
		if (type.type === 'map') problems.push({ key: `query.${name}`, message: `takes its entries as ${name}[key]=value` });
		else if (type.type === 'list')
			values.forEach((value, i) => checkValue(type.of, value, `query.${name}[${i}]`, problems, true, variations));
		else if (values.length > 1) problems.push({ key: `query.${name}`, message: `is given ${values.length} times; it takes one value` });
		else checkValue(type, values[0], `query.${name}`, problems, true, variations);
	}
	for (const [name, type] of Object.entries(query))
		if (type.required && !given.has(name)) problems.push({ key: `query.${name}`, message: 'is required' });

	if (!endpoint.body) {
		if (body.present) problems.push({ key: 'body', message: `${endpoint.method} ${endpoint.path} takes no body` });
	} else if (!body.present) {
		problems.push({ key: 'body', message: 'a JSON object is required' });
	} else if (!body.json) {
		problems.push({ key: 'body', message: 'is not valid JSON' });
	} else {
		checkValue(endpoint.body, body.value, 'body', problems, false, variations);
	}
	return problems;
}

/**
 * Counts of this process, over every sandbox it started. `answers` holds the sandbox's own successful answers
 * to the documented response schemas (contract/answers.json): `disagreements` maps each distinct one (operation,
 * key with list positions left out, kind) to its first example; `bentOnPurpose` counts answers a test bent on
 * purpose (a misbehaviour rule, see misbehave.js), which are not held to the documents.
 */
const ledger = {
	validated: 0,
	violations: 0,
	refusedOnPurpose: 0,
	unrouted: 0,
	examples: /** @type {string[]} */ ([]),
	answers: { checked: 0, conforming: 0, bentOnPurpose: 0, disagreements: /** @type {Record<string, string>} */ ({}) },
};
const ledgerFile = process.env.HELENA_CONTRACT_LEDGER
	? path.join(process.env.HELENA_CONTRACT_LEDGER, `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.json`)
	: undefined;

function writeLedger() {
	if (!ledgerFile) return;
	// inside jest, the test file that started the sandbox (so a violation can be traced to it)
	const testPath = typeof expect === 'function' ? expect.getState().testPath : undefined;
	fs.writeFileSync(ledgerFile, JSON.stringify({ testPath, ...ledger }));
}

class ContractCheck {
	/** @param {{ settings: Record<string, string> }} [variations] the sandbox's variations, for values with another reading */
	constructor(variations = undefined) {
		this.variations = variations;
		this.validated = 0;
		/** @type {{ method: string, path: string, problems: Problem[] }[]} violations not yet taken by a test */
		this.violations = [];
	}

	/**
	 * @param {string} method
	 * @param {string} rawPath from the service prefix (/core, /chat, ...) on, still percent-encoded
	 * @param {string} rawQuery
	 * @param {{ present: boolean, json: boolean, value: unknown }} body
	 * @returns {{ endpoint: import('./contract').Endpoint, problems: Problem[] } | undefined}
	 *   undefined when no endpoint has this path (the service answers 404)
	 */
	check(method, rawPath, rawQuery, body) {
		const service = SERVICE_RE.exec(rawPath)?.[1].toLowerCase() ?? 'core';
		const match = findEndpoint(method, rawPath.replace(SERVICE_RE, '/') || '/', service);
		if (!match) {
			ledger.unrouted++;
			return undefined;
		}
		this.validated++;
		ledger.validated++;
		const problems = problemsOf(match, rawQuery, body, this.variations?.settings);
		if (!rawPath.startsWith(`/${service}`))
			problems.unshift({ key: 'path', message: `the service prefix must be written '/${service}', not '${rawPath.slice(0, 5)}'` });
		if (problems.length) {
			this.violations.push({ method, path: rawPath, problems });
			ledger.violations++;
			if (ledger.examples.length < 10)
				ledger.examples.push(`${method} ${rawPath}: ${problems.map((p) => `${p.key} ${p.message}`).join('; ')}`);
			writeLedger();
		}
		return { endpoint: match.endpoint, problems };
	}

	/**
	 * The sandbox's 400 for a request outside the contract, naming each key; undefined when it is within.
	 * @param {string} method @param {string} rawPath @param {string} rawQuery
	 * @param {{ present: boolean, json: boolean, value: unknown }} body
	 */
	refusal(method, rawPath, rawQuery, body) {
		const result = this.check(method, rawPath, rawQuery, body);
		if (!result || result.problems.length === 0) return undefined;
		const text = `Fora do contrato (sandbox): ${result.problems.map((p) => `${p.key}: ${p.message}`).join('; ')}`;
		return new ApiError(400, 'CONTRACT_VIOLATION', text, { violations: result.problems });
	}

	/**
	 * Holds one successful answer of the sandbox to the documented response schema of its operation and status.
	 * @param {string} method @param {string} rawPath from the service prefix on @param {number} status
	 * @param {unknown} body undefined = no body
	 * @param {boolean} bentOnPurpose a test's misbehaviour rule shaped it: counted apart, not held to the documents
	 * @returns {Problem[]} the disagreements ([] when it conforms or is not an operation of the contract)
	 */
	checkAnswer(method, rawPath, status, body, bentOnPurpose = false) {
		const service = SERVICE_RE.exec(rawPath)?.[1].toLowerCase() ?? 'core';
		const match = findEndpoint(method, rawPath.replace(SERVICE_RE, '/') || '/', service);
		if (!match) return [];
		if (bentOnPurpose) {
			ledger.answers.bentOnPurpose++;
			return [];
		}
		let problems;
		try {
			problems = checkAnswer(ANSWERS, { service, method, path: match.endpoint.path, status, body }) ?? [];
		} catch (error) {
			// a fault of the check must show as a disagreement, never turn the answer into a 500
			problems = [{ key: 'body', message: `the answer check failed: ${error instanceof Error ? error.message : String(error)}` }];
		}
		ledger.answers.checked++;
		if (problems.length === 0) ledger.answers.conforming++;
		const operation = `${method} /${service}${match.endpoint.path} ${status}`;
		let added = false;
		for (const { key, message } of problems) {
			const distinct = `${operation} ${key.replace(/\[\d+\]/g, '[]')}: ${message.replace(/ not .*$/, '')}`;
			if (Object.hasOwn(ledger.answers.disagreements, distinct)) continue;
			ledger.answers.disagreements[distinct] = `${operation} ${key}: ${message}`;
			added = true;
		}
		if (added) writeLedger();
		return problems;
	}

	/**
	 * Hands the violations recorded so far to a test that provoked them on purpose; they no longer
	 * count against the run.
	 */
	takeViolations() {
		const taken = this.violations.splice(0);
		ledger.violations -= taken.length;
		ledger.refusedOnPurpose += taken.length;
		ledger.examples = ledger.examples.filter((line) => !taken.some((v) => line.startsWith(`${v.method} ${v.path}:`)));
		writeLedger();
		return taken;
	}
}

/** The process-wide counts (every sandbox of this process). */
function contractLedger() {
	return {
		...ledger,
		examples: [...ledger.examples],
		answers: { ...ledger.answers, disagreements: { ...ledger.answers.disagreements } },
	};
}

module.exports = { contractEndpoints, ContractCheck, contractLedger, writeLedger, findEndpoint, endpointOf, problemsOf, checkValue };
