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

import { perExecution } from '../helpers/cache';
import type { RequestBudget } from './budget';
import { budgetFor } from './budget';
import { helenaApiError, isFormError, isNotFound, readErrorBody } from './errors';
import type { NotFoundMessage } from './errors';
import { serviceUrl } from './url';
import type { HelenaService } from './url';

export type HelenaContext = IExecuteFunctions | ILoadOptionsFunctions | IHookFunctions | IPollFunctions | IWebhookFunctions;

export interface HelenaRequest {
	method: IHttpRequestMethods;
	/** The service the path belongs to; `core` when omitted. */
	service?: HelenaService;
	/** Path after `/core` (or `/chat`), e.g. `/v1/contact`; build it with `apiPath` so parameters are encoded. */
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

/** The credential is read once per execution context, not once per request. */
const credentialsFor = perExecution(
	async (context: HelenaContext): Promise<ICredentialDataDecryptedObject> => await context.getCredentials('helenaApi'),
);

/** What the process remembers per credential: its id and the service it points to. */
export async function credentialKey(context: HelenaContext): Promise<string> {
	const credentials = await credentialsFor(context);
	return `${context.getNode().credentials?.helenaApi?.id ?? ''} ${String(credentials.baseUrl ?? '')}`;
}

/** The chat service's send family has its own rate limit besides the account's. */
const SEND_FAMILY = /^\/v1\/send\//i;

/**
 * The budgets a request waits for: one per credential in this process (per URL when the credential
 * has no id), plus the send family's for `/chat/v1/send/...`; none when pacing is off.
 */
function budgetsOf(
	context: HelenaContext,
	credentials: ICredentialDataDecryptedObject,
	baseUrl: string,
	request: HelenaRequest,
): RequestBudget[] {
	if (credentials.requestPacing === 'off') return [];
	const key = context.getNode().credentials?.helenaApi?.id ?? baseUrl;
	const account = budgetFor(key);
	return request.service === 'chat' && SEND_FAMILY.test(request.path) ? [budgetFor(key, 'send'), account] : [account];
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
	const error = readErrorBody(body);
	// a missing record stays missing, in whatever form Helena says so
	return status >= 500 && !isFormError(error) && !isNotFound(status, error);
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
	const code = [record?.code, record?.cause?.code, record?.httpCode].find((value) => typeof value === 'string' && /^E[A-Z_]+$/.test(value));
	return code as string | undefined;
}

/** What one attempt came back with: an HTTP answer, or a connection that failed (its system code). */
type Sent = { response: IN8nHttpFullResponse } | { networkCode: string | undefined };

/** What to do after an attempt: hand back the body, wait and try again, or give up with an error. */
type Outcome = { done: true; body: unknown } | { retryAfterMs: number; holdBudget: boolean } | { error: NodeApiError };

interface Attempt {
	context: HelenaContext;
	request: HelenaRequest;
	url: string;
	repeatable: boolean;
	attempt: number;
}

/** One attempt: the request with n8n's authentication, never following a redirect. */
async function send({ context, request, url }: Attempt, credentials: ICredentialDataDecryptedObject): Promise<Sent> {
	const { method, qs, body } = request;
	// Handing n8n the credential read before spares it a database read and a decryption per request.
	const decrypted = {
		credentialsDecrypted: {
			id: context.getNode().credentials?.helenaApi?.id ?? '',
			name: 'helenaApi',
			type: 'helenaApi',
			data: credentials,
		},
	};
	try {
		const response = (await context.helpers.httpRequestWithAuthentication.call(
			context,
			'helenaApi',
			{
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
			},
			decrypted,
		)) as IN8nHttpFullResponse;
		return { response };
	} catch (error) {
		return { networkCode: networkCode(error) };
	}
}

/** Only the code and our own words: the underlying error carries the request headers. */
function unreachable({ context, request, url }: Attempt, code: string | undefined): NodeApiError {
	// The description names the host too: n8n shows only the description when activation fails.
	const { origin } = new URL(url);
	return new NodeApiError(
		context.getNode(),
		{ networkError: code ?? 'unknown' },
		{
			message: `Could not reach Helena at ${origin}`,
			description: `The connection to ${origin} failed${code ? ` with ${code}` : ''}. Check the Base URL in the "Helena API" credential and that the host is reachable from n8n.`,
			itemIndex: request.itemIndex,
		},
	);
}

/**
 * Decides what an attempt's result means: a broken connection and a 5xx are retried only when the
 * request is repeatable; a 429 is always retried (Helena refused it unapplied) and holds the budget.
 */
function classify(attempt: Attempt, sent: Sent): Outcome {
	const { context, request, url, repeatable } = attempt;
	if (!('response' in sent)) {
		const code = sent.networkCode;
		if (repeatable && code && BROKEN_CONNECTION_CODES.has(code) && attempt.attempt < MAX_NETWORK_ATTEMPTS) {
			return { retryAfterMs: backoffMs(attempt.attempt), holdBudget: false };
		}
		return { error: unreachable(attempt, code) };
	}

	const { statusCode: status, headers, body } = sent.response;
	if (status < 300) return { done: true, body };

	const canRetry = attempt.attempt < MAX_ATTEMPTS;
	if (status === 429 && canRetry) {
		return { retryAfterMs: retryAfterMs(headers) ?? backoffMs(attempt.attempt), holdBudget: true };
	}
	if (repeatable && canRetry && isRetryableServerError(status, body)) {
		return { retryAfterMs: retryAfterMs(headers) ?? backoffMs(attempt.attempt), holdBudget: false };
	}
	const error = helenaApiError(
		context.getNode(),
		{
			method: request.method,
			path: `/${request.service ?? 'core'}${request.path}`,
			status,
			attempts: attempt.attempt,
			itemIndex: request.itemIndex,
			notFoundMessage: request.notFoundMessage,
			repeatable,
			redirectedTo: status < 400 ? originOf(headers?.location, url) : undefined,
		},
		body,
	);
	return { error };
}

/** Waits before the next attempt; after a 429 every request of this credential waits too. */
async function waitToRetry({ retryAfterMs: waitMs, holdBudget }: { retryAfterMs: number; holdBudget: boolean }, budgets: RequestBudget[]) {
	if (holdBudget) for (const budget of budgets) budget.holdFor(waitMs);
	await sleep(waitMs);
}

/**
 * The one way the package talks to Helena: URL rules, authentication, the client-side rate budget,
 * retries that never repeat a plain create, and errors a user can act on.
 */
export async function helenaRequest<T = unknown>(this: HelenaContext, request: HelenaRequest): Promise<T> {
	const credentials = await credentialsFor(this);
	const coreBase = serviceUrl(this.getNode(), credentials.baseUrl, 'core', request.itemIndex, credentials.apiKey);
	const baseUrl = serviceUrl(this.getNode(), credentials.baseUrl, request.service ?? 'core');
	const budgets = budgetsOf(this, credentials, coreBase, request);
	const repeatable = request.repeatable ?? request.method !== 'POST';

	for (let attempt = 1; ; attempt++) {
		const current: Attempt = { context: this, request, url: baseUrl + request.path, repeatable, attempt };
		for (const budget of budgets) await budget.take();
		const outcome = classify(current, await send(current, credentials));
		if ('done' in outcome) return outcome.body as T;
		if ('error' in outcome) throw outcome.error;
		await waitToRetry(outcome, budgets);
	}
}
