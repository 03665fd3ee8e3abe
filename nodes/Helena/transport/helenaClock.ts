import type { IDataObject } from 'n8n-workflow';

import { readHttpDate } from './httpDate';
import type { HelenaContext } from './request';

/** Helena's time as its answers state it (their Date header), for a caller that must not trust n8n's clock. */
export interface HelenaClock<C extends HelenaContext> {
	/** The context to make the requests with: it notes the Date of every answer. */
	context: C;
	/** Helena's time at the first answer, in ms (the header's whole second); undefined when no answer had one. */
	first(): number | undefined;
	/** Helena's time at the latest answer, in ms, rounded up to the end of the header's second. */
	latest(): number | undefined;
}

/**
 * Wraps the context so that the Date header of each answer is noted on the way through; the request
 * itself goes out exactly as through the context given (same helpers, credential and budget).
 */
export function withHelenaClock<C extends HelenaContext>(context: C): HelenaClock<C> {
	const readings: number[] = [];
	const original = context.helpers.httpRequestWithAuthentication;
	const helpers = Object.create(context.helpers) as C['helpers'];
	helpers.httpRequestWithAuthentication = async function (this: ThisParameterType<typeof original>, ...args: Parameters<typeof original>) {
		const response = (await original.apply(this, args)) as { headers?: IDataObject } | undefined;
		const date = response?.headers?.date;
		const instant = typeof date === 'string' ? readHttpDate(date.trim()) : undefined;
		if (instant !== undefined) readings.push(instant);
		return response;
	};
	const wrapped = Object.create(context, { helpers: { value: helpers } }) as C;
	return {
		context: wrapped,
		first: () => (readings.length ? Math.min(...readings) : undefined),
		latest: () => (readings.length ? Math.max(...readings) + 999 : undefined),
	};
}
