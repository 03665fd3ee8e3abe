'use strict';

/**
 * The control API under /__sandbox (no auth, never logged, no faults), so tests running in
 * another process (a real n8n) can drive the sandbox. Mirrors the programmatic interface.
 */

/**
 * @param {import('./index').Sandbox} sb
 * @param {string} method
 * @param {string} path below /__sandbox, e.g. '/requests'
 * @param {string} text raw body
 * @param {import('./server').QueryReader} query
 * @returns {Promise<{ status: number, body?: unknown }>}
 */
async function handleControl(sb, method, path, text, query) {
	let body = {};
	if (text.trim()) {
		try {
			body = JSON.parse(text);
		} catch {
			return { status: 400, body: { error: 'body is not valid JSON' } };
		}
	}
	const route = `${method} ${path.replace(/\/+$/, '') || '/'}`;
	try {
		switch (route) {
			case 'GET /health':
				return { status: 200, body: { ok: true, url: sb.url, seed: sb.seedName, counts: sb.counts() } };
			case 'GET /requests':
				return { status: 200, body: sb.requests };
			case 'DELETE /requests': {
				const cleared = sb.requests.length;
				sb.clearRequests();
				return { status: 200, body: { cleared } };
			}
			case 'POST /faults':
				return { status: 200, body: sb.setFaults(body) };
			case 'GET /faults':
				return { status: 200, body: { ...sb.faults.settings, scripted: sb.faults.scripted.map(describeRule) } };
			case 'POST /fail-next': {
				const path = body.pathRegex ? new RegExp(body.pathRegex) : body.path;
				sb.failNext(body.count ?? 1, { status: body.status, retryAfterSeconds: body.retryAfterSeconds, method: body.method, path });
				return { status: 200, body: { scripted: sb.faults.scripted.map(describeRule) } };
			}
			case 'POST /variations':
				return { status: 200, body: sb.setVariations(body) };
			case 'GET /variations':
				return { status: 200, body: { ...sb.variations.settings } };
			case 'GET /contract':
				return { status: 200, body: sb.contractStats() };
			case 'POST /contract/take-violations':
				return { status: 200, body: sb.takeViolations() };
			case 'POST /reset':
				sb.reset(body.seed);
				return { status: 200, body: { seed: sb.seedName, counts: sb.counts() } };
			case 'POST /seed-contacts': {
				const contacts = sb.seedContacts(Number(body.n ?? query.get('n') ?? 0), { prefix: body.prefix });
				return { status: 200, body: { count: contacts.length, contacts } };
			}
			case 'POST /clock':
				return { status: 200, body: sb.setClock(body) };
			case 'POST /page-order':
				return { status: 200, body: sb.setPageOrder(body.order) };
			case 'POST /after-bound':
				return { status: 200, body: sb.setAfterBound(body.reading) };
			case 'GET /state':
				return { status: 200, body: sb.snapshot() };
			case 'POST /events':
				return { status: 200, body: await sb.deliver(body.eventType, body.content) };
			case 'GET /deliveries':
				return { status: 200, body: sb.deliveries };
			case 'DELETE /deliveries': {
				const cleared = sb.deliveries.length;
				sb.deliveries.length = 0;
				return { status: 200, body: { cleared } };
			}
			case 'POST /deliveries/hold':
				return { status: 200, body: { held: sb.holdDeliveries(body.eventType) } };
			case 'POST /deliveries/release':
				return { status: 200, body: await sb.releaseDeliveries({ order: body.order, twice: body.twice === true }) };
			case 'POST /deliveries/redeliver':
				return { status: 200, body: await sb.redeliver(Number(body.index)) };
			case 'POST /chat/contact-writes-burst':
				return {
					status: 200,
					body: await sb.chat.contactWritesBurst(body.phone, body.texts, { gapMs: body.gapMs, channelName: body.channel }),
				};
			case 'POST /chat/contact-writes':
				return { status: 200, body: sb.chat.contactWrites(body.phone, body.text, body.channel) };
			case 'POST /chat/advance':
				sb.chat.advance();
				return { status: 200, body: { ok: true } };
			case 'POST /chat/fail-deliveries':
				sb.chat.failDeliveriesTo(body.phone, body.reason);
				return { status: 200, body: { ok: true } };
			case 'GET /chat/sessions':
				return { status: 200, body: sb.chat.sessions() };
			default:
				return { status: 404, body: { error: `unknown control route ${route}` } };
		}
	} catch (err) {
		return { status: 400, body: { error: err instanceof Error ? err.message : String(err) } };
	}
}

function describeRule(r) {
	return { ...r, path: r.path instanceof RegExp ? String(r.path) : r.path };
}

module.exports = { handleControl };
