'use strict';

/*
 * A local HTTP server for a test: n8n's webhook receiver in runTrigger.ts, a file host, another host that must
 * never hear from the node. It is JavaScript, as the sandbox is, because n8n's lint (`npx n8n-node lint`) holds
 * every TypeScript file of the repository to the rules of node code, which may not import Node's built-ins;
 * the TypeScript tests get its types by inference.
 */

const { createServer, request: httpRequest } = require('node:http');

/** @typedef {import('node:http').IncomingMessage} HttpRequest */
/** @typedef {import('node:http').ServerResponse<HttpRequest> & { req: HttpRequest }} HttpResponse */
/** @typedef {{ url: string, close: () => Promise<void> }} LocalServer */

/**
 * Listens on `host` at a free port and hands each request to `handle`; `close()` also ends the open connections.
 * @param {(request: HttpRequest, response: HttpResponse) => void} handle
 * @param {{ host?: string }} [options] default 127.0.0.1
 * @returns {Promise<LocalServer>}
 */
async function startLocalServer(handle, { host = '127.0.0.1' } = {}) {
	const server = createServer(handle);
	await new Promise((resolve) => server.listen(0, host, () => resolve(undefined)));
	const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
	return {
		url: `http://${host}:${port}`,
		close: async () => {
			await new Promise((resolve) => {
				server.close(() => resolve(undefined));
				server.closeAllConnections();
			});
		},
	};
}

/**
 * A proxy in front of `target` that hands each answer to `rewrite` before passing it on: the Host it sends is the
 * target's, and an answer's length is that of the rewritten body. A connection the target refuses is dropped.
 * @param {string} target
 * @param {(request: { method: string, url: URL }, status: number, body: Buffer) => Buffer} rewrite
 * @param {{ dropHeaders?: string[] }} [options] answer headers left out (lower case), such as `date`
 * @returns {Promise<LocalServer>}
 */
async function startRewritingProxy(target, rewrite, { dropHeaders = [] } = {}) {
	const to = new URL(target);
	/** @param {import('node:stream').Readable} stream */
	const readAll = async (stream) => {
		/** @type {Buffer[]} */
		const chunks = [];
		for await (const chunk of stream) chunks.push(chunk);
		return Buffer.concat(chunks);
	};
	return await startLocalServer((incoming, answer) => {
		void (async () => {
			const body = await readAll(incoming);
			const method = incoming.method ?? 'GET';
			const url = new URL(incoming.url ?? '/', target);
			const headers = { ...incoming.headers, host: to.host };
			const outgoing = httpRequest({ host: to.hostname, port: to.port, method, path: incoming.url, headers }, (response) => {
				void (async () => {
					const text = rewrite({ method, url }, response.statusCode ?? 502, await readAll(response));
					const { 'content-length': _length, 'transfer-encoding': _encoding, ...rest } = response.headers;
					for (const name of dropHeaders) delete rest[name];
					// Node adds a Date of its own to every answer unless told not to
					if (dropHeaders.includes('date')) answer.sendDate = false;
					answer.writeHead(response.statusCode ?? 502, { ...rest, 'content-length': String(text.length) });
					answer.end(text);
				})();
			});
			outgoing.on('error', () => answer.destroy());
			outgoing.end(body);
		})();
	});
}

module.exports = { startLocalServer, startRewritingProxy };
