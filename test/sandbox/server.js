'use strict';

/**
 * The HTTP layer: only its own callers (localOnly.js), the stand-in chat model under /v1 (model/), /core prefix, latency, auth, rate limits, scripted and random faults,
 * routing, JSON bodies, the request log. Everything under /__sandbox goes to control.js.
 */

const http = require('node:http');
const { ApiError, errorBody } = require('./errors');
const { matchRoute } = require('./routes');
const { handleControl } = require('./control');
const { isPageRequest, handlePage } = require('./page');
const { httpDate, now: clockNow } = require('./clock');
const { storagePut } = require('./chat/catalog');
const { isSendFamily } = require('./chat/routes');
const { foreignRequest, refuseForeign } = require('./localOnly');
const { isModelRequest } = require('./model');

/**
 * @typedef {object} QueryReader
 * @property {(name: string) => string|undefined} get   first value of the name, exact case (the contract refuses others)
 * @property {(name: string) => string[]} getAll         every value of a repeated name
 * @property {() => string[]} names                     every name given (for a map written as `Name[key]=value`)
 */

/**
 * @typedef {object} RouteContext
 * @property {import('./state').SandboxState} state
 * @property {Record<string, string>} params  percent-decoded path params
 * @property {QueryReader} query
 * @property {any} body                        parsed JSON or undefined
 * @property {(eventType: string, makeContent: () => unknown) => void} notify  webhook if anyone listens
 * @property {import('./variations').Variations} variations  what the emulated service varies
 * @property {any} [sandbox]                   the Sandbox
 * @property {Promise<unknown>} [answerAfter]  set by a handler: the answer waits for it (the request is applied)
 */

/**
 * @typedef {object} LoggedRequest
 * @property {string} method
 * @property {string} path          raw pathname as received (percent-encoded)
 * @property {string} decodedPath
 * @property {Record<string, string|string[]>} query
 * @property {Record<string, string|string[]|undefined>} headers  lower-cased names
 * @property {any} body             parsed JSON, the raw text when it was not JSON, or undefined
 * @property {number} status        0 while in flight or when the connection was dropped
 * @property {number} at            Date.now() on arrival
 * @property {number} [admittedAt]   when the rate limiter admitted it (only while limits are enforced)
 * @property {number} [answeredAt]  Date.now() when the answer was sent (not for a dropped connection)
 * @property {number} [clientGoneAt]  Date.now() when the client closed the connection before the answer was sent
 * @property {import('./contractCheck').Problem[]} [violations]  where it broke the contract (it was refused)
 * @property {import('./contractCheck').Problem[]} [answerDisagreements]  where the sandbox's answer left the documented schema
 */

const MAX_BODY_BYTES = 10 * 1024 * 1024;
const JSON_TYPE_RE = /^(application\/json|text\/json|application\/[\w.+-]+\+json)\s*(;|$)/i;

/** @param {string} search */
function parseQuery(search) {
	const params = new URLSearchParams(search);
	/** @type {Record<string, string|string[]>} */
	const logged = {};
	/** @type {Map<string, string[]>} */
	const byName = new Map();
	for (const [key, value] of params) {
		const prev = logged[key];
		logged[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
		byName.set(key, [...(byName.get(key) ?? []), value]);
	}
	/** @type {QueryReader} */
	const reader = {
		get: (name) => byName.get(name)?.[0],
		getAll: (name) => byName.get(name) ?? [],
		names: () => [...byName.keys()],
	};
	return { logged, reader };
}

/** @param {http.IncomingMessage} req @returns {Promise<{ text: string, tooLarge: boolean }>} */
function readBody(req) {
	return new Promise((resolve, reject) => {
		/** @type {Buffer[]} */
		const chunks = [];
		let size = 0;
		req.on('data', (chunk) => {
			size += chunk.length;
			if (size <= MAX_BODY_BYTES) chunks.push(chunk);
		});
		req.on('end', () => resolve({ text: Buffer.concat(chunks).toString('utf8'), tooLarge: size > MAX_BODY_BYTES }));
		req.on('error', reject);
	});
}

function safeDecode(path) {
	try {
		return decodeURIComponent(path);
	} catch {
		return path;
	}
}

/**
 * `Bearer <key>` (what the vendor documents) or the bare key (the spec's literal reading); the `auth`
 * variation narrows it to one of them.
 * @param {unknown} header @param {string} apiKey @param {'both'|'bearer'|'raw'} [accepts]
 */
function isAuthorized(header, apiKey, accepts = 'both') {
	if (typeof header !== 'string') return false;
	if (header === apiKey) return accepts !== 'bearer';
	const m = /^bearer\s+(.+)$/i.exec(header.trim());
	return m !== null && m[1].trim() === apiKey && accepts !== 'raw';
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @param {http.ServerResponse} res
 * @param {number} status
 * @param {unknown} body undefined = empty body
 * @param {Record<string, string>} [headers]
 */
function send(res, status, body, headers = {}) {
	if (res.headersSent || res.destroyed) return;
	if (body === undefined) {
		res.writeHead(status, { ...headers, 'content-length': '0' });
		res.end();
		return;
	}
	const text = JSON.stringify(body);
	res.writeHead(status, {
		...headers,
		'content-type': 'application/json; charset=utf-8',
		'content-length': String(Buffer.byteLength(text)),
	});
	res.end(text);
}

/** @param {import('./index').Sandbox} sandbox */
function createServer(sandbox) {
	/**
	 * @param {LoggedRequest|undefined} entry
	 * @param {http.ServerResponse} res
	 */
	const answer = (entry, res, status, body, headers) => {
		if (entry) {
			entry.status = status;
			entry.answeredAt = Date.now();
		}
		send(res, status, body, headers);
	};
	/** @param {ApiError} error */
	const refuse = (entry, res, error, headers) => {
		const { status, body } = sandbox.variations.errorAnswer(error);
		answer(entry, res, status, body, headers);
	};
	const fail = (entry, res, status, key, text, details, headers) => refuse(entry, res, new ApiError(status, key, text, details), headers);
	const retryAfter = (seconds) => (seconds === undefined ? {} : { 'retry-after': String(seconds) });

	/** @param {http.IncomingMessage} req @param {http.ServerResponse} res */
	async function handle(req, res) {
		const at = Date.now();
		const method = (req.method ?? 'GET').toUpperCase();
		const rawUrl = req.url ?? '/';
		const qi = rawUrl.indexOf('?');
		const path = qi < 0 ? rawUrl : rawUrl.slice(0, qi);
		const { logged, reader } = parseQuery(qi < 0 ? '' : rawUrl.slice(qi + 1));

		const foreign = foreignRequest(req, method, path);
		if (foreign) return refuseForeign(req, res, foreign);
		// whatever changes the records (the API, the page, the control API) once answered: a kept sandbox saves them
		if (method !== 'GET' && method !== 'HEAD') res.once('close', sandbox.changed);
		if (isPageRequest(method, path)) return await handlePage(sandbox, req, res, method, path);
		if (isModelRequest(path)) return await sandbox.model.handle(req, res, method, path);
		if (path === '/__sandbox' || path.startsWith('/__sandbox/')) {
			const { text } = await readBody(req);
			const result = await handleControl(sandbox, method, path.slice('/__sandbox'.length) || '/', text, reader);
			return send(res, result.status, result.body);
		}

		if (path.startsWith('/__storage/')) return await handleStorage(req, res, method, path, logged, at);

		/** @type {LoggedRequest} */
		const entry = {
			method,
			path,
			decodedPath: safeDecode(path),
			query: logged,
			headers: { ...req.headers },
			body: undefined,
			status: 0,
			at,
		};
		sandbox.requests.push(entry);
		res.once('close', () => {
			if (!res.writableFinished) entry.clientGoneAt = Date.now();
		});
		const { text, tooLarge } = await readBody(req);
		let body;
		let badJson = false;
		if (text.length) {
			try {
				body = JSON.parse(text);
			} catch {
				badJson = true;
			}
			entry.body = badJson ? text : body;
		}

		const faults = sandbox.faults.settings;
		if (faults.redirectTo) return answer(entry, res, 307, undefined, { location: faults.redirectTo + rawUrl });

		const core = /^\/(core|chat|crm)(\/|$)/i.exec(path);
		if (!core) return fail(entry, res, 400, 'INVALID_SERVICE', 'Serviço não informado na URL: use o prefixo /core, /chat ou /crm');

		if (faults.latencyMs > 0) await sleep(faults.latencyMs);
		await sandbox.holds.wait(method, entry.decodedPath);

		if (!isAuthorized(req.headers.authorization, sandbox.apiKey, sandbox.variations.settings.auth))
			return fail(entry, res, 401, 'ERROR_UNAUTHORIZED', 'Acesso negado');

		const refusal = sandbox.contract.refusal(method, path, qi < 0 ? '' : rawUrl.slice(qi + 1), {
			present: text.length > 0,
			json: !badJson,
			value: body,
		});
		if (refusal) {
			entry.violations = refusal.details.violations;
			return refuse(entry, res, refusal);
		}

		if (faults.enforceRateLimits) {
			// The log's `at` is the arrival; the limiter counts the moment it admits, which is what its windows hold.
			// The sandbox's clock (clock.js), so that a test can move the windows on with the node's fake clock.
			const now = clockNow();
			const endpoint = isSendFamily(path) ? `${method} ${entry.decodedPath.replace(/\/[0-9a-f-]{36}(?=\/|$)/gi, '/{id}')}` : undefined;
			const messages = Array.isArray(body?.messages) ? body.messages.length : 1;
			if (!sandbox.faults.admit(sandbox.apiKey, endpoint, messages, now))
				return fail(entry, res, 429, 'TOO_MANY_REQUESTS', undefined, null, retryAfter(faults.retryAfterSeconds));
			entry.admittedAt = now;
		}

		const trick = sandbox.misbehaviour.take(method, entry.decodedPath);
		if (trick && sandbox.misbehaviour.before(trick, req, res, entry)) return undefined;

		const scripted = sandbox.faults.takeScripted(method, entry.decodedPath);
		if (scripted) {
			if (scripted.status === 0) {
				req.socket.destroy();
				return undefined;
			}
			const seconds =
				scripted.retryAfterSeconds ?? (scripted.status === 429 || scripted.status === 503 ? faults.retryAfterSeconds : undefined);
			return fail(entry, res, scripted.status, undefined, undefined, { injected: true }, retryAfter(seconds));
		}

		const injected = sandbox.faults.draw();
		if (injected === 429) return fail(entry, res, 429, 'TOO_MANY_REQUESTS', undefined, null, retryAfter(faults.retryAfterSeconds));
		if (injected === 503)
			return fail(entry, res, 503, 'SERVICE_UNAVAILABLE', undefined, { injected: true }, retryAfter(faults.retryAfterSeconds));

		const route = matchRoute(method, path.slice(core[0].length - (core[2] === '/' ? 1 : 0)) || '/', core[1].toLowerCase());
		// ASP.NET answers a path it has no route for with an empty 404; Helena's error body means a missing record
		if (!route) return answer(entry, res, 404, undefined);
		if ('badEncoding' in route) return fail(entry, res, 400, 'FORM_ERROR', 'Parâmetro de rota com codificação inválida');

		// DELETE takes a body where the reference gives one (a tag's removeFromContacts, the contact to take out of a list)
		const hasBody = method !== 'GET' && text.length > 0;
		if (hasBody) {
			if (tooLarge) return fail(entry, res, 413, 'REQUEST_TOO_LARGE', 'Corpo da requisição muito grande');
			const type = req.headers['content-type'];
			if (!type || !JSON_TYPE_RE.test(type))
				return fail(entry, res, 415, 'UNSUPPORTED_MEDIA_TYPE', `Content-Type não suportado: ${type ?? '(ausente)'}`);
			if (badJson) return fail(entry, res, 400, 'FORM_ERROR', 'O corpo da requisição não é um JSON válido');
		}

		/** @type {RouteContext} */
		const ctx = {
			state: sandbox.state,
			params: route.params,
			query: reader,
			body: hasBody ? body : undefined,
			notify: (eventType, makeContent) => sandbox.deliverer.notify(eventType, makeContent),
			variations: sandbox.variations,
			sandbox,
		};
		try {
			const bent = trick
				? sandbox.misbehaviour.after(trick, req, entry.decodedPath, route.handler(ctx), res, entry)
				: { result: route.handler(ctx) };
			if (bent.dropped) return undefined;
			// applied, answered only once this settles (a delivery Helena sends before its answer arrives)
			if (ctx.answerAfter) await ctx.answerAfter;
			// held as it goes on the wire (undefined keys dropped)
			const wire = bent.result === undefined ? undefined : JSON.parse(JSON.stringify(bent.result));
			const problems = sandbox.contract.checkAnswer(method, path, 200, wire, Boolean(trick));
			if (problems.length) entry.answerDisagreements = problems;
			return answer(entry, res, 200, bent.result);
		} catch (err) {
			if (err instanceof ApiError && err.problem && isSendFamily(path)) return answer(entry, res, err.status, err.problem);
			if (err instanceof ApiError) return refuse(entry, res, err);
			return fail(entry, res, 500, 'INTERNAL_SERVER_ERROR', 'Erro interno no servidor', {
				message: err instanceof Error ? err.message : String(err),
			});
		}
	}

	/**
	 * The object store behind a file upload's `urlUpload`: raw bytes, no API key (a presigned address).
	 * Logged like API requests, with the byte count as the body.
	 */
	async function handleStorage(req, res, method, path, logged, at) {
		/** @type {Buffer[]} */
		const chunks = [];
		for await (const chunk of req) chunks.push(chunk);
		const bytes = Buffer.concat(chunks);
		const entry = {
			method,
			path,
			decodedPath: safeDecode(path),
			query: logged,
			headers: { ...req.headers },
			body: { bytes: bytes.length },
			status: 0,
			at,
		};
		sandbox.requests.push(entry);
		const store = () => (method === 'PUT' ? storagePut(sandbox, path.slice('/__storage/'.length), bytes) : 405);
		const trick = sandbox.misbehaviour.takeStorage(method, entry.decodedPath);
		if (trick && sandbox.misbehaviour.storage(trick, req, store)) return undefined;
		const status = store();
		entry.status = status;
		res.writeHead(status, { 'content-length': '0' });
		res.end();
	}

	return http.createServer((req, res) => {
		// Helena's Date header tells its own time: the same clock as its createdAt/updatedAt
		res.setHeader('date', httpDate());
		handle(req, res).catch((err) => {
			send(res, 500, errorBody(500, 'INTERNAL_SERVER_ERROR', 'Erro interno no servidor', { message: String(err?.message ?? err) }));
		});
	});
}

module.exports = { createServer, isAuthorized };
