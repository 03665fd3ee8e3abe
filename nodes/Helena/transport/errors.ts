import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { redactText, shortened } from '../helpers/redact';

/** The fields of Helena's error body (`InternalException`) that help a user. */
export interface HelenaErrorBody {
	key?: string;
	text?: string;
	shortValue?: string;
	httpStatusCode?: string | number;
	/** The body is an RFC 7807 ProblemDetails (the send family's 4xx), whose 404 means a missing record. */
	problem?: boolean;
	/** The `errors` of an ASP.NET validation answer, e.g. `$.operation: The JSON value could not be converted…`. */
	validationErrors?: string;
}

/** .NET `HttpStatusCode` names of the statuses Helena answers with. */
const STATUS_NAMES: Record<number, string> = {
	400: 'BadRequest',
	401: 'Unauthorized',
	403: 'Forbidden',
	404: 'NotFound',
	409: 'Conflict',
	422: 'UnprocessableEntity',
	429: 'TooManyRequests',
	500: 'InternalServerError',
	502: 'BadGateway',
	503: 'ServiceUnavailable',
	504: 'GatewayTimeout',
};
const STATUS_OF_NAME: Record<string, number> = Object.fromEntries(
	Object.entries(STATUS_NAMES).map(([status, name]) => [name.toLowerCase(), Number(status)]),
);

/**
 * `httpStatusCode` as a number, whichever form Helena used: the .NET name (`NotFound`), a number
 * (`404`, or `"404"`), or upper case (`NOT_FOUND`, `NOTFOUND`).
 */
export function statusCodeOf(httpStatusCode: unknown): number | undefined {
	if (typeof httpStatusCode === 'number') return Number.isInteger(httpStatusCode) ? httpStatusCode : undefined;
	if (typeof httpStatusCode !== 'string') return undefined;
	if (/^\d{3}$/.test(httpStatusCode.trim())) return Number(httpStatusCode);
	return STATUS_OF_NAME[httpStatusCode.replace(/[_\s]/g, '').toLowerCase()];
}

/** `{ "$.operation": ["…"], … }` as one line. */
function readValidationErrors(errors: unknown): string | undefined {
	if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return undefined;
	const lines = Object.entries(errors as Record<string, unknown>).map(([field, messages]) => {
		const list = (Array.isArray(messages) ? messages : [messages]).filter((m) => typeof m === 'string' && m);
		return `${field}: ${list.join(' ') || 'invalid'}`;
	});
	return lines.length ? lines.join('; ') : undefined;
}

/** The fields of an error body; a body that is not JSON is its text, without the key (when given), then cut. */
export function readErrorBody(body: unknown, apiKey?: unknown): HelenaErrorBody {
	let parsed = body;
	if (typeof body === 'string') {
		try {
			parsed = JSON.parse(body);
		} catch {
			return body.trim() ? { text: shortened(body.trim(), 300, { apiKey }) } : {};
		}
	}
	if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
	const record = parsed as Record<string, unknown>;
	const id = record.id as Record<string, unknown> | undefined;
	const asString = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
	return {
		key: asString(record.key),
		// ProblemDetails (the send family) explains in `detail`; `title` is only the status's name
		text: asString(record.text) ?? asString(record.detail) ?? asString(record.title) ?? asString(record.message),
		shortValue: asString(id?.shortValue),
		httpStatusCode: typeof record.httpStatusCode === 'number' ? record.httpStatusCode : asString(record.httpStatusCode),
		validationErrors: readValidationErrors(record.errors),
		...(typeof record.status === 'number' && asString(record.title) ? { problem: true } : {}),
	};
}

/**
 * Helena's "not found": HTTP 500 (or even 200) with key FORM_ERROR and a Portuguese text (seen in
 * practice), a body whose `httpStatusCode` says 404 in any form, or a 404 that carries Helena's error
 * body. A 404 without that body is a path the service does not have.
 */
export function isNotFound(status: number, error: HelenaErrorBody): boolean {
	// a ProblemDetails 404 (the send family) names a missing record too
	if (status === 404) return Boolean(error.key) || Boolean(error.problem);
	if (status >= 300 && status < 400) return false;
	if (statusCodeOf(error.httpStatusCode) === 404) return true;
	return /n[aã]o encontrad|not found/i.test(error.text ?? '');
}

/** A 500 that reports bad input; repeating it cannot help. */
export function isFormError(error: HelenaErrorBody): boolean {
	return /^(FORM_ERROR|VALIDATION_ERROR)$/i.test(error.key ?? '');
}

/** The kinds of record a request can name, and the words Helena's texts use for each (Portuguese and English). */
const RECORD_WORDS = {
	session: /sess[aã]o|session|atendimento|conversa/i,
	department: /departamento|department|equipe|\bteam/i,
	user: /usu[aá]rio|\buser|agente|\bagent/i,
	contact: /contato|contact/i,
	channel: /canal|channel/i,
	tag: /\btags?\b|etiqueta/i,
	message: /mensage[mn]|message/i,
	template: /modelo|template/i,
	chatbot: /chatbot|\bbot\b/i,
	subscription: /assinatura|inscri[cç][aã]o|subscription|webhook/i,
	file: /arquivo|\bfile/i,
	portfolio: /carteira|portf[oó]lio/i,
	sequence: /sequ[eê]ncia|sequence/i,
	panel: /painel|\bpanel|quadro|\bboard/i,
	step: /etapa|\bstep|coluna/i,
	card: /\bcard|cart[aã]o|neg[oó]cio/i,
	note: /\bnota\b|anota[cç][aã]o|\bnote\b/i,
	lostReason: /motivo|\breason/i,
};
export type RecordKind = keyof typeof RECORD_WORDS;

/**
 * A record a request names (in its path, query or body): what kind it is, its value as sent (when it
 * is one value), and the message when Helena says it is missing. The first, when it has a value, is the
 * record the request is about.
 */
export interface RecordRef {
	kind: RecordKind;
	message: string;
	value?: string;
}

const RECORD_NOUNS: Record<RecordKind, string> = {
	session: 'conversation (session)',
	department: 'department',
	user: 'user',
	contact: 'contact',
	channel: 'channel',
	tag: 'tag',
	message: 'message',
	template: 'template',
	chatbot: 'chatbot',
	subscription: 'webhook subscription',
	file: 'file',
	portfolio: 'portfolio',
	sequence: 'sequence',
	panel: 'panel',
	step: 'step',
	card: 'card',
	note: 'note',
	lostReason: 'lost reason',
};

/** A record given in a field besides the request's own: `The department "…" given in To Department was not found in Helena`. */
export function recordIn(kind: RecordKind, field: string, value?: string): RecordRef {
	const noun = RECORD_NOUNS[kind];
	const message = value
		? `The ${noun} "${value}" given in ${field} was not found in Helena`
		: `A ${noun} given in ${field} was not found in Helena`;
	return { kind, value, message };
}

/** Where Helena's text first names a kind of record, or -1. */
function mentionOf(kind: RecordKind, text: string): number {
	return text.search(RECORD_WORDS[kind]);
}

/**
 * Which record a "not found" is about, by Helena's own words: the record whose value it quotes, else the
 * one it names first; the request's own record when it names none. A text naming a kind the request does
 * not carry gets the generic message (Helena's words are in the description).
 */
export function missingRecordMessage(records: RecordRef[] | undefined, text: string | undefined): string {
	const generic = 'The requested record was not found in Helena';
	if (!records || records.length === 0) return generic;
	const kinds = Object.keys(RECORD_WORDS) as RecordKind[];
	// the request's own record (it has a value) when Helena names none; a create has no own record yet
	const own = records[0].value ? records[0] : undefined;
	if (!text || kinds.every((kind) => mentionOf(kind, text) < 0)) return own?.message ?? generic;
	const named = records.filter((record) => mentionOf(record.kind, text) >= 0);
	if (named.length === 0) return generic;
	const lower = text.toLowerCase();
	const quoted = named.find((record) => record.value && lower.includes(record.value.toLowerCase()));
	const chosen = quoted ?? [...named].sort((a, b) => mentionOf(a.kind, text) - mentionOf(b.kind, text))[0];
	// a record among several (a user in a list) has no one value to show: Helena's words say which
	return chosen !== own && !chosen.value ? `${chosen.message} (Helena says: "${text}")` : chosen.message;
}

export interface FailureContext {
	method: string;
	path: string;
	status: number;
	attempts: number;
	itemIndex?: number;
	records?: RecordRef[];
	repeatable: boolean;
	/** Origin of the Location of a 3xx answer. */
	redirectedTo?: string;
	/** Set when the retries stopped because the next wait would pass the cap on waiting per request. */
	waitCapSeconds?: number;
	/** What Helena asked to wait (Retry-After) when that was the reason, in seconds. */
	askedWaitSeconds?: number;
}

/** Why the retries stopped early, when waiting longer was the reason. */
function waitCapNote(failure: FailureContext): string | undefined {
	if (failure.waitCapSeconds === undefined) return undefined;
	const asked = failure.askedWaitSeconds !== undefined ? ` Helena asked to wait ${failure.askedWaitSeconds} s more;` : '';
	return `The node stopped retrying because it waits at most ${failure.waitCapSeconds} s in total per request.${asked} try again later.`;
}

/** ` (ServiceUnavailable)` whichever form `httpStatusCode` came in; empty without one. */
function statusName(httpStatusCode: HelenaErrorBody['httpStatusCode']): string {
	if (httpStatusCode === undefined || httpStatusCode === '') return '';
	const code = statusCodeOf(httpStatusCode);
	return ` (${(code !== undefined && STATUS_NAMES[code]) || httpStatusCode})`;
}

function helenaSays(error: HelenaErrorBody): string | undefined {
	const parts: string[] = [];
	if (error.text) parts.push(`Helena says: "${error.text}"`);
	if (error.validationErrors) parts.push(`(${error.validationErrors})`);
	const refs = [error.key && `error key ${error.key}`, error.shortValue && `reference ${error.shortValue}`].filter(Boolean).join(', ');
	if (refs) parts.push(`(${refs}${error.shortValue ? '; quote the reference to Helena support' : ''})`);
	return parts.length ? parts.join(' ') : undefined;
}

function messageFor(failure: FailureContext, error: HelenaErrorBody): { message: string; hint?: string } {
	const { status } = failure;
	if (status === 401) {
		return {
			message: 'Helena rejected the API key (401 Unauthorized)',
			hint: 'Check the API key and the Authorization Format in the "Helena API" credential; a revoked or mistyped token gives this error.',
		};
	}
	if (status >= 300 && status < 400) {
		return {
			message: `Helena answered ${status}, a redirect to ${failure.redirectedTo ?? 'another address'}, which the node does not follow`,
			hint: 'The API key is sent only to the host of the Base URL, so redirects are never followed. If that address is the right Helena host, put it into the Base URL of the "Helena API" credential (for example https:// instead of http://).',
		};
	}
	if (status === 403) {
		return { message: 'The API key is not allowed to do this (403 Forbidden)' };
	}
	if (status === 429) {
		return {
			message: `Helena's rate limit was still exceeded after ${failure.attempts} attempt${failure.attempts === 1 ? '' : 's'}${failure.waitCapSeconds !== undefined ? ` and the longest wait the node allows per request (${failure.waitCapSeconds} s)` : ''} (429 Too Many Requests)`,
			hint: 'Helena allows 200 requests per 5 seconds and 1,000 per 5 minutes per account, shared by everything that uses the key. Wait a few minutes, send fewer items per run, or use "Create or Update Many" instead of one call per item.',
		};
	}
	if (isNotFound(status, error)) {
		return { message: missingRecordMessage(failure.records, error.text) };
	}
	if (status === 404) {
		return {
			message: `Helena has no endpoint at ${failure.method} ${failure.path} (404)`,
			hint: 'Check the Base URL in the "Helena API" credential: it should be the API host, such as https://api.wts.chat.',
		};
	}
	if (status === 400 || (status === 500 && isFormError(error))) {
		const detail = [error.text, error.validationErrors].filter(Boolean).join(' ');
		return { message: `Helena rejected the request: ${detail || 'the input is not valid'}` };
	}
	// a request that is never repeated may still have waited out 429s; "after N attempts" would mislead
	const retried = failure.repeatable && failure.attempts > 1 ? ` after ${failure.attempts} attempts` : '';
	return {
		message: `Helena answered ${status}${statusName(error.httpStatusCode)}${retried}`,
		hint: failure.repeatable
			? 'The service seems to be having trouble; try again later.'
			: 'This request creates data, so it was not repeated automatically (a repeat could create a duplicate). Check in Helena whether it was applied, then run the item again.',
	};
}

/** Helena's error body with the API key and delivery tokens taken out of every text it carries. */
function redactedErrorBody(body: unknown, apiKey: unknown): HelenaErrorBody {
	// every text field, including those added later: none may carry the key into a message
	const entries = Object.entries(readErrorBody(body, apiKey)).map(([name, value]) => [
		name,
		typeof value === 'string' ? redactText(value, apiKey) : value,
	]);
	return Object.fromEntries(entries) as HelenaErrorBody;
}

export function helenaApiError(node: INode, given: FailureContext, body: unknown, apiKey: unknown): NodeApiError {
	const error = redactedErrorBody(body, apiKey);
	// a redirect's origin is the server's text too (the key can sit in a host name, lower-cased by the URL parser)
	const failure = given.redirectedTo === undefined ? given : { ...given, redirectedTo: redactText(given.redirectedTo, apiKey) };
	const { message, hint } = messageFor(failure, error);
	// the path as sent (values URL-encoded), so a user can see which endpoint answered
	const sent = `Request: ${failure.method} ${redactText(failure.path, apiKey)}.`;
	const description = [helenaSays(error), hint, waitCapNote(failure), sent].filter(Boolean).join(' ');
	const details: JsonObject = {
		httpCode: String(failure.status),
		...(error.key ? { key: error.key } : {}),
		...(error.text ? { text: error.text } : {}),
		...(error.shortValue ? { shortValue: error.shortValue } : {}),
		...(error.validationErrors ? { errors: error.validationErrors } : {}),
	};
	const apiError = new NodeApiError(node, details, {
		message,
		description,
		httpCode: String(failure.status),
		itemIndex: failure.itemIndex,
	});
	if (isNotFound(failure.status, error)) apiError.context.notFound = true;
	// what Helena said, for the transport's "already done" rule after a lost answer
	apiError.context.refusal = { status: failure.status, key: error.key ?? null, text: error.text ?? null };
	return apiError;
}

/** Whether an error thrown by `helenaRequest` is Helena's "not found" answer. */
export function isNotFoundError(error: unknown): boolean {
	return error instanceof NodeApiError && error.context.notFound === true;
}

/** Helena's refusal of a request: its status and words, and whether it means "not found". */
export interface HelenaRefusal {
	status: number;
	key?: string;
	text?: string;
	notFound: boolean;
}

/** The refusal an error thrown by `helenaRequest` carries, when Helena answered. */
export function refusalOf(error: unknown): HelenaRefusal | undefined {
	if (!(error instanceof NodeApiError)) return undefined;
	const refusal = error.context.refusal as { status?: number; key?: string | null; text?: string | null } | undefined;
	if (!refusal || typeof refusal.status !== 'number') return undefined;
	return {
		status: refusal.status,
		key: refusal.key ?? undefined,
		text: refusal.text ?? undefined,
		notFound: error.context.notFound === true,
	};
}

/** Whether Helena's words say the work is done already ("já está concluída", "already exists"). */
export function saysAlready(refusal: HelenaRefusal, subject?: RegExp): boolean {
	const text = refusal.text ?? '';
	return (
		/\bj[áa]\s+(est[áa]|foi|possui|existe|tem|pertence|consta|se encontra|[ée])(?![\wÀ-ÿ])|already/i.test(text) &&
		(!subject || subject.test(text))
	);
}
