'use strict';

/**
 * The documented answers: the response schemas of every operation the node calls, taken from the vendor's
 * OpenAPI documents (`buildAnswerSchemas`, written to contract/answers.json by `npm run answers:update`), and
 * the check that holds an answer to them (`checkAnswer`). The sandbox holds every answer it gives to these
 * schemas; `npm run smoke` holds a real account's answers to them. The JSON ships in the repository, so
 * neither needs the vendor's documents at run time.
 *
 * How an answer is read (one place for the rules):
 * - no key the schema lacks, at any depth (the documents close every object they describe);
 * - types, formats (uuid, date-time, int32/int64) and enum spellings as documented;
 * - a key the schema marks `required` is present;
 * - `null` only where the schema says `nullable: true`, as OpenAPI 3.0 reads it. One exception: a property that
 *   is a bare `$ref` may be null. OpenAPI 3.0 ignores every key beside a `$ref`, so the documents cannot mark such
 *   a property nullable, and Helena answers null there when the object is absent.
 */

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,7})?)?(Z|[+-]\d{2}:?\d{2})?$/;
const INT32 = { min: -2147483648, max: 2147483647 };
/** The schema keys the check reads; the rest (descriptions, examples) is left out of contract/answers.json. */
const KEPT = ['$ref', 'type', 'format', 'enum', 'nullable', 'properties', 'items', 'additionalProperties', 'required', 'allOf'];

const REF_PREFIX = '#/components/schemas/';

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

/** Follows `$ref` and merges `allOf`. */
function resolve(components, schema) {
	let current = schema;
	for (let depth = 0; current?.$ref; depth++) {
		if (depth > 20) throw new Error(`$ref loop at ${current.$ref}`);
		current = components[current.$ref.slice(REF_PREFIX.length)];
	}
	if (current?.allOf) {
		const merged = { properties: {}, required: [] };
		for (const part of current.allOf.map((p) => resolve(components, p))) {
			Object.assign(merged.properties, part.properties);
			merged.required.push(...(part.required ?? []));
			for (const key of ['type', 'nullable', 'additionalProperties']) if (key in part) merged[key] = part[key];
		}
		return merged;
	}
	return current ?? {};
}

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

/**
 * Holds one value to its documented schema, adding a problem per disagreement.
 * @param {Record<string, any>} components
 * @param {any} rawSchema
 * @param {unknown} value
 * @param {string} key where, e.g. `items[0].distributionConfig.maximumDurationInMinutes`
 * @param {AnswerProblem[]} problems
 */
function checkValue(components, rawSchema, value, key, problems) {
	const fail = (message) => problems.push({ key, message });
	const schema = resolve(components, rawSchema);
	if (value === null) {
		if (!schema.nullable && !rawSchema?.$ref) fail('is null; the documents do not allow null here');
		return;
	}
	if (schema.enum) {
		if (!schema.enum.includes(value)) fail(`${show(value)} is not one of ${schema.enum.join(', ')}`);
		return;
	}
	switch (schema.type) {
		case 'string':
			if (typeof value !== 'string') return fail(`must be a string, not ${show(value)}`);
			if (schema.format === 'uuid' && !UUID_RE.test(value)) fail(`must be a UUID, not ${show(value)}`);
			if (schema.format === 'date-time' && (!DATE_TIME_RE.test(value) || Number.isNaN(Date.parse(value))))
				fail(`must be an ISO 8601 date-time, not ${show(value)}`);
			return;
		case 'integer':
			if (typeof value !== 'number' || !Number.isInteger(value)) return fail(`must be an integer, not ${show(value)}`);
			if (schema.format === 'int32' && (value < INT32.min || value > INT32.max)) fail(`must be an int32, not ${value}`);
			return;
		case 'number':
			if (typeof value !== 'number' || !Number.isFinite(value)) fail(`must be a number, not ${show(value)}`);
			return;
		case 'boolean':
			if (typeof value !== 'boolean') fail(`must be a boolean, not ${show(value)}`);
			return;
		case 'array':
			if (!Array.isArray(value)) return fail(`must be a list, not ${show(value)}`);
			value.forEach((item, i) => checkValue(components, schema.items ?? {}, item, `${key}[${i}]`, problems));
			return;
		default:
			break;
	}
	if (schema.properties) {
		if (typeof value !== 'object' || Array.isArray(value)) return fail(`must be an object, not ${show(value)}`);
		for (const [name, item] of Object.entries(value)) {
			// a key whose value is undefined is not in the JSON sent
			if (item === undefined) continue;
			const at = key ? `${key}.${name}` : name;
			if (!Object.hasOwn(schema.properties, name)) problems.push({ key: at, message: 'the documents have no such key' });
			else checkValue(components, schema.properties[name], item, at, problems);
		}
		for (const name of schema.required ?? [])
			if (!Object.hasOwn(value, name))
				problems.push({ key: key ? `${key}.${name}` : name, message: 'is documented as required; it is missing' });
		return;
	}
	if (schema.type === 'object') {
		if (typeof value !== 'object' || Array.isArray(value)) return fail(`must be an object, not ${show(value)}`);
		if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
			for (const [name, item] of Object.entries(value))
				checkValue(components, schema.additionalProperties, item, key ? `${key}.${name}` : name, problems);
	}
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
	/** @type {AnswerProblem[]} */
	const problems = [];
	checkValue(schemas.services[service].components, found.schema, body, '', problems);
	return problems.map((p) => ({ ...p, key: p.key || 'body' }));
}

/**
 * The operation of contract/answers.json a request path belongs to (`GET /v1/contact/{id}`), or undefined.
 * @param {any} schemas @param {string} method @param {string} path from the service prefix on, e.g. /core/v1/contact/…
 * @returns {{ service: string, path: string } | undefined}
 */
function operationOf(schemas, method, path) {
	const [, service, ...rest] = path.replace(/\/+$/, '').split('/');
	const parts = rest;
	let best;
	for (const key of Object.keys(schemas.services?.[service?.toLowerCase()]?.operations ?? {})) {
		const [verb, template] = key.split(' ');
		const segments = template.split('/').slice(1);
		if (verb !== method || segments.length !== parts.length) continue;
		if (!segments.every((segment, i) => /^\{\w+\}$/.test(segment) || segment.toLowerCase() === parts[i].toLowerCase())) continue;
		const literals = segments.filter((segment) => !/^\{\w+\}$/.test(segment)).length;
		if (!best || literals > best.literals) best = { literals, path: template };
	}
	return best && { service: service.toLowerCase(), path: best.path };
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
	const components = schemas.services[service].components;
	const schema = resolve(components, found.schema);
	const props = schema.properties ?? {};
	const problems = [];
	if (props.items) {
		if (!Object.hasOwn(body, 'items')) return [{ key: 'items', message: 'is missing; the node reads the page from it' }];
		const item = resolve(components, resolve(components, props.items).items ?? {});
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

module.exports = { buildAnswerSchemas, checkAnswer, answerSchemaOf, checkValue, operationOf, missingNeededFields };
