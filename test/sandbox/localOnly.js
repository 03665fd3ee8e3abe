'use strict';

/**
 * The sandbox answers only its own callers: the node and the tests on this machine, and its own page. It listens
 * on 127.0.0.1; on top of that every request is refused (403, a short text saying why, not in the request log) when
 *   - its `Host` is not 127.0.0.1:<port> or localhost:<port> (a page on another site that has its own name resolve
 *     to 127.0.0.1, "DNS rebinding", would otherwise read the page state with the key, or the request log),
 *   - it carries an `Origin` that is not the sandbox's own, http://127.0.0.1:<port> or http://localhost:<port>
 *     (a browser names the page that sends a POST; the node and the tests send none),
 *   - it is a POST to the control or page routes (/__sandbox/...) whose Content-Type is not application/json.
 *     A page on another site can send a text/plain or form POST without asking first (no CORS preflight); a JSON
 *     one, and any other method (PUT, DELETE), needs a preflight, which the sandbox never grants.
 */

const LOCAL_NAMES = ['127.0.0.1', 'localhost'];
const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * Why a request is refused, or undefined when it is the sandbox's own.
 * @param {import('node:http').IncomingMessage} req @param {string} method @param {string} path
 * @returns {string|undefined}
 */
function foreignRequest(req, method, path) {
	const port = req.socket.localPort;
	const hosts = LOCAL_NAMES.map((name) => `${name}:${port}`);
	const host = String(req.headers.host ?? '').toLowerCase();
	if (!hosts.includes(host)) return `Host ${host ? `'${host}'` : '(absent)'} is not this sandbox: it answers only ${hosts.join(' or ')}`;
	const origin = req.headers.origin;
	if (origin !== undefined && !hosts.some((h) => origin.toLowerCase() === `http://${h}`))
		return `Origin '${origin}' is not this sandbox's page: requests from another site are refused`;
	if (method === 'POST' && (path === '/__sandbox' || path.startsWith('/__sandbox/'))) {
		const type = req.headers['content-type'];
		if (!type || !JSON_TYPE.test(type))
			return `Content-Type ${type ? `'${type}'` : '(absent)'} refused: the sandbox's control and page routes take application/json`;
	}
	return undefined;
}

/** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res @param {string} why */
function refuseForeign(req, res, why) {
	const text = `403 Forbidden: ${why}\n`;
	res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', 'content-length': String(Buffer.byteLength(text)) });
	res.end(text);
	// what was sent is not read: drop it rather than keep the connection for a body nobody wants
	req.resume();
}

module.exports = { foreignRequest, refuseForeign };
