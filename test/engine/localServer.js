'use strict';

/*
 * A local HTTP server for a test: n8n's webhook receiver in runTrigger.ts, a file host, another host that must
 * never hear from the node. It is JavaScript, as the sandbox is, because n8n's lint (`npx n8n-node lint`) holds
 * every TypeScript file of the repository to the rules of node code, which may not import Node's built-ins;
 * the TypeScript tests get its types by inference.
 */

const { createServer } = require('node:http');

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

module.exports = { startLocalServer };
