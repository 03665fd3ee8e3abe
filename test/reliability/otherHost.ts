import { startLocalServer } from '../engine/localServer';
import type { HttpRequest, LocalServer } from '../engine/localServer';

export interface OtherHostRequest {
	method: string;
	url: string;
	headers: HttpRequest['headers'];
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
	let server: LocalServer;
	beforeAll(async () => {
		server = await startLocalServer(
			(request, response) => {
				other.requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
				request.resume();
				response.writeHead(200, { 'content-type': 'application/json' }).end('[]');
			},
			{ host: '127.0.0.2' },
		);
		other.url = server.url;
	});
	beforeEach(() => {
		other.requests.length = 0;
	});
	afterAll(async () => await server.close());
	return other;
}
