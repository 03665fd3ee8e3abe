'use strict';

/** Fault injection (latency, random 429/5xx, scripted failures) and the vendor rate limits. */

const { createPrng } = require('./ids');

/**
 * @typedef {object} FaultSettings
 * @property {number} latencyMs           delay before answering each /core request
 * @property {number} rate429             fraction 0..1 of /core requests answered 429
 * @property {number} rate5xx             fraction 0..1 answered 503
 * @property {number|undefined} retryAfterSeconds  when set, 429 (and injected 503) answers carry Retry-After
 * @property {boolean} enforceRateLimits  apply the vendor limits per API key
 * @property {'request'|'message'} sendCounting  how the send family's limit counts a batch (while limits are
 *                                          enforced): as one request (the vendor's words) or as its messages
 * @property {string|undefined} redirectTo  when set, every /core request is answered 307 to this origin (same path
 *                                          and query), unapplied: a server that sends clients elsewhere
 */

/**
 * @typedef {object} ScriptedFailure
 * @property {number} remaining
 * @property {number} status      0 = drop the connection without answering
 * @property {number|undefined} retryAfterSeconds
 * @property {string|undefined} method
 * @property {string|RegExp|undefined} path  prefix (with or without /core) or RegExp on the decoded path
 */

/** Vendor limits (Helena's rate-limiting guide): 200 requests / 5 s and 1,000 / 5 min per account. */
const VENDOR_LIMITS = [
	{ windowMs: 5_000, max: 200 },
	{ windowMs: 300_000, max: 1_000 },
];

/**
 * Each endpoint of the send family (`/chat/v1/send/...`) allows 1,000 requests per 2 minutes (Helena's
 * rate-limiting guide), on top of the account's limits. Whether a batch counts as one request or as its
 * messages is not documented: `sendCounting` chooses.
 */
const SEND_LIMITS = [{ windowMs: 120_000, max: 1_000 }];

/**
 * Sliding windows over the timestamps of ADMITTED requests: a rejected request does not count,
 * so a client that backs off gets through exactly when the window has room again.
 */
class RateLimiter {
	/** @param {{ windowMs: number, max: number }[]} limits */
	constructor(limits) {
		this.limits = limits;
		this.longest = Math.max(...limits.map((l) => l.windowMs));
		/** @type {Map<string, number[]>} */
		this.byKey = new Map();
	}

	/** Whether `weight` more fit in every window. @param {string} key @param {number} now @param {number} [weight] */
	fits(key, now, weight = 1) {
		let times = this.byKey.get(key);
		if (!times) this.byKey.set(key, (times = []));
		let drop = 0;
		while (drop < times.length && times[drop] <= now - this.longest) drop++;
		if (drop) times.splice(0, drop);
		for (const { windowMs, max } of this.limits) {
			let inWindow = 0;
			for (let i = times.length - 1; i >= 0 && times[i] > now - windowMs; i--) inWindow++;
			if (inWindow + weight > max) return false;
		}
		return true;
	}

	/** Counts `weight` admitted at `now`. @param {string} key @param {number} now @param {number} [weight] */
	record(key, now, weight = 1) {
		const times = this.byKey.get(key) ?? [];
		this.byKey.set(key, times);
		for (let i = 0; i < weight; i++) times.push(now);
	}

	/** @param {string} key @param {number} now @returns {boolean} admitted */
	admit(key, now) {
		if (!this.fits(key, now)) return false;
		this.record(key, now);
		return true;
	}

	reset() {
		this.byKey.clear();
	}
}

class Faults {
	/** @param {Partial<FaultSettings> & { randomSeed?: number, rateLimits?: { windowMs: number, max: number }[] }} options */
	constructor(options = {}) {
		/** @type {FaultSettings} */
		this.settings = {
			latencyMs: 0,
			rate429: 0,
			rate5xx: 0,
			retryAfterSeconds: undefined,
			enforceRateLimits: false,
			sendCounting: 'request',
			redirectTo: undefined,
		};
		this.random = createPrng(options.randomSeed ?? 1);
		this.limiter = new RateLimiter(options.rateLimits ?? VENDOR_LIMITS);
		this.sendLimiter = new RateLimiter(SEND_LIMITS);
		/** @type {ScriptedFailure[]} */
		this.scripted = [];
		this.set(options);
	}

	/** Partial update; unknown keys are ignored. @param {Record<string, any>} patch */
	set(patch = {}) {
		const s = this.settings;
		if (patch.latencyMs !== undefined) s.latencyMs = nonNegative(patch.latencyMs, 'latencyMs');
		if (patch.rate429 !== undefined) s.rate429 = fraction(patch.rate429, 'rate429');
		if (patch.rate5xx !== undefined) s.rate5xx = fraction(patch.rate5xx, 'rate5xx');
		if ('retryAfterSeconds' in patch)
			s.retryAfterSeconds =
				patch.retryAfterSeconds === undefined || patch.retryAfterSeconds === null
					? undefined
					: nonNegative(patch.retryAfterSeconds, 'retryAfterSeconds');
		if (patch.rateLimits !== undefined) this.limiter = new RateLimiter(patch.rateLimits ?? VENDOR_LIMITS);
		if (patch.enforceRateLimits !== undefined) {
			const on = Boolean(patch.enforceRateLimits);
			if (on && !s.enforceRateLimits) {
				this.limiter.reset();
				this.sendLimiter.reset();
			}
			s.enforceRateLimits = on;
		}
		if (patch.sendCounting !== undefined) {
			if (patch.sendCounting !== 'request' && patch.sendCounting !== 'message')
				throw new Error("sendCounting must be 'request' or 'message'");
			s.sendCounting = patch.sendCounting;
		}
		if ('redirectTo' in patch) s.redirectTo = patch.redirectTo ? new URL(String(patch.redirectTo)).origin : undefined;
		if (patch.randomSeed !== undefined) this.random = createPrng(Number(patch.randomSeed));
		return { ...s };
	}

	/**
	 * @param {number} count
	 * @param {{ status?: number, retryAfterSeconds?: number, method?: string, path?: string|RegExp }} [options]
	 */
	failNext(count, options = {}) {
		if (!Number.isInteger(count) || count < 1) throw new Error('failNext: count must be a positive integer');
		const status = options.status ?? 503;
		if (!Number.isInteger(status) || (status !== 0 && (status < 400 || status > 599)))
			throw new Error('failNext: status must be 400..599 (or 0 to drop the connection)');
		this.scripted.push({
			remaining: count,
			status,
			retryAfterSeconds: options.retryAfterSeconds,
			method: options.method ? String(options.method).toUpperCase() : undefined,
			path: options.path,
		});
	}

	/** The scripted failure that takes this request, if any (consumes one of its count). */
	takeScripted(method, decodedPath) {
		const rule = this.scripted.find((r) => r.remaining > 0 && (!r.method || r.method === method) && pathMatches(r.path, decodedPath));
		if (!rule) return undefined;
		rule.remaining--;
		this.scripted = this.scripted.filter((r) => r.remaining > 0);
		return rule;
	}

	/**
	 * The vendor's limits for one request: the account's windows, and for a send its endpoint's, where a
	 * batch weighs 1 or its messages (`sendCounting`). A refused request counts nowhere (it was not applied).
	 * @param {string} apiKey @param {string} endpoint  method and path, or undefined outside the send family
	 * @param {number} messages @param {number} now @returns {boolean} admitted
	 */
	admit(apiKey, endpoint, messages, now) {
		const weight = this.settings.sendCounting === 'message' ? messages : 1;
		const sendKey = `${apiKey} ${endpoint}`;
		if (!this.limiter.fits(apiKey, now) || (endpoint && !this.sendLimiter.fits(sendKey, now, weight))) return false;
		this.limiter.record(apiKey, now);
		if (endpoint) this.sendLimiter.record(sendKey, now, weight);
		return true;
	}

	/** One PRNG draw per request that reaches this point, whatever the rates, so runs repeat. */
	draw() {
		const r = this.random();
		const { rate429, rate5xx } = this.settings;
		if (r < rate429) return 429;
		if (r < rate429 + rate5xx) return 503;
		return 0;
	}
}

/** @param {string|RegExp|undefined} path @param {string} decodedPath */
function pathMatches(path, decodedPath) {
	if (path === undefined || path === null || path === '') return true;
	if (path instanceof RegExp) return path.test(decodedPath);
	return decodedPath.startsWith(path) || decodedPath.startsWith(`/core${path}`);
}

function fraction(value, name) {
	const n = Number(value);
	if (!(n >= 0 && n <= 1)) throw new Error(`${name} must be a number between 0 and 1`);
	return n;
}

function nonNegative(value, name) {
	const n = Number(value);
	if (!(n >= 0) || !Number.isFinite(n)) throw new Error(`${name} must be a non-negative number`);
	return n;
}

module.exports = { Faults, RateLimiter, VENDOR_LIMITS, SEND_LIMITS };
