'use strict';

/**
 * The requests of every operation the node calls, read from the vendor's OpenAPI 3.0 documents (one per
 * service) into the sandbox's contract types: `buildRequests` gives the text of contract/requests.json,
 * which `npm run answers:update` writes and `npm run check:contract` holds current. The sandbox holds every
 * request it receives to that file (test/sandbox/contractCheck.js).
 *
 * Types: string, uuid, int32, number, boolean, dateTime, enum, list, map (a free object, or one whose values
 * have a type) and shape (a closed object: only its keys, read-only ones left out). A value is nullable when
 * the documents say so (never a query or path value, nor the body itself); a key is optional unless `required`.
 */

const { resolve } = require('./schemaCheck.cjs');

const INT32 = { min: -2147483648, max: 2147483647 };
const JSON_TYPES = ['application/json', 'text/json', 'application/*+json'];

const shapeOf = (path) => path.replace(/\{[^}]+\}/g, '{}');
/** An endpoint as contract/operations.txt writes it: `METHOD /service/path`. */
const operationLine = ({ method, service, path }) => `${method} /${service}${path}`;

/** A (resolved) schema with nothing to check: any value. */
const isAny = (schema) => !schema || Object.keys(schema).every((k) => ['nullable', 'description', 'example', 'default'].includes(k));

/**
 * The contract type of an OpenAPI schema. A value the documents leave free is held as a free object.
 * @param {any} document @param {any} raw @param {boolean} [top] a query, path or body value: never nullable
 */
function typeOf(document, raw, top = false) {
	const schema = resolve(document, raw);
	const type = isAny(schema) ? { type: 'map' } : baseType(document, schema);
	if (schema?.nullable && !top) type.nullable = true;
	return type;
}

function baseType(document, schema) {
	const bounds = (min, max) => ({ ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) });
	if (schema.enum) return { type: 'enum', values: schema.enum };
	switch (schema.type) {
		case 'string':
			if (schema.pattern) throw new Error(`a pattern (${schema.pattern}) the contract cannot hold`);
			if (schema.format === 'uuid') return { type: 'uuid' };
			if (schema.format === 'date-time') return { type: 'dateTime' };
			return { type: 'string', ...bounds(schema.minLength, schema.maxLength) };
		case 'integer':
			if (schema.format === 'int64') throw new Error('an int64 the contract cannot hold');
			return { type: 'int32', min: schema.minimum ?? INT32.min, max: schema.maximum ?? INT32.max };
		case 'number':
			return { type: 'number', ...bounds(schema.minimum, schema.maximum) };
		case 'boolean':
			return { type: 'boolean' };
		case 'array':
			return { type: 'list', of: typeOf(document, schema.items ?? {}), ...bounds(schema.minItems, schema.maxItems) };
		case 'object':
		case undefined: {
			if (schema.properties) {
				const required = new Set(schema.required ?? []);
				const keys = {};
				for (const [name, raw] of Object.entries(schema.properties)) {
					if (resolve(document, raw).readOnly) continue;
					keys[name] = typeOf(document, raw);
					if (required.has(name)) keys[name].required = true;
				}
				return { type: 'shape', keys };
			}
			const values = resolve(document, schema.additionalProperties);
			if (values === false) throw new Error('an object that takes no key');
			return values && typeof values === 'object' && !isAny(values) ? { type: 'map', values: typeOf(document, values) } : { type: 'map' };
		}
		default:
			throw new Error(`unknown type '${schema.type}'`);
	}
}

/** The OpenAPI operation of `METHOD /service/path`, or why there is none. */
function findOperation(document, { method, path }) {
	const paths = Object.keys(document.paths ?? {});
	const found = paths.find((p) => shapeOf(p) === shapeOf(path) && document.paths[p][method.toLowerCase()]);
	if (!found) {
		const near = paths.find((p) => shapeOf(p).toLowerCase() === shapeOf(path).toLowerCase());
		return {
			problem: near ? `the documents have ${Object.keys(document.paths[near]).join(', ')} ${near}` : 'the documents have no such endpoint',
		};
	}
	if (found !== path) return { problem: `the documents write the path ${found}` };
	return { path: found, operation: document.paths[found][method.toLowerCase()] };
}

/** One endpoint of the contract as the documents give it. */
function endpointOf(document, { service, method, path }, operation) {
	// parameters declared on the path apply to each of its operations, which may override them
	const own = (operation.parameters ?? []).map((p) => resolve(document, p));
	const shared = (document.paths[path].parameters ?? []).map((p) => resolve(document, p));
	const parameters = [...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)), ...own];
	const other = parameters.find((p) => p.in !== 'path' && p.in !== 'query');
	if (other) throw new Error(`the ${other.in} parameter ${other.name}, which the contract cannot hold`);
	const endpoint = { service, method, path };
	const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
	if (names.length)
		endpoint.params = Object.fromEntries(
			names.map((name) => [
				name,
				typeOf(document, parameters.find((p) => p.in === 'path' && p.name === name)?.schema ?? { type: 'string' }, true),
			]),
		);
	const query = parameters.filter((p) => p.in === 'query');
	if (query.length)
		endpoint.query = Object.fromEntries(
			query.map((p) => [p.name, { ...typeOf(document, p.schema ?? {}, true), ...(p.required ? { required: true } : {}) }]),
		);
	const content = operation.requestBody && resolve(document, operation.requestBody).content;
	if (content) {
		const mediaType = JSON_TYPES.find((type) => content[type]);
		if (!mediaType) throw new Error(`a body of ${Object.keys(content).join(', ')}, not JSON`);
		endpoint.body = typeOf(document, content[mediaType].schema ?? {}, true);
	}
	return endpoint;
}

/**
 * The contract's endpoints as the documents give them, in the order of `operations`, and every operation the
 * documents do not give (or give in a form the contract cannot hold).
 * @param {string[]} operations `METHOD /service/path` @param {Record<string, any>} documents by service
 */
function buildRequests(operations, documents) {
	const endpoints = [];
	const problems = [];
	for (const [i, operation] of operations.entries()) {
		if (operations.indexOf(operation) !== i) problems.push({ where: operation, message: 'is listed twice in contract/operations.txt' });
		const [method, servicePath] = operation.split(' ');
		const [, service, ...rest] = servicePath.split('/');
		const wanted = { service, method, path: `/${rest.join('/')}` };
		const document = documents[service];
		const found = document ? findOperation(document, wanted) : { problem: `no OpenAPI document for the service '${service}'` };
		if (found.problem) problems.push({ where: operation, message: found.problem });
		else
			try {
				endpoints.push(endpointOf(document, wanted, found.operation));
			} catch (error) {
				problems.push({ where: operation, message: `the documents give ${error.message}` });
			}
	}
	return { endpoints, problems };
}

/** The operation lines of each `[table]` of contract/operations.txt (`#` starts a comment). */
function readOperations(text) {
	const tables = {};
	let table;
	for (const line of text.split('\n').map((l) => l.replace(/#.*/, '').trim()))
		if (/^\[\w+\]$/.test(line)) tables[(table = line.slice(1, -1))] = [];
		else if (line) tables[table].push(line);
	return tables;
}

/**
 * The disagreement titles of docs/api-disagreements.md: the bold text that opens each row of its table.
 * @param {string} markdown
 */
function listedDisagreements(markdown) {
	return [...markdown.matchAll(/^\|\s*\*\*(.+?)\*\*/gm)].map((m) => m[1].replace(/\.$/, '').replace(/`/g, '').trim());
}

/**
 * Each other reading (test/sandbox/contract.js) must name a disagreement docs/api-disagreements.md lists,
 * and be marked on some enum of the contract.
 * @param {{ of: string, in: string[], disagreement: string }[]} readings
 * @param {any[]} endpoints the contract's, with the readings marked @param {string[]} listed
 */
function readingProblems(readings, endpoints, listed) {
	const problems = [];
	for (const reading of readings) {
		const where = `other reading '${reading.of}'`;
		if (!listed.some((title) => title.toLowerCase() === reading.disagreement.toLowerCase()))
			problems.push({ where, message: `is admitted for '${reading.disagreement}', which docs/api-disagreements.md does not list` });
		if (!JSON.stringify(endpoints).includes(`"otherReading":${JSON.stringify(reading)}`))
			problems.push({ where, message: `belongs to no enum under ${reading.in.join(' or ')}` });
	}
	return problems;
}

module.exports = { buildRequests, findOperation, listedDisagreements, operationLine, readOperations, readingProblems };
