'use strict';

const crypto = require('node:crypto');

const clock = require('./clock');

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** @param {unknown} value */
function isUuid(value) {
	return typeof value === 'string' && UUID_RE.test(value);
}

/** A random v4 uuid, for everything created while the sandbox runs. */
function newId() {
	return crypto.randomUUID();
}

/**
 * A name-based uuid (v5 layout over sha1), so demo records keep the same ids on every run
 * and every machine, whatever order the seed code creates them in.
 * @param {...(string|number)} parts
 */
function stableId(...parts) {
	const hash = crypto
		.createHash('sha1')
		.update(`helena-sandbox:${parts.join(':')}`)
		.digest();
	hash[6] = (hash[6] & 0x0f) | 0x50;
	hash[8] = (hash[8] & 0x3f) | 0x80;
	const hex = hash.subarray(0, 16).toString('hex');
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Short support code like the API's `id.shortValue` (e.g. `A1B2C3D4`). */
function shortCode() {
	return crypto.randomBytes(4).toString('hex').toUpperCase();
}

/**
 * mulberry32: tiny deterministic PRNG so fault injection repeats exactly for a given seed.
 * @param {number} seed
 * @returns {() => number} values in [0, 1)
 */
function createPrng(seed) {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) | 0;
		let t = Math.imul(a ^ (a >>> 15), 1 | a);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** ISO timestamp, millisecond precision (what REST responses carry). */
function nowIso() {
	return new Date(clock.now()).toISOString();
}

/**
 * A timestamp strictly later than `previous`, so an update in the same millisecond as the
 * create still moves `updatedAt`.
 * @param {string} [previous]
 */
function laterThan(previous) {
	const now = clock.now();
	const prev = previous ? Date.parse(previous) : 0;
	return new Date(Math.max(now, prev + 1)).toISOString();
}

module.exports = { isUuid, newId, stableId, shortCode, createPrng, nowIso, laterThan };
