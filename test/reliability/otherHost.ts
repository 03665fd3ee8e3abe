import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OtherHostRequest {
	method: string;
	url: string;
	headers: IncomingHttpHeaders;
}

export interface OtherHost {
	/** `http://127.0.0.2:<port>`: another host name than the sandbox's 127.0.0.1. */
	url: string;
	requests: OtherHostRequest[];
}

/**
 * A server on another host that must never hear from the node. It answers like Helena would (200,
 * an empty list), so a request that reached it would look like a success.
 */
export function useOtherHost(): OtherHost {
	const other = { url: '', requests: [] } as OtherHost;
	let server: Server;
	beforeAll(async () => {
		server = createServer((request, response) => {
			other.requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
			request.resume();
			response.writeHead(200, { 'content-type': 'application/json' }).end('[]');
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
		other.url = `http://127.0.0.2:${(server.address() as AddressInfo).port}`;
	});
	beforeEach(() => {
		other.requests.length = 0;
	});
	afterAll(async () => {
		server.closeAllConnections();
		await new Promise((resolve) => server.close(resolve));
	});
	return other;
}
