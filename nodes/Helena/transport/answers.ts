import type { IDataObject } from 'n8n-workflow';

import { shortened } from '../helpers/redact';

/**
 * The shape an endpoint's answer must have. `record`: one record with its `id` (a contact, a department,
 * a subscription); `object`: any JSON object (a settings answer such as the channel list); `list`: an array of records;
 * `page`: a page envelope `{ items, pageNumber?, totalPages?, hasMorePages? }`; `any`: whatever
 * Helena sends (delete, tag changes), as long as it is JSON or nothing, and not an error body.
 */
export type AnswerShape = 'record' | 'object' | 'list' | 'page' | 'any';

/** The largest 32-bit integer: a paging number beyond it is a broken answer, not data. */
export const MAX_SANE_PAGES = 2_147_483_647;

const isRecord = (value: unknown): value is IDataObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Helena's error body (`{ key, text, httpStatusCode, id: { shortValue } }`), which some servers send with 200. */
export function isErrorBody(body: unknown): boolean {
	if (!isRecord(body) || typeof body.key !== 'string' || !/^[A-Z][A-Z0-9_]*$/.test(body.key)) return false;
	return typeof body.text === 'string' || body.httpStatusCode !== undefined || isRecord(body.id);
}

function pagingNumberProblem(page: IDataObject, name: 'pageNumber' | 'totalPages'): string | undefined {
	const value = page[name];
	if (value === undefined || value === null) return undefined;
	if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_SANE_PAGES) {
		return `its ${name} is ${JSON.stringify(value)}, not a page count`;
	}
	return undefined;
}

/** Why a 2xx body does not have the shape the endpoint promises, or undefined when it does. */
export function shapeProblem(body: unknown, shape: AnswerShape): string | undefined {
	if (typeof body === 'string') {
		if (body.trim() === '') return shape === 'any' ? undefined : 'it is empty';
		return /^\s*</.test(body) ? 'it is an HTML or XML page, not JSON' : 'it is not valid JSON';
	}
	if (body === undefined || body === null) return shape === 'any' ? undefined : `it is ${body === null ? 'null' : 'empty'}`;
	switch (shape) {
		case 'object':
			return isRecord(body) ? undefined : `it is ${Array.isArray(body) ? 'a list' : typeof body}, not a record`;
		case 'record':
			if (!isRecord(body)) return `it is ${Array.isArray(body) ? 'a list' : typeof body}, not a record`;
			return (typeof body.id === 'string' && body.id !== '') || typeof body.id === 'number' ? undefined : 'it is a record without an id';
		case 'list':
			if (!Array.isArray(body)) return `it is ${isRecord(body) ? 'a record' : typeof body}, not a list`;
			return body.every(isRecord) ? undefined : 'the list holds values that are not records';
		case 'page': {
			if (!isRecord(body)) return `it is ${Array.isArray(body) ? 'a list' : typeof body}, not a page of results`;
			if (!('items' in body)) return 'it has no items, so it is not a page of results';
			if (body.items !== null && !Array.isArray(body.items)) return 'its items are not a list';
			if (Array.isArray(body.items) && !body.items.every(isRecord)) return 'its items hold values that are not records';
			if (body.hasMorePages !== undefined && body.hasMorePages !== null && typeof body.hasMorePages !== 'boolean') {
				return `its hasMorePages is ${JSON.stringify(body.hasMorePages)}, not true or false`;
			}
			return pagingNumberProblem(body, 'pageNumber') ?? pagingNumberProblem(body, 'totalPages');
		}
		default:
			return undefined;
	}
}

/** At most 120 characters of what came back, on one line, without the key, for the error description. */
export function excerptOf(body: unknown, apiKey: unknown): string {
	const text = typeof body === 'string' ? body : (JSON.stringify(body) ?? String(body));
	return shortened(text.replace(/\s+/g, ' ').trim(), 120, { apiKey });
}
