import type { IHttpRequestOptions, INode } from 'n8n-workflow';
import { NodeApiError, UserError } from 'n8n-workflow';
import * as requestHelpers from 'n8n-core/dist/execution-engine/node-execution-context/utils/request-helper-functions';

/** n8n 2.41.1's error (@n8n/backend-network, ssrf/ssrf-blocked-ip.error.js), field for field. */
export class SsrfBlockedIpError extends UserError {
	constructor(
		readonly ip: string,
		readonly hostname?: string,
	) {
		const target = hostname ? `'${hostname}' (${ip})` : ip;
		super('The request was blocked because it resolves to a restricted IP address', {
			description:
				`The target ${target} is not allowed. ` +
				'This is a security measure to prevent Server-Side Request Forgery (SSRF). ' +
				'If you need to access internal resources, ask your n8n administrator to allowlist ' +
				'the hostname or IP range in the environment configuration.',
			extra: { ip, hostname },
		});
		this.name = 'SsrfBlockedIpError';
	}
}

/*
 * n8n's SSRF protection (N8N_SSRF_PROTECTION_ENABLED, on by default in n8n 3.0) refuses a request before
 * anything is sent. In n8n 2.41.1 its check runs first in `OutboundHttp.requests().request`: `httpRequest`
 * throws the SsrfBlocked…Error as it is, and `httpRequestWithAuthentication` wraps it in
 * `new NodeApiError(node, error)`, whose native `cause` it is (n8n-workflow 1.x drops the cause, so the
 * test sets it as 2.x does). The helpers here throw exactly that for the addresses the test blocks (with `fromCall`,
 * from that call of httpRequestWithAuthentication on: a repeat blocked after a first attempt that was sent).
 */
export function blockIn2411(blocked: { auth?: boolean; plain?: boolean; fromCall?: number }) {
	const calls = { auth: 0, plain: 0 };
	const ipOf = (url: string) => new URL(url).hostname;
	const original = requestHelpers.getRequestHelperFunctions;
	const spy = jest.spyOn(requestHelpers, 'getRequestHelperFunctions').mockImplementation((...args) => {
		const helpers = original(...args);
		const node = args[1] as INode;
		const { httpRequest, httpRequestWithAuthentication } = helpers;
		return {
			...helpers,
			async httpRequest(options: IHttpRequestOptions) {
				if (!blocked.plain) return await httpRequest(options);
				calls.plain++;
				throw new SsrfBlockedIpError(ipOf(options.url));
			},
			async httpRequestWithAuthentication(this: unknown, type: string, options: IHttpRequestOptions, extra?: never) {
				calls.auth++;
				if (!blocked.auth || calls.auth < (blocked.fromCall ?? 1))
					return await httpRequestWithAuthentication.call(this as never, type, options, extra);
				const blockedError = new SsrfBlockedIpError(ipOf(options.url));
				const wrapped = new NodeApiError(node, blockedError as never);
				Object.defineProperty(wrapped, 'cause', {
					value: blockedError,
					enumerable: false,
					writable: true,
					configurable: true,
				});
				throw wrapped;
			},
		} as typeof helpers;
	});
	return { calls, restore: () => spy.mockRestore() };
}
