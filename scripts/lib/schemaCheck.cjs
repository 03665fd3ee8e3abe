'use strict';

/**
 * The one place where schemas meet the validator (ajv, with ajv-formats): the formats as the sandbox reads
 * them, OpenAPI 3.0 schemas read as JSON Schema (`fromOpenApi`), and ajv's errors turned into `{ key, message }`
 * problems in the order of the value (`problemsOf`). The sandbox holds its requests (test/sandbox/contractCheck.js)
 * and its answers (answerSchemas.cjs) through it.
 */

const Ajv = require('ajv');
const addFormats = require('ajv-formats');

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** ISO 8601 as ASP.NET reads it: seconds, fraction (up to 7 digits) and zone optional. */
const DATE_TIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,7})?)?(Z|[+-]\d{2}:?\d{2})?$/;
const REF_PREFIX = '#/components/schemas/';

// `unicode: false`: a length counts UTF-16 units, as .NET does (ajv still reads the option, and warns it is deprecated)
const logger = { log() {}, warn: (...args) => !/option unicode/.test(String(args[0])) && console.warn(...args), error: console.error };
const ajv = new Ajv({ allErrors: true, verbose: true, strict: false, unicode: false, validateSchema: false, logger });
addFormats(ajv, ['int32', 'int64', 'float', 'double', 'email', 'uri']);
// stricter than ajv-formats' readings (no `urn:uuid:` prefix, the date-time as above)
ajv.addFormat('uuid', UUID_RE);
ajv.addFormat('date-time', { type: 'string', validate: (value) => DATE_TIME_RE.test(value) && !Number.isNaN(Date.parse(value)) });

/** Follows `$ref` (local to `document`) and merges `allOf` (with the keys beside it) into one schema. */
function resolve(document, schema, seen = new Set()) {
	if (!schema || typeof schema !== 'object') return schema;
	if (schema.$ref) {
		if (seen.has(schema.$ref)) return {};
		const target = schema.$ref
			.replace(/^#\//, '')
			.split('/')
			.reduce((node, key) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
		if (!target) throw new Error(`$ref ${schema.$ref} does not resolve`);
		const { $ref, ...rest } = schema;
		return resolve(document, { ...target, ...rest }, new Set([...seen, $ref]));
	}
	if (!schema.allOf) return schema;
	const { allOf, ...rest } = schema;
	const merged = { properties: {}, required: [] };
	for (const part of [...allOf.map((p) => resolve(document, p, seen)), rest])
		Object.assign(merged, part, {
			properties: { ...merged.properties, ...part.properties },
			required: [...merged.required, ...(part.required ?? [])],
		});
	if (!Object.keys(merged.properties).length) delete merged.properties;
	return merged;
}

/**
 * An OpenAPI 3.0 schema as JSON Schema, as an answer is read:
 * - `null` only where `nullable: true` says so; and wherever a `$ref` stands, since OpenAPI 3.0 ignores every key
 *   beside a `$ref` (so the documents cannot mark such a value nullable, and Helena answers null there);
 * - every object that lists its properties is closed (the documents close every object they describe);
 * - an enum is read alone (its type and format are not checked apart).
 * @param {any} schema @param {Record<string, any>} components @param {string} refBase where the components are, for ajv
 */
function fromOpenApi(schema, components, refBase) {
	if (!schema || typeof schema !== 'object') return schema;
	if (schema.$ref) return { if: { type: 'null' }, else: { $ref: `${refBase}${schema.$ref.slice(REF_PREFIX.length)}` } };
	const source = schema.allOf ? resolve({ components: { schemas: components } }, schema) : schema;
	const out = {};
	const type = source.type ?? (source.properties ? 'object' : undefined);
	if (source.enum) out.enum = source.nullable ? [...source.enum, null] : source.enum;
	else if (type) out.type = source.nullable ? [type, 'null'] : type;
	else if (!source.nullable) out.not = { type: 'null' };
	if (source.format && !source.enum) out.format = source.format;
	if (type === 'array') out.items = fromOpenApi(source.items ?? {}, components, refBase);
	if (source.properties) {
		out.properties = Object.fromEntries(Object.entries(source.properties).map(([name, s]) => [name, fromOpenApi(s, components, refBase)]));
		out.additionalProperties = false;
		if (source.required?.length) out.required = source.required;
	} else if (type === 'object' && source.additionalProperties && typeof source.additionalProperties === 'object') {
		out.additionalProperties = fromOpenApi(source.additionalProperties, components, refBase);
	}
	return out;
}

/** @param {object} schema a JSON Schema @returns {import('ajv').ValidateFunction} */
const compile = (schema) => ajv.compile(schema);
/** @param {{ $id: string }} schema a JSON Schema others refer to by its `$id` (compiled once, when first used) */
const addSchema = (schema) => ajv.addSchema(schema);

const TYPE_WORDS = { string: 'a string', number: 'a number', boolean: 'a boolean', array: 'a list', object: 'an object' };
const FORMAT_WORDS = { uuid: 'a UUID', 'date-time': 'an ISO 8601 date-time' };

/**
 * @typedef {object} Words what the two readers (the sandbox's requests, the documented answers) say differently
 * @property {(value: unknown) => string} show
 * @property {string} isNull
 * @property {string} integer
 * @property {boolean} formatOverType a value of another type is told by its format (`must be a UUID, not 5`)
 * @property {(value: unknown, values: unknown[]) => string} near
 * @property {(name: string, names: string[]) => string} unknownKey
 * @property {string} required
 */

/**
 * What one ajv error says; undefined for an error that repeats another (the `if` of a bare `$ref`, the int
 * format of a number that is no integer).
 * @param {import('ajv').ErrorObject} error @param {Words} words
 */
function say(error, words) {
	const { keyword, data, parentSchema: schema, params } = error;
	if (keyword === 'if') return undefined;
	if (data === null && ['type', 'enum', 'not'].includes(keyword)) return words.isNull;
	const shown = words.show(data);
	if (FORMAT_WORDS[schema.format] && (keyword === 'format' || (keyword === 'type' && words.formatOverType)))
		return `must be ${FORMAT_WORDS[schema.format]}, not ${shown}`;
	switch (keyword) {
		case 'type': {
			const type = [params.type].flat().find((t) => t !== 'null');
			return `must be ${type === 'integer' ? words.integer : TYPE_WORDS[type]}, not ${shown}`;
		}
		case 'format':
			return Number.isInteger(data) ? `must be an ${schema.format}, not ${data}` : undefined;
		case 'minimum':
		case 'maximum':
			return `must be between ${schema.minimum ?? '-∞'} and ${schema.maximum ?? '∞'}, not ${data}`;
		case 'minLength':
			return `must have at least ${schema.minLength} character(s)`;
		case 'maxLength':
			return `must have at most ${schema.maxLength} characters, not ${data.length}`;
		case 'minItems':
			return `must have at least ${schema.minItems} item(s)`;
		case 'maxItems':
			return `must have at most ${schema.maxItems} items, not ${data.length}`;
		case 'enum': {
			const values = schema['x-listed'] ?? schema.enum.filter((value) => value !== null);
			return `${shown} is not one of ${values.join(', ')}${words.near(data, values)}`;
		}
		case 'additionalProperties':
			return words.unknownKey(params.additionalProperty, Object.keys(schema.properties ?? {}));
		case 'required':
			return words.required;
		default:
			return error.message;
	}
}

/**
 * ajv's errors as problems, each keyed from `base` (`body.options.tagIds[0]`; from `''`: `items[0].id`), in the
 * order of the value: depth first in its key order, a missing required key after the keys given.
 * @param {import('ajv').ErrorObject[]} errors @param {unknown} data the value validated @param {string} base
 * @param {Words} words
 * @returns {{ key: string, message: string }[]}
 */
function problemsOf(errors, data, base, words) {
	const found = [];
	for (const error of errors ?? []) {
		const message = say(error, words);
		if (message === undefined) continue;
		let key = base;
		let node = data;
		const order = [];
		const step = (name, position) => {
			key += Array.isArray(node) ? `[${name}]` : key ? `.${name}` : name;
			order.push(position ?? (Array.isArray(node) ? Number(name) : Object.keys(node ?? {}).indexOf(name)));
			node = node?.[name];
		};
		for (const segment of error.instancePath.split('/').slice(1)) step(segment.replace(/~1/g, '/').replace(/~0/g, '~'));
		if (error.keyword === 'additionalProperties') step(error.params.additionalProperty);
		if (error.keyword === 'required') step(error.params.missingProperty, Infinity);
		found.push({ order, problem: { key, message } });
	}
	const before = (a, b) => {
		for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
		return a.length - b.length;
	};
	return found.sort((a, b) => before(a.order, b.order)).map((f) => f.problem);
}

module.exports = { addSchema, compile, fromOpenApi, problemsOf, resolve, REF_PREFIX };
