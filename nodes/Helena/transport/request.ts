import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeApiError, sleep } from 'n8n-workflow';

import { budgetFor } from './budget';
import { helenaApiError, isFormError, readErrorBody } from './errors';
import type { NotFoundMessage } from './errors';
import { coreUrl } from './url';

export type HelenaContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
	| IPollFunctions
	| IWebhookFunctions;

export interface HelenaRequest {
	method: IHttpRequestMethods;
	/** Path after `/core`, e.g. `/v1/contact`; build it with `apiPath` so parameters are encoded. */
	path: string;
	qs?: IDataObject;
	body?: IDataObject | IDataObject[];
	itemIndex?: number;
	/**
	 * Whether sending the request twice does no harm. Defaults to true for GET, PUT and DELETE and
	 * false for POST; set it for POSTs that only read or upsert (filter, tags, batch, upsert create).
	 */
	repeatable?: boolean;
	/** Message for Helena's "not found" answer, e.g. `No contact with ID "…"`. */
	notFoundMessage?: NotFoundMessage;
}

export const MAX_ATTEMPTS = 10;
const BACKOFF_BASE_MS = 500;
const BACKOFF_CAP_MS = 20_000;
const RETRY_AFTER_CAP_MS = 300_000;

const credentialsOf = new WeakMap<object, Promise<ICredentialDataDecryptedObject>>();

/** The credential is read once per execution context, not once per request. */
async function credentialsFor(context: HelenaContext): Promise<ICredentialDataDecryptedObject> {
	let credentials = credentialsOf.get(context);
	if (!credentials) {
		credentials = context.getCredentials('helenaApi');
		credentialsOf.set(context, credentials);
	}
	return await credentials;
}

/** One budget per credential in this process (per URL when the credential has no id); none when pacing is off. */
function budgetOf(context: HelenaContext, credentials: ICredentialDataDecryptedObject, baseUrl: string) {
	if (credentials.requestPacing === 'off') return undefined;
	return budgetFor(context.getNode().credentials?.helenaApi?.id ?? baseUrl);
}

/** Exponential back-off with full jitter: spreads retries of parallel callers apart. */
function backoffMs(attempt: number): number {
	return Math.round(Math.random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1)));
}

function retryAfterMs(headers: IDataObject | undefined): number | undefined {
	const value = headers?.['retry-after'];
	if (typeof value !== 'string' && typeof value !== 'number') return undefined;
	const seconds = Number(value);
	if (Number.isFinite(seconds)) return Math.min(RETRY_AFTER_CAP_MS, Math.max(0, seconds * 1000));
	const date = Date.parse(String(value));
	return Number.isNaN(date) ? undefined : Math.min(RETRY_AFTER_CAP_MS, Math.max(0, date - Date.now()));
}

function isRetryableServerError(status: number, body: unknown): boolean {
	if (status === 501 || status === 505) return false;
	return status >= 500 && !isFormError(readErrorBody(body));
}

/** The origin a redirect points to (only the origin: the rest of the address is not ours to show). */
function originOf(location: unknown, base: string): string | undefined {
	try {
		return typeof location === 'string' ? new URL(location, base).origin : undefined;
	} catch {
		return undefined;
	}
}

/** A connection that broke mid-way; a refused connection or unknown host is a setup problem. */
const BROKEN_CONNECTION_CODES = new Set(['ECONNRESET', 'ETIMEDOUT', 'ECONNABORTED', 'EPIPE', 'UND_ERR_SOCKET']);
const MAX_NETWORK_ATTEMPTS = 3;

/** n8n reports a failed connection as a NodeApiError whose httpCode is the system error code. */
function networkCode(error: unknown): string | undefined {
	const record = error as { code?: unknown; httpCode?: unknown; cause?: { code?: unknown } };
	const code = [record?.code, record?.cause?.code, record?.httpCode].find(
		(value) => typeof value === 'string' && /^E[A-Z_]+$/.test(value),
	);
	return code as string | undefined;
}

/**
 * The one way the package talks to Helena: URL rules, authentication, the client-side rate budget,
 * retries that never repeat a plain create, and errors a user can act on.
 */
export async function helenaRequest<T = unknown>(
	this: HelenaContext,
	request: HelenaRequest,
): Promise<T> {
	const { method, path, qs, body, itemIndex } = request;
	const repeatable = request.repeatable ?? method !== 'POST';
	const credentials = await credentialsFor(this);
	const baseUrl = coreUrl(this.getNode(), credentials.baseUrl, itemIndex, credentials.apiKey);
	const url = baseUrl + path;
	const budget = budgetOf(this, credentials, baseUrl);
	// Handing n8n the credential read above spares it a database read and a decryption per request.
	const decrypted = {
		credentialsDecrypted: { id: this.getNode().credentials?.helenaApi?.id ?? '', name: 'helenaApi', type: 'helenaApi', data: credentials },
	};

	for (let attempt = 1; ; attempt++) {
		await budget?.take();
		let response: IN8nHttpFullResponse;
		try {
			response = (await this.helpers.httpRequestWithAuthentication.call(this, 'helenaApi', {
				method,
				url,
				qs,
				body,
				json: true,
				arrayFormat: 'repeat',
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				// n8n re-adds the Authorization header when it follows a redirect to another host, so a
				// redirect is never followed: the key goes to the Base URL's host and nowhere else.
				disableFollowRedirect: true,
				sendCredentialsOnCrossOriginRedirect: false,
			}, decrypted)) as IN8nHttpFullResponse;
		} catch (error) {
			const code = networkCode(error);
			if (repeatable && code && BROKEN_CONNECTION_CODES.has(code) && attempt < MAX_NETWORK_ATTEMPTS) {
				await sleep(backoffMs(attempt));
				continue;
			}
			// Only the code and our own words: the underlying error carries the request headers.
			// The description names the host too: n8n shows only the description when activation fails.
			const { origin } = new URL(url);
			throw new NodeApiError(
				this.getNode(),
				{ networkError: code ?? 'unknown' },
				{
					message: `Could not reach Helena at ${origin}`,
					description: `The connection to ${origin} failed${code ? ` with ${code}` : ''}. Check the Base URL in the "Helena API" credential and that the host is reachable from n8n.`,
					itemIndex,
				},
			);
		}

		const status = response.statusCode;
		if (status < 300) return response.body as T;

		const canRetry = attempt < MAX_ATTEMPTS;
		if (status === 429 && canRetry) {
			const waitMs = retryAfterMs(response.headers) ?? backoffMs(attempt);
			budget?.holdFor(waitMs);
			await sleep(waitMs);
			continue;
		}
		if (repeatable && canRetry && isRetryableServerError(status, response.body)) {
			await sleep(retryAfterMs(response.headers) ?? backoffMs(attempt));
			continue;
		}
		throw helenaApiError(
			this.getNode(),
			{
				method,
				path,
				status,
				attempts: attempt,
				itemIndex,
				notFoundMessage: request.notFoundMessage,
				repeatable,
				redirectedTo: status < 400 ? originOf(response.headers?.location, url) : undefined,
			},
			response.body,
		);
	}
}
