'use strict';

/**
 * A local relay between the node and Helena that keeps every exchange: the node's credential points at it, it
 * forwards each request unchanged to the real base URL and hands back the answer unchanged, and the smoke run
 * holds each recorded answer to the documents. So the table shows what Helena answered to what the node sent.
 * It listens on 127.0.0.1 only; the API key passes through in the request's own header and is never stored.
 * When Helena cannot be reached (refused, unknown host, no connection in time) the relay answers nothing and drops
 * the node's connection, so the node meets a failed connection as it would without the relay (never a made-up
 * 502, which the node would take for Helena's own answer and retry); the exchange is kept with status 0 and the
 * system code, and the smoke run stops.
 */

const http = require('node:http');

/** @typedef {{ method: string, path: string, status: number, body: unknown, text: string }} Exchange */

/**
 * @param {string} target the Base URL as the node reads it (`parseBaseUrl`): the services' paths are added to it
 * @param {(exchange: Exchange, headers: Headers) => void} [onAnswer] called with each answer as it passes
 */
async function startRecorder(target, onAnswer = () => undefined) {
	/** @type {Exchange[]} */
	const exchanges = [];
	const server = http.createServer(async (req, res) => {
		const chunks = [];
		for await (const chunk of req) chunks.push(chunk);
		const headers = { ...req.headers };
		delete headers.host;
		delete headers['content-length'];
		delete headers.connection;
		// the node gave up (its Timeout): so does the relay
		const abandoned = new AbortController();
		res.on('close', () => abandoned.abort());
		try {
			const answer = await fetch(`${target}${req.url}`, {
				method: req.method,
				headers: /** @type {Record<string, string>} */ (headers),
				body: chunks.length && req.method !== 'GET' ? Buffer.concat(chunks) : undefined,
				redirect: 'manual',
				signal: abandoned.signal,
			});
			const bytes = Buffer.from(await answer.arrayBuffer());
			const type = answer.headers.get('content-type') ?? '';
			const text = /json/i.test(type) ? bytes.toString('utf8') : '';
			let body;
			try {
				body = text ? JSON.parse(text) : undefined;
			} catch {
				body = text;
			}
			const path = (req.url ?? '/').split('?')[0];
			const exchange = { method: req.method ?? 'GET', path, status: answer.status, body, text };
			exchanges.push(exchange);
			onAnswer(exchange, answer.headers);
			const out = {};
			answer.headers.forEach((value, name) => {
				if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name)) out[name] = value;
			});
			res.writeHead(answer.status, { ...out, 'content-length': String(bytes.length) });
			res.end(bytes);
		} catch (error) {
			exchanges.push({
				method: req.method ?? 'GET',
				path: (req.url ?? '/').split('?')[0],
				status: 0,
				body: undefined,
				text: abandoned.signal.aborted ? 'no answer in time' : String(error?.cause?.code ?? error?.code ?? error?.message),
			});
			res.socket?.destroy();
		}
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
	const address = /** @type {import('node:net').AddressInfo} */ (server.address());
	return {
		url: `http://127.0.0.1:${address.port}`,
		/** The exchanges recorded since the last call. */
		take: () => exchanges.splice(0),
		close: () =>
			new Promise((resolve) => {
				server.close(() => resolve(undefined));
				server.closeAllConnections();
			}),
	};
}

module.exports = { startRecorder };
