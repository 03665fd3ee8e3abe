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
import { NodeApiError } from 'n8n-workflow';

import { perExecution } from '../helpers/cache';
import type { AnswerShape } from './answers';
import { excerptOf, isErrorBody, shapeProblem } from './answers';
import type { RequestBudget } from './budget';
import { budgetFor, learnFrom429, pacingClock } from './budget';
import { helenaApiError, isFormError, isNotFound, isNotFoundError, readErrorBody, refusalOf } from './errors';
import type { HelenaRefusal, RecordRef } from './errors';
import { markOutcome, requestOutcome } from './outcome';
import type { RequestOutcome } from './outcome';
import { markSendOutcome } from './sendOutcome';
import { checkFieldFormats } from './fieldFormats';
import { readHttpDate } from './httpDate';
import { checkPath } from './paths';
import { withoutApiKey } from '../helpers/redact';
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
	/**
	 * The records the request names, the one it is about first: a "not found" names the one Helena
	 * names (a department of a transfer, a tag of a contact), with its message.
	 */
	records?: RecordRef[];
	/**
	 * After a lost answer (a broken connection, no answer, a 5xx) a repeatable request is repeated; when
	 * Helena refuses the repeat with words that say the work is done already, the first attempt did the
	 * job. A DELETE's rule is "not found"; other operations state theirs (e.g. "A sessão já está concluída").
	 */
	alreadyDone?: (refusal: HelenaRefusal) => boolean;
	/** What a first success would have output, when the repeat found the work done (e.g. the record, read again). */
	resultWhenDone?: () => unknown;
	/** The shape the answer must have; by default `record` (with an id) in core, `object` in chat, `any` for DELETE. */
	answer?: AnswerShape;
	/**
	 * How many messages a send-family request sends (a batch: its recipients; 1 when omitted); the send budget counts
	 * them once Helena has shown it does. 0 for a POST that sends none ("typing…"); 1 for a POST outside the send
	 * family that sends a message (Conversation → Send Message), so its error says whether the message went.
	 */
	sends?: number;
}

export const MAX_ATTEMPTS = 10;
const BACKOFF_BASE_MS = 500;
const BACKOFF_CAP_MS = 20_000;
/** The longest a request may spend waiting between its attempts (Retry-After and back-off together). */
export const MAX_TOTAL_WAIT_MS = 120_000;
/** How long one attempt may wait for Helena's answer unless the credential says otherwise. */
export const DEFAULT_TIMEOUT_SECONDS = 60;

function timeoutMsOf(credentials: ICredentialDataDecryptedObject): number {
	const seconds = Number(credentials.timeout);
	return Math.round((Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_TIMEOUT_SECONDS) * 1000);
}

/** The credential's Timeout in milliseconds: every request the package makes (API, file store) obeys it. */
export async function requestTimeoutMs(context: HelenaContext): Promise<number> {
	return timeoutMsOf(await credentialsFor(context));
}

/** The credential is read once per execution context, not once per request. */
const credentialsFor = perExecution(
	async (context: HelenaContext): Promise<ICredentialDataDecryptedObject> => await context.getCredentials('helenaApi'),
);

/** The credential's API key, for the node's last redaction of what it shows; undefined when the credential cannot be read. */
export async function credentialApiKey(context: HelenaContext): Promise<unknown> {
	try {
		return (await credentialsFor(context)).apiKey;
	} catch {
		return undefined;
	}
}

/** What the process remembers per credential: its id and the service it points to. */
export async function credentialKey(context: HelenaContext): Promise<string> {
	const credentials = await credentialsFor(context);
	return `${context.getNode().credentials?.helenaApi?.id ?? ''} ${String(credentials.baseUrl ?? '')}`;
}

/** The chat service's send family has its own rate limit besides the account's. */
const SEND_FAMILY = /^\/v1\/send\//i;

const isSendFamily = (request: HelenaRequest) => request.service === 'chat' && SEND_FAMILY.test(request.path);

/**
 * A request of the send family that sends messages: only its 429 shows that Helena counts a batch's messages.
 * A status read (`GET /chat/v1/send/message/{id}`) or "typing…" refused proves nothing about batches.
 */
const sendsMessages = (request: HelenaRequest) => isSendFamily(request) && request.method === 'POST' && (request.sends ?? 1) > 0;

/** A request that sends a message to a contact (the send family, or another POST that says `sends`): its error says whether the message went. */
const deliversMessages = (request: HelenaRequest) => request.method === 'POST' && (request.sends ?? (isSendFamily(request) ? 1 : 0)) > 0;

/** A budget a request waits for, and how many of its slots the request takes. */
interface BudgetShare {
	budget: RequestBudget;
	slots: number;
}

/**
 * The budgets a request waits for: one per credential in this process (per URL when the credential
 * has no id), one slot per request; plus, first, the send family's for `/chat/v1/send/...`, which
 * reads a batch as one request or as its messages (see budget.ts); none when pacing is off.
 */
function budgetsOf(
	context: HelenaContext,
	credentials: ICredentialDataDecryptedObject,
	baseUrl: string,
	request: HelenaRequest,
): BudgetShare[] {
	if (credentials.requestPacing === 'off') return [];
	const key = context.getNode().credentials?.helenaApi?.id ?? baseUrl;
	const account = { budget: budgetFor(key), slots: 1 };
	if (!isSendFamily(request)) return [account];
	return [{ budget: budgetFor(key, 'send'), slots: Math.max(1, request.sends ?? 1) }, account];
}

/** Exponential back-off with full jitter: spreads retries of parallel callers apart. */
function backoffMs(attempt: number): number {
	return Math.round(Math.random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1)));
}

/**
 * Retry-After as delta-seconds (digits only) or an HTTP-date, the two forms RFC 9110 allows; anything else
 * (`wait 5`, `-1`, `1.5`) counts as absent, so the back-off applies. A date is compared with the Date of the
 * same answer (both are Helena's clock), and with ours only when the answer has none.
 */
function retryAfterMs(headers: IDataObject | undefined): number | undefined {
	const value = headers?.['retry-after'];
	const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
	if (/^\d+$/.test(text)) return Number(text) * 1000;
	const date = readHttpDate(text);
	if (date === undefined) return undefined;
	const stamped = typeof headers?.date === 'string' ? readHttpDate(headers.date.trim()) : undefined;
	return Math.max(0, date - (stamped ?? Date.now()));
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

/**
 * Failures before a byte of the request left the machine (no connection, unknown host, a certificate
 * refused): a setup problem, and nothing can have been applied. Any other failure (a reset, a hang-up,
 * EPIPE…) may come after Helena received the request: its outcome is unknown.
 */
const NOT_SENT_CODE =
	/^(ECONNREFUSED|ENOTFOUND|EAI_\w+|EHOSTUNREACH|ENETUNREACH|EHOSTDOWN|ENETDOWN|EADDRNOTAVAIL|EPROTO|ERR_INVALID_URL|ERR_TLS_\w+|ERR_SSL_\w+|CERT_\w+|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_\w+|HOSTNAME_MISMATCH)$/;
const MAX_NETWORK_ATTEMPTS = 3;

/** n8n reports a failed connection as a NodeApiError whose httpCode is the system error code. */
function networkCode(error: unknown): string | undefined {
	const record = error as { code?: unknown; httpCode?: unknown; cause?: { code?: unknown } };
	const code = [record?.code, record?.cause?.code, record?.httpCode].find(
		(value) => typeof value === 'string' && /^[A-Z][A-Z0-9_]+$/.test(value),
	);
	return code as string | undefined;
}

/** What n8n's SSRF protection refused: the address (`SsrfBlockedIpError`) or the host name (`SsrfBlockedHostnameError`). */
export interface BlockedByN8n {
	ip?: string;
	hostname?: string;
}

/**
 * Whether n8n's SSRF protection (N8N_SSRF_PROTECTION_ENABLED, on by default from n8n 3.0) refused the request
 * before it was sent. n8n 2.x throws a `SsrfBlocked…Error` from `httpRequest` as it is, and from
 * `httpRequestWithAuthentication` as the `cause` of a NodeApiError; the chain is searched, a few levels deep.
 */
export function blockedByN8n(error: unknown): BlockedByN8n | undefined {
	let current = error as { name?: unknown; cause?: unknown; ip?: unknown; hostname?: unknown; extra?: unknown } | undefined;
	for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
		if (typeof current.name === 'string' && /^SsrfBlocked/.test(current.name)) {
			const extra = (current.extra ?? {}) as { ip?: unknown; hostname?: unknown };
			const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
			return { ip: text(current.ip) ?? text(extra.ip), hostname: text(current.hostname) ?? text(extra.hostname) };
		}
		current = current.cause as typeof current;
	}
	return undefined;
}

/**
 * What a user reads when n8n refused a request: nothing was sent to `to` (only the repeat was not, when an earlier
 * attempt was sent: `repeat`), and which setting allows it.
 */
export function blockedDescription(block: BlockedByN8n, to: string, { repeat = false }: { repeat?: boolean } = {}): string {
	const notSent = repeat ? `The repeat was not sent to ${to}` : `Nothing was sent to ${to}`;
	if (!block.ip) {
		const name = block.hostname ? `the host name ${block.hostname}` : 'this host';
		return `${notSent}: ${name} is on n8n's list of blocked host names (N8N_SSRF_BLOCKED_HOSTNAMES). An n8n administrator can allow it with N8N_SSRF_ALLOWED_HOSTNAMES.`;
	}
	const of = block.hostname && block.hostname !== block.ip ? ` (the address of ${block.hostname})` : '';
	const range = `${block.ip}${block.ip.includes(':') ? '/128' : '/32'}`;
	return `${notSent}: n8n does not allow connections to ${block.ip}${of}. An n8n administrator can allow it with N8N_SSRF_ALLOWED_IP_RANGES (e.g. ${range}) or N8N_SSRF_ALLOWED_HOSTNAMES.`;
}

/** Whether a failed connection failed before the request was sent (see NOT_SENT_CODE). */
export function failedBeforeSending(code: string | undefined): boolean {
	return code !== undefined && NOT_SENT_CODE.test(code);
}

/** Whether a failed attempt ran out of time (axios reports ECONNABORTED, sockets ETIMEDOUT). */
export function timedOut(error: unknown): boolean {
	const code = networkCode(error);
	if (code === 'ECONNABORTED' || code === 'ETIMEDOUT') return true;
	const record = error as { message?: unknown; cause?: { message?: unknown } };
	return [record?.message, record?.cause?.message].some((text) => typeof text === 'string' && /timeout|timed out/i.test(text));
}

/** What one attempt came back with: an HTTP answer, or a connection that failed (its system code). */
type Sent = { response: IN8nHttpFullResponse } | { networkCode: string | undefined; timedOut: boolean; blocked?: BlockedByN8n };

/** What to do after an attempt: hand back the body, wait and try again, or give up with an error. */
type Outcome =
	| { done: true; body: unknown }
	| { retryAfterMs: number; holdBudget: boolean; askedMs?: number; lastError: () => NodeApiError }
	| { error: NodeApiError };

interface Attempt {
	context: HelenaContext;
	request: HelenaRequest;
	url: string;
	repeatable: boolean;
	attempt: number;
	apiKey: unknown;
	timeoutMs: number;
	/** An earlier attempt was sent and its answer lost: this one is a repeat, and Helena may have applied the request. */
	answerLost: boolean;
}

/** One attempt: the request with n8n's authentication, never following a redirect. */
async function send({ context, request, url, timeoutMs }: Attempt, credentials: ICredentialDataDecryptedObject): Promise<Sent> {
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
	// JSON text, not an object: n8n copies request objects without keys such as `constructor` or
	// `__proto__`, which are plain keys in Helena's metadata
	const text = body === undefined ? undefined : JSON.stringify(body);
	try {
		const response = (await context.helpers.httpRequestWithAuthentication.call(
			context,
			'helenaApi',
			{
				method,
				url,
				qs,
				body: text,
				...(text === undefined ? {} : { headers: { 'content-type': 'application/json' } }),
				json: true,
				arrayFormat: 'repeat',
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				// n8n re-adds the Authorization header when it follows a redirect to another host, so a
				// redirect is never followed: the key goes to the Base URL's host and nowhere else.
				disableFollowRedirect: true,
				sendCredentialsOnCrossOriginRedirect: false,
				timeout: timeoutMs,
			},
			decrypted,
		)) as IN8nHttpFullResponse;
		return { response };
	} catch (error) {
		return { networkCode: networkCode(error), timedOut: timedOut(error), blocked: blockedByN8n(error) };
	}
}

/** The endpoint as the user can find it in Helena's reference: method and path, IDs and phones elided. */
function endpointOf(request: HelenaRequest): string {
	const segments = request.path.split('/').map((segment) => (/^([a-z-]*|v\d+)$/i.test(segment) ? segment : '{id}'));
	return `${request.method} /${request.service ?? 'core'}${segments.join('/')}`;
}

/** No answer in time: a read was retried already; a create is never repeated, since Helena may have applied it. */
function noAnswer({ context, request, repeatable, attempt, timeoutMs }: Attempt): NodeApiError {
	const seconds = timeoutMs / 1000;
	const attempts = attempt > 1 ? ` (${attempt} attempts)` : '';
	return new NodeApiError(
		context.getNode(),
		{ networkError: 'timeout' },
		{
			message: `Helena did not answer ${endpointOf(request)} within ${seconds} s${attempts}${repeatable ? '' : '; the request was not repeated'}`,
			description: repeatable
				? 'The service seems to be having trouble; try again later. The time limit per request is the Timeout of the "Helena API" credential.'
				: 'This request creates data, so it was not repeated automatically (a repeat could create a duplicate). Check in Helena whether it was applied, then run the item again. The time limit per request is the Timeout of the "Helena API" credential.',
			itemIndex: request.itemIndex,
		},
	);
}

/** A 2xx whose body is not what the endpoint returns: named, with a short redacted excerpt, never as data. */
function unexpectedAnswer({ context, request, apiKey }: Attempt, status: number, problem: string, body: unknown): NodeApiError {
	const excerpt = body === undefined || body === null || body === '' ? '' : ` It began: ${excerptOf(body, apiKey)}`;
	return new NodeApiError(
		context.getNode(),
		{ httpCode: String(status), problem },
		{
			message: `Helena's answer to ${endpointOf(request)} is not usable: ${problem}`,
			description: `Expected ${describeShape(request)}.${excerpt} Check that the Base URL in the "Helena API" credential is the Helena API host (a proxy or another service may have answered).`,
			httpCode: String(status),
			itemIndex: request.itemIndex,
		},
	);
}

function shapeOf(request: HelenaRequest): AnswerShape {
	if (request.answer) return request.answer;
	if (request.method === 'DELETE') return 'any';
	// the chat service's answers (sends, sessions) are not all records with an id: any JSON object there
	return request.service === 'chat' ? 'object' : 'record';
}

function describeShape(request: HelenaRequest): string {
	const shape = shapeOf(request);
	if (shape === 'list') return 'a JSON list of records';
	if (shape === 'page') return 'a JSON page of results ({ items, pageNumber, totalPages, hasMorePages })';
	if (shape === 'record') return 'a JSON record with its id';
	if (shape === 'object') return 'a JSON record';
	return 'JSON or an empty answer';
}

/**
 * The connection broke after the request was sent: Helena may have applied it. A repeatable request was
 * tried again; any other is never repeated, and the error says to check, like a timeout or a 5xx.
 */
function connectionBroke({ context, request, url, repeatable, attempt }: Attempt, code: string | undefined): NodeApiError {
	const { origin } = new URL(url);
	// the code goes in the description: n8n replaces a message that names a system error code with its own words
	const how = code ? ` (${code})` : '';
	const attempts = attempt > 1 ? ` (${attempt} attempts)` : '';
	return new NodeApiError(
		context.getNode(),
		{ networkError: code ?? 'unknown' },
		{
			message: `The connection to Helena broke during ${endpointOf(request)}${attempts}${repeatable ? '' : '; the request was not repeated'}`,
			description: repeatable
				? `The connection to ${origin} broke after the request was sent${how}. The service or the network seems to be having trouble; try again later.`
				: `The connection to ${origin} broke after the request was sent${how}, so Helena may have applied it. This request creates data, so it was not repeated automatically (a repeat could create a duplicate). Check in Helena whether it was applied, then run the item again.`,
			itemIndex: request.itemIndex,
		},
	);
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

/** n8n's SSRF protection refused the request (or its repeat) before sending it: never repeated, whatever the request. */
function blockedByN8nError({ context, request, url, answerLost }: Attempt, block: BlockedByN8n): NodeApiError {
	const { origin } = new URL(url);
	return new NodeApiError(
		context.getNode(),
		{ networkError: 'ssrfBlocked' },
		{
			message: `n8n blocked the ${answerLost ? 'repeat of the ' : ''}request to ${origin}: its SSRF protection does not allow this address`,
			description: blockedDescription(block, 'Helena', { repeat: answerLost }),
			itemIndex: request.itemIndex,
		},
	);
}

/**
 * Decides what an attempt's result means: a broken connection and a 5xx are retried only when the
 * request is repeatable; a 429 is always retried (Helena refused it unapplied) and holds the budget.
 */
function classify(attempt: Attempt, sent: Sent): Outcome {
	const { context, request, url, repeatable, apiKey } = attempt;
	if (!('response' in sent)) {
		if (sent.blocked) return { error: blockedByN8nError(attempt, sent.blocked) };
		const code = sent.networkCode;
		const notSent = !sent.timedOut && failedBeforeSending(code);
		const lastError = () => (sent.timedOut ? noAnswer(attempt) : notSent ? unreachable(attempt, code) : connectionBroke(attempt, code));
		if (repeatable && !notSent && attempt.attempt < MAX_NETWORK_ATTEMPTS) {
			return { retryAfterMs: backoffMs(attempt.attempt), holdBudget: false, lastError };
		}
		return { error: lastError() };
	}

	const { statusCode: status, headers, body } = sent.response;
	const apiError = (extra: Partial<FailureFields> = {}) =>
		helenaApiError(
			context.getNode(),
			{
				method: request.method,
				path: `/${request.service ?? 'core'}${request.path}`,
				status,
				attempts: attempt.attempt,
				itemIndex: request.itemIndex,
				records: request.records,
				repeatable,
				redirectedTo: status >= 300 && status < 400 ? originOf(headers?.location, url) : undefined,
				...extra,
			},
			body,
			apiKey,
		);
	if (status < 300) {
		if (isErrorBody(body)) {
			const error = apiError();
			if (isNotFoundError(error)) return { error };
			return { error: unexpectedAnswer(attempt, status, `it is an error (${String((body as IDataObject).key)}), not data`, body) };
		}
		const problem = shapeProblem(body, shapeOf(request));
		if (problem) return { error: unexpectedAnswer(attempt, status, problem, body) };
		return { done: true, body: withoutApiKey(body, apiKey) };
	}

	const canRetry = attempt.attempt < MAX_ATTEMPTS;
	const asked = retryAfterMs(headers);
	if (status === 429 && canRetry) {
		return { retryAfterMs: asked ?? backoffMs(attempt.attempt), holdBudget: true, askedMs: asked, lastError: apiError };
	}
	if (repeatable && canRetry && isRetryableServerError(status, body)) {
		return { retryAfterMs: asked ?? backoffMs(attempt.attempt), holdBudget: false, askedMs: asked, lastError: apiError };
	}
	return { error: apiError() };
}

type FailureFields = Parameters<typeof helenaApiError>[1];

/**
 * Waits before the next attempt; after a 429 every request of this credential waits too, and the budgets
 * learn from it (a lower share, or a send family that counts messages). Helena answers 429 before doing
 * any of the work, so the attempt that follows repeats nothing: a batch of messages sends each once.
 */
async function waitToRetry(
	{ retryAfterMs: waitMs, holdBudget }: { retryAfterMs: number; holdBudget: boolean },
	budgets: BudgetShare[],
	request: HelenaRequest,
) {
	if (holdBudget) {
		learnFrom429(
			budgets.map(({ budget }) => budget),
			sendsMessages(request),
		);
		for (const { budget } of budgets) budget.holdFor(waitMs);
	}
	await pacingClock().sleep(waitMs);
}

/** The error of the last attempt, saying that the cap on waiting (not the number of attempts) ended the retries. */
function waitCapError(outcome: { askedMs?: number; lastError: (extra?: Partial<FailureFields>) => NodeApiError }): NodeApiError {
	const error = outcome.lastError({
		waitCapSeconds: MAX_TOTAL_WAIT_MS / 1000,
		askedWaitSeconds: outcome.askedMs === undefined ? undefined : Math.round(outcome.askedMs / 1000),
	});
	return error;
}

/**
 * What the last attempt did: Helena refused it (a 3xx or 4xx, or a 5xx that says "not found" or "invalid
 * input", which Helena answers as 500 FORM_ERROR) or it never left the machine; else the answer was lost.
 */
function outcomeOfAttempt(sent: Sent): RequestOutcome {
	if ('response' in sent) {
		const { statusCode: status, body } = sent.response;
		const error = readErrorBody(body);
		const refused = (status >= 300 && status < 500) || (status >= 500 && (isFormError(error) || isNotFound(status, error)));
		return refused ? 'notApplied' : 'unknown';
	}
	return sent.blocked || (!sent.timedOut && failedBeforeSending(sent.networkCode)) ? 'notApplied' : 'unknown';
}

/** The error a request ends with, marked with what it did on Helena's side (and, for a send, what became of the message). */
function failed(error: NodeApiError, request: HelenaRequest, outcome: RequestOutcome, answerLost: boolean): NodeApiError {
	markOutcome(error, outcome, answerLost);
	return deliversMessages(request) ? markSendOutcome(error, requestOutcome(error), request.sends) : error;
}

/**
 * The one way the package talks to Helena: URL rules, authentication, the client-side rate budget,
 * retries that never repeat a plain create, and errors a user can act on.
 */
export async function helenaRequest<T = unknown>(this: HelenaContext, request: HelenaRequest): Promise<T> {
	checkFieldFormats(this.getNode(), checkPath(this.getNode(), request), request);
	const credentials = await credentialsFor(this);
	const coreBase = serviceUrl(this.getNode(), credentials.baseUrl, 'core', request.itemIndex, credentials.apiKey);
	const baseUrl = serviceUrl(this.getNode(), credentials.baseUrl, request.service ?? 'core');
	const budgets = budgetsOf(this, credentials, coreBase, request);
	const repeatable = request.repeatable ?? request.method !== 'POST';
	const timeoutMs = timeoutMsOf(credentials);
	// Whether the repeat of a request whose answer was lost found the work done already.
	const alreadyDone = request.alreadyDone ?? (request.method === 'DELETE' ? (refusal: HelenaRefusal) => refusal.notFound : undefined);
	let waitedMs = 0;
	// Whether an earlier attempt may have been applied although its answer was lost (a broken connection or a 5xx).
	let answerLost = false;

	for (let attempt = 1; ; attempt++) {
		const current: Attempt = {
			context: this,
			request,
			url: baseUrl + request.path,
			repeatable,
			attempt,
			apiKey: credentials.apiKey,
			timeoutMs,
			answerLost,
		};
		for (const { budget, slots } of budgets) await budget.take(slots);
		const sent = await send(current, credentials);
		if ('response' in sent && sent.response.statusCode !== 429) for (const { budget } of budgets) budget.admitted();
		const outcome = classify(current, sent);
		if ('done' in outcome) return outcome.body as T;
		if ('error' in outcome) {
			const refusal = answerLost ? refusalOf(outcome.error) : undefined;
			if (refusal && alreadyDone?.(refusal)) return (request.resultWhenDone ? await request.resultWhenDone() : undefined) as T;
			throw failed(outcome.error, request, outcomeOfAttempt(sent), answerLost);
		}
		if (waitedMs + outcome.retryAfterMs > MAX_TOTAL_WAIT_MS)
			throw failed(waitCapError(outcome), request, outcomeOfAttempt(sent), answerLost);
		answerLost ||= !('response' in sent) || sent.response.statusCode >= 500;
		waitedMs += outcome.retryAfterMs;
		await waitToRetry(outcome, budgets, request);
	}
}
