import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { redactText } from './redact';

/** The fields of Helena's error body (`InternalException`) that help a user. */
export interface HelenaErrorBody {
	key?: string;
	text?: string;
	shortValue?: string;
	httpStatusCode?: string | number;
}

export function readErrorBody(body: unknown): HelenaErrorBody {
	let parsed = body;
	if (typeof body === 'string') {
		try {
			parsed = JSON.parse(body);
		} catch {
			return body.trim() ? { text: body.trim().slice(0, 300) } : {};
		}
	}
	if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
	const record = parsed as Record<string, unknown>;
	const id = record.id as Record<string, unknown> | undefined;
	const asString = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
	return {
		key: asString(record.key),
		text: asString(record.text) ?? asString(record.title) ?? asString(record.message),
		shortValue: asString(id?.shortValue),
		httpStatusCode: typeof record.httpStatusCode === 'number' ? record.httpStatusCode : asString(record.httpStatusCode),
	};
}

/** "Not found" comes back as HTTP 500 (or even 200) with key FORM_ERROR and a Portuguese text; 404 means no such endpoint. */
export function isNotFound(status: number, error: HelenaErrorBody): boolean {
	if (status === 404 || (status >= 300 && status < 400)) return false;
	if (String(error.httpStatusCode).toLowerCase() === 'notfound') return true;
	return /n[aã]o encontrad|not found/i.test(error.text ?? '');
}

/** A 500 that reports bad input; repeating it cannot help. */
export function isFormError(error: HelenaErrorBody): boolean {
	return /^(FORM_ERROR|VALIDATION_ERROR)$/i.test(error.key ?? '');
}

/**
 * A "not found" message, or a function of Helena's text that returns one (or undefined for the
 * generic message) when the same request can miss different records (a contact, or a tag it names).
 */
export type NotFoundMessage = string | ((helenaText: string | undefined) => string | undefined);

export interface FailureContext {
	method: string;
	path: string;
	status: number;
	attempts: number;
	itemIndex?: number;
	notFoundMessage?: NotFoundMessage;
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

function helenaSays(error: HelenaErrorBody): string | undefined {
	const parts: string[] = [];
	if (error.text) parts.push(`Helena says: "${error.text}"`);
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
		const custom = typeof failure.notFoundMessage === 'function' ? failure.notFoundMessage(error.text) : failure.notFoundMessage;
		return { message: custom ?? 'The requested record was not found in Helena' };
	}
	if (status === 404) {
		return {
			message: `Helena has no endpoint at ${failure.method} /core${failure.path} (404)`,
			hint: 'Check the Base URL in the "Helena API" credential: it should be the API host, such as https://api.wts.chat.',
		};
	}
	if (status === 400 || (status === 500 && isFormError(error))) {
		return { message: `Helena rejected the request: ${error.text ?? 'the input is not valid'}` };
	}
	// a request that is never repeated may still have waited out 429s; "after N attempts" would mislead
	const retried = failure.repeatable && failure.attempts > 1 ? ` after ${failure.attempts} attempts` : '';
	return {
		message: `Helena answered ${status}${error.httpStatusCode ? ` (${error.httpStatusCode})` : ''}${retried}`,
		hint: failure.repeatable
			? 'The service seems to be having trouble; try again later.'
			: 'This request creates data, so it was not repeated automatically (a repeat could create a duplicate). Check in Helena whether it was applied, then run the item again.',
	};
}

/** Helena's error body with the API key and delivery tokens taken out of every text it carries. */
function redactedErrorBody(body: unknown, apiKey: unknown): HelenaErrorBody {
	const error = readErrorBody(body);
	const clean = (value: string | undefined) => (value === undefined ? undefined : redactText(value, apiKey));
	return {
		key: clean(error.key),
		text: clean(error.text),
		shortValue: clean(error.shortValue),
		httpStatusCode: typeof error.httpStatusCode === 'string' ? clean(error.httpStatusCode) : error.httpStatusCode,
	};
}

export function helenaApiError(node: INode, failure: FailureContext, body: unknown, apiKey: unknown): NodeApiError {
	const error = redactedErrorBody(body, apiKey);
	const { message, hint } = messageFor(failure, error);
	const description = [helenaSays(error), hint, waitCapNote(failure)].filter(Boolean).join(' ');
	const details: JsonObject = {
		httpCode: String(failure.status),
		...(error.key ? { key: error.key } : {}),
		...(error.text ? { text: error.text } : {}),
		...(error.shortValue ? { shortValue: error.shortValue } : {}),
	};
	const apiError = new NodeApiError(node, details, {
		message,
		description: description || undefined,
		httpCode: String(failure.status),
		itemIndex: failure.itemIndex,
	});
	if (isNotFound(failure.status, error)) apiError.context.notFound = true;
	return apiError;
}

/** Whether an error thrown by `helenaRequest` is Helena's "not found" answer. */
export function isNotFoundError(error: unknown): boolean {
	return error instanceof NodeApiError && error.context.notFound === true;
}
