'use strict';

/**
 * A sandbox that keeps its records in a file (`npm start` keeps them in .dev/, so that the conversations, contacts and
 * subscriptions n8n's executions and active triggers refer to are still there at the next start). Only a sandbox
 * started with `stateFile` reads or writes one: the tests' sandboxes start from the seed every time.
 *
 * The file holds the core state and every store beside it (besideState.js) as one graph: a record two stores share
 * (a user in the core state and in an agent) is one record again once read. It is written aside and renamed over
 * the last one, so a stop in the middle of a write leaves the previous file whole.
 */

const { existsSync, readFileSync, renameSync, writeFileSync, mkdirSync } = require('node:fs');
const path = require('node:path');

const { storesOf, adoptStores } = require('./besideState');

/** Bumped when the shape of what is saved changes: a file of another version is set aside, not read. */
const FORMAT = 1;
/** How long after a change the file is brought up to date again, for what follows a request on its own (message statuses). */
const FOLLOW_UP_MS = 6_000;
const TICK_MS = 1_000;

/** An object literal's (of any realm: JSON.parse in a test's context makes them too), not a class instance. @param {any} value */
const isPlain = (value) => {
	const proto = Object.getPrototypeOf(value);
	return proto === null || Object.getPrototypeOf(proto) === null;
};

/**
 * JSON of a graph of plain objects, arrays, Maps, Sets, Buffers and Dates, in which an object reached twice is
 * written once (`$id`) and then referred to (`$ref`). Anything else (a class instance, a function) is refused.
 * @param {unknown} root
 */
function encodeGraph(root) {
	const seen = new Map();
	const shared = new Set();
	const walk = (value) => {
		if (value === null || typeof value !== 'object') return;
		if (seen.has(value)) return void shared.add(value);
		seen.set(value, 0);
		if (value instanceof Map) for (const [key, item] of value) (walk(key), walk(item));
		else if (value instanceof Set || Array.isArray(value)) for (const item of value) walk(item);
		else if (!Buffer.isBuffer(value) && !(value instanceof Date)) for (const item of Object.values(value)) walk(item);
	};
	walk(root);
	let next = 0;
	const ids = new Map();
	const encode = (value) => {
		if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') {
			throw new Error(`a ${typeof value} cannot be saved`);
		}
		if (value === null || typeof value !== 'object') return value;
		if (ids.has(value)) return { $ref: ids.get(value) };
		const id = shared.has(value) ? ++next : undefined;
		if (id) ids.set(value, id);
		const tagged = (tag, content) => (id ? { $id: id, [tag]: content } : { [tag]: content });
		if (Buffer.isBuffer(value)) return tagged('$bytes', value.toString('base64'));
		if (value instanceof Date) return tagged('$date', value.toISOString());
		if (value instanceof Map)
			return tagged(
				'$map',
				[...value].map(([key, item]) => [encode(key), encode(item)]),
			);
		if (value instanceof Set) return tagged('$set', [...value].map(encode));
		if (Array.isArray(value)) return id ? tagged('$array', value.map(encode)) : value.map(encode);
		if (!isPlain(value)) throw new Error(`a ${value.constructor?.name ?? 'object'} cannot be saved`);
		const fields = {};
		for (const [key, item] of Object.entries(value)) if (item !== undefined) fields[key] = encode(item);
		// an object whose own keys could read as a tag is wrapped
		return id || Object.keys(fields).some((key) => key.startsWith('$')) ? tagged('$object', fields) : fields;
	};
	return JSON.stringify(encode(root));
}

/** The graph `encodeGraph` wrote. @param {string} text */
function decodeGraph(text) {
	const ids = new Map();
	const decode = (value) => {
		if (value === null || typeof value !== 'object') return value;
		if (Array.isArray(value)) return value.map(decode);
		if ('$ref' in value) {
			if (!ids.has(value.$ref)) throw new Error(`$ref ${value.$ref} before its $id`);
			return ids.get(value.$ref);
		}
		const keep = (made) => (value.$id !== undefined && ids.set(value.$id, made), made);
		if ('$bytes' in value) return keep(Buffer.from(value.$bytes, 'base64'));
		if ('$date' in value) return keep(new Date(value.$date));
		if ('$map' in value) {
			const map = keep(new Map());
			for (const [key, item] of value.$map) map.set(decode(key), decode(item));
			return map;
		}
		if ('$set' in value) {
			const set = keep(new Set());
			for (const item of value.$set) set.add(decode(item));
			return set;
		}
		if ('$array' in value) {
			const array = keep([]);
			for (const item of value.$array) array.push(decode(item));
			return array;
		}
		const object = keep({});
		for (const [key, item] of Object.entries('$object' in value ? value.$object : value)) object[key] = decode(item);
		return object;
	};
	return decode(JSON.parse(text));
}

/** What a sandbox saves: its seed's name, the core state and the stores beside it. @param {import('./index').Sandbox} sandbox */
function savedForm(sandbox) {
	return encodeGraph({ format: FORMAT, seed: sandbox.seedName, state: sandbox.state, stores: storesOf(sandbox.state) });
}

/**
 * Reads the file into the sandbox; false when there is none. A file this sandbox cannot read (another format,
 * damaged) is renamed `<file>.unreadable` and the seed is kept: the start goes on, and says so.
 * @param {import('./index').Sandbox} sandbox @param {string} file
 * @returns {{ restored: boolean, problem?: string }}
 */
function restore(sandbox, file) {
	if (!existsSync(file)) return { restored: false };
	try {
		const saved = decodeGraph(readFileSync(file, 'utf8'));
		if (saved?.format !== FORMAT) throw new Error(`it is of format ${saved?.format}, not ${FORMAT}`);
		adoptStores(saved.state, saved.stores);
		sandbox.state = saved.state;
		sandbox.seedName = saved.seed;
		return { restored: true };
	} catch (error) {
		renameSync(file, `${file}.unreadable`);
		return {
			restored: false,
			problem: `${path.basename(file)} could not be read (${error.message}); it is now ${path.basename(file)}.unreadable`,
		};
	}
}

/**
 * Keeps `file` in step with the sandbox: written (aside, then renamed) a moment after each change, and once more
 * for a few seconds after it, for what a request sets going (message statuses); `flush()` writes at once.
 * @param {import('./index').Sandbox} sandbox @param {string} file
 */
function keepInFile(sandbox, file) {
	mkdirSync(path.dirname(file), { recursive: true });
	let written = existsSync(file) ? readFileSync(file, 'utf8') : '';
	let lastChange = -Infinity;
	const flush = () => {
		const text = savedForm(sandbox);
		if (text === written) return;
		const aside = `${file}.${process.pid}.tmp`;
		writeFileSync(aside, text);
		renameSync(aside, file);
		written = text;
	};
	const timer = setInterval(() => {
		if (performance.now() - lastChange < FOLLOW_UP_MS) flush();
	}, TICK_MS).unref();
	return {
		changed: () => (lastChange = performance.now()),
		flush,
		stop: () => clearInterval(timer),
	};
}

module.exports = { encodeGraph, decodeGraph, restore, keepInFile };
