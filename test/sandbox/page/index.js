'use strict';

/**
 * The sandbox page: a window on the sandbox for a person in a browser, at the sandbox's own address.
 *   GET  /                          the page (page.html: inline CSS and script, nothing fetched from elsewhere)
 *   GET  /__sandbox/page/state      what it shows (view.js)
 *   GET  /__sandbox/page/answered   where the demo history's answered question links (answered.js)
 *   POST /__sandbox/page/<action>   what a person does on it (actions.js), answered with the record changed
 * Like the control API: no auth, not in the request log, no faults.
 */

const { readFileSync } = require('node:fs');
const path = require('node:path');

const { pageView } = require('./view');
const { ACTIONS, PageInputError } = require('./actions');
const { answeredPage } = require('./answered');

const PAGE_PREFIX = '/__sandbox/page/';
const html = readFileSync(path.join(__dirname, 'page.html'));

/** Whether a request is the page's (the caller then hands it to handlePage). */
function isPageRequest(method, pathname) {
	return (method === 'GET' && pathname === '/') || pathname.startsWith(PAGE_PREFIX);
}

function answer(res, status, body, type = 'application/json; charset=utf-8') {
	const payload = Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body ?? null));
	res.writeHead(status, { 'content-type': type, 'content-length': String(payload.length), 'cache-control': 'no-store' });
	res.end(payload);
}

async function readJson(req) {
	const chunks = [];
	for await (const chunk of req) chunks.push(chunk);
	const text = Buffer.concat(chunks).toString('utf8');
	if (!text.trim()) return {};
	try {
		return JSON.parse(text);
	} catch {
		throw new PageInputError('the body is not valid JSON');
	}
}

/** @param {import('../index').Sandbox} sandbox @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
async function handlePage(sandbox, req, res, method, pathname) {
	if (pathname === '/') return answer(res, 200, html, 'text/html; charset=utf-8');
	const name = pathname.slice(PAGE_PREFIX.length);
	if (method === 'GET' && name === 'state') return answer(res, 200, pageView(sandbox));
	if (method === 'GET' && name === 'answered') {
		const { status, html: text } = answeredPage(sandbox, new URL(req.url ?? '/', sandbox.url).searchParams.get('answer'));
		return answer(res, status, Buffer.from(text), 'text/html; charset=utf-8');
	}
	const action = Object.hasOwn(ACTIONS, name) ? ACTIONS[name] : undefined;
	if (method !== 'POST' || !action) return answer(res, 404, { error: `no page route ${method} ${pathname}` });
	try {
		const result = await action(sandbox, await readJson(req));
		return answer(res, 200, result ?? { ok: true });
	} catch (error) {
		// a refusal of the route handler (Helena's words) or of the page's own checks
		const message = error?.problem?.detail ?? (error instanceof Error ? error.message : String(error));
		return answer(res, 400, { error: message });
	}
}

module.exports = { isPageRequest, handlePage };
