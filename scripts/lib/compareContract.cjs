'use strict';

/**
 * Compares the sandbox's contract tables (test/sandbox/contract.js and the other services' tables, as data)
 * with OpenAPI 3.0 documents, one per service, and lists every disagreement: an endpoint the documents lack
 * (or have under another version or method), a path parameter, query key or body key either side lacks,
 * a type, format, enum, length, range, nullability or required flag that differs, at any depth ($ref and
 * allOf resolved, nested objects, lists of objects, maps).
 *
 * A contract value may also admit another reading of a disagreement between the vendor's documents (the
 * `otherReading` marker: extra enum values the sandbox takes only while a `variations` switch plays that
 * reading). The documents' reading must still be the contract's own; the marker is accepted only when the
 * disagreement it names is listed in docs/api-disagreements.md (`listedDisagreements`).
 */

const INT32 = { min: -2147483648, max: 2147483647 };
const JSON_TYPES = ['application/json', 'text/json', 'application/*+json'];

/**
 * @typedef {{ where: string, message: string }} Disagreement
 * @typedef {{ method: string, path: string, service?: string, params?: Record<string, any>, query?: Record<string, any>, body?: any }} Endpoint
 */

const segmentsOf = (path) => path.split('/').slice(1);
const isParam = (segment) => /^\{[^}]+\}$/.test(segment);
const paramName = (segment) => segment.slice(1, -1);
/** `/v1/contact/{id}` → `/contact/{}`: the same resource whatever the version and parameter names. */
const unversioned = (path) =>
	segmentsOf(path)
		.filter((segment, i) => !(i === 0 && /^v\d+$/i.test(segment)))
		.map((segment) => (isParam(segment) ? '{}' : segment.toLowerCase()))
		.join('/');
const shapeOf = (path) =>
	segmentsOf(path)
		.map((segment) => (isParam(segment) ? '{}' : segment))
		.join('/');

/** Follows `$ref` (local only) and merges `allOf` into one schema. */
function resolve(document, schema, seen = new Set()) {
	if (!schema || typeof schema !== 'object') return schema;
	if (schema.$ref) {
		if (seen.has(schema.$ref)) return {};
		const match = /^#\/(.+)$/.exec(schema.$ref);
		if (!match) throw new Error(`unsupported $ref ${schema.$ref}`);
		const target = match[1].split('/').reduce((node, key) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
		if (!target) throw new Error(`$ref ${schema.$ref} does not resolve`);
		const { $ref, ...rest } = schema;
		return resolve(document, { ...target, ...rest }, new Set([...seen, $ref]));
	}
	if (schema.allOf) {
		const { allOf, ...rest } = schema;
		let merged = {};
		for (const part of [...allOf.map((p) => resolve(document, p, seen)), rest]) {
			merged = {
				...merged,
				...part,
				properties: { ...merged.properties, ...part.properties },
				required: [...(merged.required ?? []), ...(part.required ?? [])],
			};
		}
		if (Object.keys(merged.properties).length === 0) delete merged.properties;
		if (merged.required.length === 0) delete merged.required;
		return merged;
	}
	return schema;
}

/** The contract's kind of value a (resolved) schema describes. */
function kindOf(schema) {
	if (!schema || Object.keys(schema).filter((k) => !['nullable', 'description', 'example', 'default'].includes(k)).length === 0)
		return 'any';
	if (schema.enum) return 'enum';
	switch (schema.type) {
		case 'string':
			if (schema.format === 'uuid') return 'uuid';
			if (schema.format === 'date-time') return 'dateTime';
			return 'string';
		case 'integer':
			return schema.format === 'int64' ? 'int64' : 'int32';
		case 'number':
			return 'number';
		case 'boolean':
			return 'boolean';
		case 'array':
			return 'list';
		case 'object':
		case undefined:
			if (schema.properties) return 'shape';
			if (schema.type === 'object') return 'map';
			return 'any';
		default:
			return `unknown type '${schema.type}'`;
	}
}

const describe = (type) => (type === undefined ? 'nothing' : type.type === 'enum' ? `enum [${type.values.join(', ')}]` : type.type);

/**
 * @param {object} context { document, listed, out }
 * @param {any} type contract type
 * @param {any} rawSchema OpenAPI schema
 * @param {string} where
 * @param {{ nullability?: boolean }} [options] nullability is not compared for query and path values
 */
function compareValue(context, type, rawSchema, where, options = { nullability: true }) {
	const { document, out } = context;
	const say = (message) => out.push({ where, message });
	const schema = resolve(document, rawSchema);
	const kind = kindOf(schema);

	if (options.nullability && Boolean(type.nullable) !== Boolean(schema.nullable))
		say(schema.nullable ? 'the documents allow null; the contract refuses it' : 'the contract allows null; the documents do not');
	if (schema.readOnly) say('the documents mark it read-only: it is not sent');

	if (type.otherReading) checkOtherReading(context, type, where);

	if (kind === 'any') {
		if (type.type !== 'map' || type.values) say(`the documents take any value; the contract ${describe(type)}`);
		return;
	}
	if (kind === 'map' && type.type === 'map') {
		const values = schema.additionalProperties;
		if (values === false) say('the documents take an empty object only');
		else if (type.values) {
			if (values === undefined || values === true) say(`the documents take any value per key; the contract ${describe(type.values)}`);
			else compareValue(context, type.values, values, `${where}.*`);
		} else if (values && typeof values === 'object' && kindOf(resolve(document, values)) !== 'any') {
			say(`the documents take ${kindOf(resolve(document, values))} values per key; the contract any value`);
		}
		return;
	}
	if (kind !== type.type) {
		const format = schema.format ? ` (format ${schema.format})` : '';
		say(
			`type: the documents say ${kind === 'enum' ? `enum [${schema.enum.join(', ')}]` : `${schema.type ?? kind}${format}`}, the contract ${describe(type)}`,
		);
		return;
	}

	switch (kind) {
		case 'string':
			compareBound(say, 'minimum length', type.min, schema.minLength);
			compareBound(say, 'maximum length', type.max, schema.maxLength);
			if (schema.pattern) say(`the documents give a pattern ${schema.pattern} the contract does not check`);
			return;
		case 'int32':
			compareBound(say, 'minimum', type.min, schema.minimum ?? INT32.min);
			compareBound(say, 'maximum', type.max, schema.maximum ?? INT32.max);
			return;
		case 'number':
			compareBound(say, 'minimum', type.min, schema.minimum);
			compareBound(say, 'maximum', type.max, schema.maximum);
			return;
		case 'enum': {
			const missing = schema.enum.filter((v) => !type.values.includes(v));
			const extra = type.values.filter((v) => !schema.enum.includes(v));
			if (missing.length) say(`enum: the documents have ${missing.map((v) => `'${v}'`).join(', ')}, the contract does not`);
			if (extra.length) say(`enum: the contract has ${extra.map((v) => `'${v}'`).join(', ')}, the documents do not`);
			return;
		}
		case 'list':
			compareBound(say, 'minimum item count', type.min, schema.minItems);
			compareBound(say, 'maximum item count', type.max, schema.maxItems);
			compareValue(context, type.of, schema.items ?? {}, `${where}[]`);
			return;
		case 'shape':
			compareShape(context, type, schema, where);
			return;
		default:
	}
}

function compareBound(say, what, contract, documents) {
	if (contract === documents) return;
	say(`${what}: the documents say ${documents ?? 'none'}, the contract ${contract ?? 'none'}`);
}

/** Keys, required flags and closedness of an object. */
function compareShape(context, type, schema, where) {
	const say = (message) => context.out.push({ where, message });
	const properties = schema.properties ?? {};
	const required = new Set(schema.required ?? []);
	if (schema.additionalProperties !== false)
		say('the documents leave the object open (no additionalProperties: false); the contract closes it');
	for (const [name, keyType] of Object.entries(type.keys)) {
		const at = `${where}.${name}`;
		if (!Object.hasOwn(properties, name)) {
			const near = Object.keys(properties).find((p) => p.toLowerCase() === name.toLowerCase());
			context.out.push({ where: at, message: near ? `the documents spell it '${near}'` : 'the documents have no such key' });
			continue;
		}
		compareValue(context, keyType, properties[name], at);
		if (Boolean(keyType.required) !== required.has(name))
			context.out.push({
				where: at,
				message: required.has(name) ? 'the documents require it; the contract does not' : 'the contract requires it; the documents do not',
			});
	}
	for (const name of Object.keys(properties))
		if (!Object.hasOwn(type.keys, name) && !resolve(context.document, properties[name]).readOnly)
			if (!Object.keys(type.keys).some((k) => k.toLowerCase() === name.toLowerCase()))
				context.out.push({ where: `${where}.${name}`, message: 'the documents have this key; the contract does not' });
}

/** A value's other reading must name a disagreement that docs/api-disagreements.md lists. */
function checkOtherReading(context, type, where) {
	const { disagreement, variation } = type.otherReading;
	if (!disagreement || !variation) {
		context.out.push({ where, message: 'an otherReading marker must name its disagreement and the variation that plays it' });
		return;
	}
	if (!context.listed.some((title) => title.toLowerCase() === disagreement.toLowerCase()))
		context.out.push({
			where,
			message: `another reading is admitted for '${disagreement}', which docs/api-disagreements.md does not list`,
		});
}

/** The OpenAPI operation for a contract endpoint, or a disagreement saying why there is none. */
function findOperation(document, endpoint) {
	const wanted = shapeOf(endpoint.path);
	const paths = Object.keys(document.paths ?? {});
	const samePath = paths.find((p) => shapeOf(p) === wanted);
	const method = endpoint.method.toLowerCase();
	if (samePath && document.paths[samePath][method]) return { path: samePath, operation: document.paths[samePath][method] };
	const caseOnly = paths.find((p) => shapeOf(p).toLowerCase() === wanted.toLowerCase() && document.paths[p][method]);
	if (caseOnly) return { problem: `the documents write the path ${caseOnly}` };
	if (samePath) {
		const methods = Object.keys(document.paths[samePath]).map((m) => m.toUpperCase());
		return { problem: `the documents have ${samePath} only as ${methods.join(', ')}` };
	}
	const otherVersions = paths.filter((p) => unversioned(p) === unversioned(endpoint.path) && document.paths[p][method]);
	if (otherVersions.length)
		return { problem: `the documents have it under another version: ${otherVersions.map((p) => `${endpoint.method} ${p}`).join(', ')}` };
	return { problem: 'the documents have no such endpoint' };
}

function compareParameters(context, endpoint, operation, documentPath, label) {
	// parameters declared on the path apply to each of its operations, which may override them
	const own = (operation.parameters ?? []).map((p) => resolve(context.document, p));
	const shared = (context.document.paths[documentPath].parameters ?? [])
		.map((p) => resolve(context.document, p))
		.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in));
	const parameters = [...shared, ...own];
	const inPath = parameters.filter((p) => p.in === 'path');
	const inQuery = parameters.filter((p) => p.in === 'query');

	const contractParams = segmentsOf(endpoint.path).filter(isParam).map(paramName);
	const documentParams = segmentsOf(documentPath).filter(isParam).map(paramName);
	contractParams.forEach((name, i) => {
		const where = `${label} path.${name}`;
		if (documentParams[i] !== name) {
			context.out.push({ where, message: `the documents name this path parameter '${documentParams[i]}'` });
			return;
		}
		const declared = inPath.find((p) => p.name === name);
		compareValue({ ...context }, endpoint.params?.[name] ?? { type: 'string' }, declared?.schema ?? { type: 'string' }, where, {
			nullability: false,
		});
	});

	const query = endpoint.query ?? {};
	for (const [name, type] of Object.entries(query)) {
		const where = `${label} query.${name}`;
		const declared = inQuery.find((p) => p.name === name);
		if (!declared) {
			const near = inQuery.find((p) => p.name.toLowerCase() === name.toLowerCase());
			context.out.push({ where, message: near ? `the documents spell it '${near.name}'` : 'the documents have no such query key' });
			continue;
		}
		compareValue(context, type, declared.schema ?? {}, where, { nullability: false });
		if (Boolean(type.required) !== Boolean(declared.required))
			context.out.push({
				where,
				message: declared.required ? 'the documents require it; the contract does not' : 'the contract requires it; the documents do not',
			});
	}
	for (const declared of inQuery)
		if (!Object.hasOwn(query, declared.name) && !Object.keys(query).some((k) => k.toLowerCase() === declared.name.toLowerCase()))
			context.out.push({ where: `${label} query.${declared.name}`, message: 'the documents have this query key; the contract does not' });
	for (const declared of parameters.filter((p) => p.in === 'header' || p.in === 'cookie'))
		context.out.push({
			where: `${label} ${declared.in}.${declared.name}`,
			message: 'the documents have this parameter; the contract cannot hold it',
		});
}

function compareBody(context, endpoint, operation, label) {
	const where = `${label} body`;
	const content = operation.requestBody && resolve(context.document, operation.requestBody).content;
	const mediaType = content && JSON_TYPES.find((type) => content[type]);
	if (!endpoint.body) {
		if (content) context.out.push({ where, message: 'the documents take a body; the contract takes none' });
		return;
	}
	if (!content) {
		context.out.push({ where, message: 'the documents take no body; the contract takes one' });
		return;
	}
	if (!mediaType) {
		context.out.push({ where, message: `the documents take ${Object.keys(content).join(', ')}, not JSON` });
		return;
	}
	compareValue(context, endpoint.body, content[mediaType].schema ?? {}, where, { nullability: false });
}

/**
 * @param {Endpoint[]} endpoints every contract entry the sandbox registers (each with its `service`, core when absent)
 * @param {Record<string, object>} documents OpenAPI documents by service name (`core`, `chat`, `crm`, ...)
 * @param {string[]} listed the disagreement titles docs/api-disagreements.md lists
 * @returns {Disagreement[]}
 */
function compareContract(endpoints, documents, listed = []) {
	/** @type {Disagreement[]} */
	const out = [];
	const seen = new Set();
	for (const endpoint of endpoints) {
		const service = endpoint.service ?? 'core';
		const label = `${endpoint.method} /${service}${endpoint.path}`;
		if (seen.has(label)) out.push({ where: label, message: 'the contract has this endpoint twice' });
		seen.add(label);
		const document = documents[service];
		if (!document) {
			out.push({ where: label, message: `no OpenAPI document for the service '${service}'` });
			continue;
		}
		const found = findOperation(document, endpoint);
		if (found.problem) {
			out.push({ where: label, message: found.problem });
			continue;
		}
		const context = { document, listed, out };
		compareParameters(context, endpoint, found.operation, found.path, label);
		compareBody(context, endpoint, found.operation, label);
	}
	return out;
}

/**
 * The disagreement titles of docs/api-disagreements.md: the bold text that opens each row of its table.
 * @param {string} markdown
 */
function listedDisagreements(markdown) {
	return [...markdown.matchAll(/^\|\s*\*\*(.+?)\*\*/gm)].map((m) => m[1].replace(/\.$/, '').replace(/`/g, '').trim());
}

module.exports = { compareContract, listedDisagreements, resolve, findOperation };
