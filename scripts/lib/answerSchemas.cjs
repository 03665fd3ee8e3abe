'use strict';

/**
 * The documented answers: the response schemas of every operation the node calls, taken from the vendor's
 * OpenAPI documents (`buildAnswerSchemas`, written to contract/answers.json by `npm run answers:update`), and
 * the check that holds an answer to them (`checkAnswer`). The sandbox holds every answer it gives to these
 * schemas; `npm run smoke` holds a real account's answers to them. The JSON ships in the repository, so
 * neither needs the vendor's documents at run time.
 *
 * How an answer is read (nullable, a bare `$ref`, closed objects, formats) is stated once, in schemaCheck.cjs.
 */

const { addSchema, compile, fromOpenApi, problemsOf, resolve, REF_PREFIX } = require('./schemaCheck.cjs');

/** The schema keys the check reads; the rest (descriptions, examples) is left out of contract/answers.json. */
const KEPT = ['$ref', 'type', 'format', 'enum', 'nullable', 'properties', 'items', 'additionalProperties', 'required', 'allOf'];

/** A schema with only the keys the check reads, and the components it refers to added to `used`. */
function trimmed(schema, used) {
	if (!schema || typeof schema !== 'object') return schema;
	const out = {};
	for (const key of KEPT) {
		if (!(key in schema)) continue;
		const value = schema[key];
		if (key === '$ref') {
			if (!value.startsWith(REF_PREFIX)) throw new Error(`unsupported $ref ${value}`);
			used.add(value.slice(REF_PREFIX.length));
			out.$ref = value;
		} else if (key === 'properties') {
			out.properties = Object.fromEntries(Object.entries(value).map(([name, s]) => [name, trimmed(s, used)]));
		} else if (key === 'items' || (key === 'additionalProperties' && typeof value === 'object')) {
			out[key] = trimmed(value, used);
		} else if (key === 'allOf') {
			out.allOf = value.map((s) => trimmed(s, used));
		} else {
			out[key] = value;
		}
	}
	return out;
}

/**
 * The documented success answers (2xx with a JSON body, or none) of each contract endpoint, per service, with
 * the components they reach.
 * @param {Array<{ method: string, path: string, service?: string }>} endpoints
 * @param {Record<string, any>} documents OpenAPI documents by service
 * @param {(document: any, endpoint: any) => { path?: string, operation?: any, problem?: string }} findOperation
 */
function buildAnswerSchemas(endpoints, documents, findOperation) {
	/** @type {Record<string, { operations: Record<string, Record<string, any>>, components: Record<string, any> }>} */
	const services = {};
	for (const endpoint of endpoints) {
		const service = endpoint.service ?? 'core';
		const document = documents[service];
		if (!document) continue;
		const found = findOperation(document, endpoint);
		if (!found.operation) continue;
		const entry = (services[service] ??= { operations: {}, components: {}, used: new Set() });
		const answers = {};
		for (const [status, response] of Object.entries(found.operation.responses ?? {})) {
			if (!/^2\d\d$/.test(status)) continue;
			const schema = response.content?.['application/json']?.schema;
			answers[status] = schema ? trimmed(schema, entry.used) : null;
		}
		entry.operations[`${endpoint.method} ${endpoint.path}`] = answers;
	}
	for (const [service, entry] of Object.entries(services)) {
		const pending = [...entry.used];
		while (pending.length) {
			const name = pending.pop();
			if (entry.components[name]) continue;
			const schema = documents[service].components?.schemas?.[name];
			if (!schema) throw new Error(`${service}: $ref ${REF_PREFIX}${name} does not resolve`);
			const before = new Set(entry.used);
			entry.components[name] = trimmed(schema, entry.used);
			for (const added of entry.used) if (!before.has(added)) pending.push(added);
		}
		entry.components = Object.fromEntries(Object.entries(entry.components).sort(([a], [b]) => a.localeCompare(b)));
		delete entry.used;
	}
	return services;
}

/**
 * @typedef {{ key: string, message: string }} AnswerProblem
 */

/** A run of characters a key or token is made of. */
const KEY_SHAPED = /[\w+/=~-]/;

/**
 * The value as quoted in a disagreement, at most 60 characters. Whoever passes values here removes the key
 * first (the smoke run does); a cut that falls inside a key-shaped run drops the whole run, so what is left of
 * a secret this code cannot recognise is never a prefix of it.
 */
const show = (value) => {
	const text = JSON.stringify(value) ?? String(value);
	if (text.length <= 60) return text;
	let kept = text.slice(0, 57);
	if (KEY_SHAPED.test(text[56]) && KEY_SHAPED.test(text[57])) kept = kept.replace(/[\w+/=~-]+$/, '');
	return `${kept}...`;
};

/** @type {import('./schemaCheck.cjs').Words} */
const WORDS = {
	show,
	isNull: 'is null; the documents do not allow null here',
	integer: 'an integer',
	formatOverType: false,
	near: () => '',
	unknownKey: () => 'the documents have no such key',
	required: 'is documented as required; it is missing',
};

/** The compiled check of each answer schema, per schemas file (contract/answers.json, or a test's own). */
const validators = new WeakMap();
let files = 0;

/** @param {any} schemas @param {string} service @param {string} operation @param {any} schema */
function validatorOf(schemas, service, operation, schema) {
	let file = validators.get(schemas);
	if (!file) validators.set(schemas, (file = { id: `answers-${++files}`, compiled: new Map(), services: new Set() }));
	const name = `${service} ${operation}`;
	if (!file.compiled.has(name)) {
		// each component a schema of its own, so that ajv compiles it once for every answer that refers to it
		const components = schemas.services[service].components;
		const refBase = `urn:${file.id}:${service}:`;
		if (!file.services.has(service))
			for (const [n, s] of Object.entries(components)) addSchema({ $id: `${refBase}${n}`, ...fromOpenApi(s, components, refBase) });
		file.services.add(service);
		file.compiled.set(name, compile(fromOpenApi(schema, components, refBase)));
	}
	return file.compiled.get(name);
}

/**
 * The documented schema of one answer: undefined when the operation is not in the file; null when the
 * documents give that status no body.
 * @param {any} schemas contract/answers.json
 * @param {string} service @param {string} method @param {string} path the contract's path template
 * @param {number} status
 */
function answerSchemaOf(schemas, service, method, path, status) {
	const operation = schemas.services?.[service]?.operations?.[`${method} ${path}`];
	if (!operation) return undefined;
	if (Object.hasOwn(operation, String(status))) return { schema: operation[String(status)] };
	return { missing: Object.keys(operation) };
}

/**
 * Every disagreement of one answer with the documents ([] when it conforms), or undefined when the file has
 * no schema for the operation.
 * @param {any} schemas contract/answers.json
 * @param {{ service: string, method: string, path: string, status: number, body: unknown }} answer
 * @returns {AnswerProblem[] | undefined}
 */
function checkAnswer(schemas, { service, method, path, status, body }) {
	const found = answerSchemaOf(schemas, service, method, path, status);
	if (!found) return undefined;
	if (found.missing)
		return [{ key: 'status', message: `the documents give ${found.missing.join(', ') || 'no success status'}, not ${status}` }];
	if (found.schema === null)
		return body === undefined || body === '' ? [] : [{ key: 'body', message: 'the documents give this answer no body' }];
	if (body === undefined) return [{ key: 'body', message: 'is empty; the documents give it a body' }];
	const validate = validatorOf(schemas, service, `${method} ${path} ${status}`, found.schema);
	if (validate(body)) return [];
	return problemsOf(validate.errors, body, '', WORDS).map((p) => ({ ...p, key: p.key || 'body' }));
}

/**
 * Of `routes` (`GET /v1/contact/{id}`), the one a request's path segments (below the service prefix) fit: literal
 * segments found case-insensitively (as ASP.NET routes, so a wrongly cased path is reported, not unknown), a
 * parameter never empty, the route with the most literal segments first.
 * @param {Iterable<string>} routes @param {string} method @param {string[]} parts
 */
function routeOf(routes, method, parts) {
	let best;
	for (const route of routes) {
		const [verb, template] = route.split(' ');
		const segments = template.split('/').slice(1);
		if (verb !== method || segments.length !== parts.length) continue;
		const isParam = segments.map((segment) => /^\{\w+\}$/.test(segment));
		if (!segments.every((segment, i) => (isParam[i] ? parts[i] !== '' : segment.toLowerCase() === parts[i].toLowerCase()))) continue;
		const literals = isParam.filter((param) => !param).length;
		if (!best || literals > best.literals) best = { literals, route };
	}
	return best?.route;
}

/**
 * The operation of contract/answers.json a request path belongs to (`GET /v1/contact/{id}`), or undefined.
 * @param {any} schemas @param {string} method @param {string} path from the service prefix on, e.g. /core/v1/contact/…
 * @returns {{ service: string, path: string } | undefined}
 */
function operationOf(schemas, method, path) {
	const [, service, ...parts] = path.replace(/\/+$/, '').split('/');
	const route = routeOf(Object.keys(schemas.services?.[service?.toLowerCase()]?.operations ?? {}), method, parts);
	return route && { service: service.toLowerCase(), path: route.split(' ')[1] };
}

/**
 * The documented fields the node cannot do without, missing from an answer: a page's `items` and each item's
 * `id`, or a record's `id`, wherever the documents give them.
 * @param {any} schemas @param {{ service: string, method: string, path: string, status: number, body: unknown }} answer
 * @returns {AnswerProblem[]}
 */
function missingNeededFields(schemas, { service, method, path, status, body }) {
	const found = answerSchemaOf(schemas, service, method, path, status);
	if (!found?.schema || body === null || typeof body !== 'object' || Array.isArray(body)) return [];
	const document = { components: { schemas: schemas.services[service].components } };
	const schema = resolve(document, found.schema);
	const props = schema.properties ?? {};
	const problems = [];
	if (props.items) {
		if (!Object.hasOwn(body, 'items')) return [{ key: 'items', message: 'is missing; the node reads the page from it' }];
		const item = resolve(document, resolve(document, props.items).items ?? {});
		if (item.properties?.id && Array.isArray(body.items))
			body.items.forEach((entry, i) => {
				if (entry && typeof entry === 'object' && !Object.hasOwn(entry, 'id'))
					problems.push({ key: `items[${i}].id`, message: 'is missing; the node names records by it' });
			});
	} else if (props.id && !Object.hasOwn(body, 'id')) {
		problems.push({ key: 'id', message: 'is missing; the node names records by it' });
	}
	return problems;
}

module.exports = { buildAnswerSchemas, checkAnswer, answerSchemaOf, operationOf, routeOf, missingNeededFields };
