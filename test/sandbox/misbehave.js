'use strict';

/**
 * Misbehaviour on demand, the way real servers and the proxies in front of them misbehave: bodies that
 * are not what the endpoint returns (HTML, empty, invalid JSON, null, an error body with 200), a hang,
 * a reset, an error page echoing the request headers, absurd or repeated paging, odd Retry-After
 * values, and a request that is applied but whose answer is lost. Each rule takes the next `count`
 * matching /core requests (after authentication), so tests script exactly what they need. An answer a rule
 * shapes is bent on purpose: the contract ledger counts it apart and does not hold it to the documents.
 *
 * Rule fields (one behaviour each):
 *   body        any JSON value, or 'html' | 'empty' | 'invalid-json' (raw), answered with `status` (default 200)
 *   text        raw text answered with `status` (default 200) and `contentType` (default text/plain)
 *   echoHeaders true: an HTML error page (default 502) that prints every request header
 *   hang        true: never answer (the connection stays open until the client gives up)
 *   reset       true: drop the connection before applying the request
 *   loseAnswer  true: apply the request, then drop the connection without answering; 'hang': apply it, then never
 *               answer; a status (502): apply it, then answer that status with a gateway's HTML page (a proxy that gave
 *               up on Helena after Helena took the request)
 *   paging      { totalPages?, hasMorePages?, pageNumber?, repeatFirstPage?, repeatFromFirstPage? }: applied to the
 *               real page envelope; repeatFirstPage answers page 1 again, repeatFromFirstPage: n puts page 1's first
 *               n items in front of this page's
 *   retryAfter  a Retry-After header value as text, answered 429 (or `status`) unapplied
 *   reshape     (answer) => answer: the request is applied, and its real answer is given as this function returns it
 *               (a test bending an answer on purpose, e.g. a batch's results in another order)
 *   storage     true: the rule is for the file store behind an upload's `urlUpload` (PUT /__storage/…) and
 *               for nothing else; there `hang`, `reset` (before storing) and `loseAnswer` (after) apply
 */

const HTML_PAGE = '<!DOCTYPE html><html><head><title>Welcome</title></head><body><h1>It works!</h1></body></html>';

class Misbehaviour {
	constructor() {
		/** @type {Array<Record<string, any>>} */
		this.rules = [];
		/** @type {Set<import('node:net').Socket>} */
		this.hung = new Set();
		/** @type {Map<string, unknown>} first page answered per path, for repeatFirstPage */
		this.firstPages = new Map();
	}

	/**
	 * @param {Record<string, any> & { count?: number, method?: string, path?: string|RegExp }} rule
	 */
	next(rule) {
		this.rules.push({ ...rule, remaining: rule.count ?? 1, method: rule.method?.toUpperCase() });
	}

	/** Every matching request, until `clear()`. */
	always(rule) {
		this.next({ ...rule, count: Infinity });
	}

	clear() {
		this.rules = [];
		this.firstPages.clear();
		for (const socket of this.hung) socket.destroy();
		this.hung.clear();
	}

	/** The rule that takes this API request, if any (consumes one of its count). */
	take(method, decodedPath) {
		return this.takeFrom(method, decodedPath, false);
	}

	/** The rule that takes this request to the file store, if any: only rules marked `storage`. */
	takeStorage(method, decodedPath) {
		return this.takeFrom(method, decodedPath, true);
	}

	takeFrom(method, decodedPath, storage) {
		const rule = this.rules.find(
			(r) => r.remaining > 0 && Boolean(r.storage) === storage && (!r.method || r.method === method) && matches(r.path, decodedPath),
		);
		if (!rule) return undefined;
		rule.remaining--;
		this.rules = this.rules.filter((r) => r.remaining > 0);
		return rule;
	}

	/** `hang`: the request is never answered; `reset`: the connection is dropped unanswered. Whether it did either. */
	hangOrReset(rule, req) {
		if (rule.hang) {
			this.hung.add(req.socket);
			req.socket.once('close', () => this.hung.delete(req.socket));
			return true;
		}
		if (rule.reset) {
			req.socket.destroy();
			return true;
		}
		return false;
	}

	/**
	 * Before the route runs: answers (or hangs, or resets) instead of it. Returns true when it did.
	 * @param {Record<string, any>} rule @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res
	 * @param {{ status: number }} entry
	 */
	before(rule, req, res, entry) {
		if (this.hangOrReset(rule, req)) return true;
		if (rule.echoHeaders) {
			const rows = Object.entries(req.headers).map(([name, value]) => `<tr><td>${name}</td><td>${String(value)}</td></tr>`);
			raw(res, entry, rule.status ?? 502, 'text/html', `<html><body><h1>Bad Gateway</h1><table>${rows.join('')}</table></body></html>`);
			return true;
		}
		if (rule.retryAfter !== undefined) {
			const text = JSON.stringify({ key: 'TOO_MANY_REQUESTS', text: 'Muitas requisições', httpStatusCode: 'TooManyRequests' });
			raw(res, entry, rule.status ?? 429, 'application/json', text, { 'retry-after': String(rule.retryAfter) });
			return true;
		}
		if ('text' in rule) {
			raw(res, entry, rule.status ?? 200, rule.contentType ?? 'text/plain', String(rule.text));
			return true;
		}
		if ('body' in rule) {
			const status = rule.status ?? 200;
			if (rule.body === 'html') raw(res, entry, status, 'text/html; charset=utf-8', HTML_PAGE);
			else if (rule.body === 'empty') raw(res, entry, status, 'application/json', '');
			else if (rule.body === 'invalid-json') raw(res, entry, status, 'application/json', '{"items": [{"id": "1",');
			else raw(res, entry, status, 'application/json', JSON.stringify(rule.body));
			return true;
		}
		return false;
	}

	/**
	 * A file store that misbehaves: never answers (`hang`), drops the connection before storing (`reset`),
	 * or stores and then drops it (`loseAnswer`: returns 'stored-then-dropped'). Returns true when it answered instead.
	 */
	storage(rule, req, store) {
		if (this.hangOrReset(rule, req)) return true;
		if (rule.loseAnswer) {
			store();
			req.socket.destroy();
			return true;
		}
		return false;
	}

	/**
	 * After the route ran (the request is applied): loses the answer, or bends the page envelope.
	 * Returns the result to answer, or `{ dropped: true }` when it dropped, held or answered the request itself.
	 */
	after(rule, req, decodedPath, result, res, entry) {
		if (typeof rule.loseAnswer === 'number') {
			raw(res, entry, rule.loseAnswer, 'text/html', `<html><body><h1>${rule.loseAnswer} Bad Gateway</h1></body></html>`);
			return { dropped: true };
		}
		if (rule.loseAnswer === 'hang') {
			this.hangOrReset({ hang: true }, req);
			return { dropped: true };
		}
		if (rule.loseAnswer) {
			req.socket.destroy();
			return { dropped: true };
		}
		if (typeof rule.reshape === 'function') return { result: rule.reshape(structuredClone(result)) };
		if (rule.paging && result && typeof result === 'object') {
			const { repeatFirstPage, repeatFromFirstPage, ...fields } = rule.paging;
			let page = { ...result };
			if (!this.firstPages.has(decodedPath)) this.firstPages.set(decodedPath, page);
			const first = /** @type {{ items?: unknown[] }} */ (this.firstPages.get(decodedPath));
			if (repeatFirstPage) page = { ...first };
			if (repeatFromFirstPage) page.items = [...(first.items ?? []).slice(0, repeatFromFirstPage), ...(page.items ?? [])];
			return { result: { ...page, ...fields } };
		}
		return { result };
	}
}

function matches(path, decodedPath) {
	if (path === undefined || path === null || path === '') return true;
	if (path instanceof RegExp) return path.test(decodedPath);
	return decodedPath.startsWith(path) || decodedPath.startsWith(`/core${path}`);
}

function raw(res, entry, status, type, text, headers = {}) {
	entry.status = status;
	res.writeHead(status, { ...headers, 'content-type': type, 'content-length': String(Buffer.byteLength(text)) });
	res.end(text);
}

module.exports = { Misbehaviour, HTML_PAGE };
