import { NodeApiError, NodeOperationError } from 'n8n-workflow';

/**
 * What a failed request did on Helena's side, as far as the node can know:
 * - `notApplied`: Helena refused it (a 4xx, or 429s until the node gave up), it never left the machine, or
 *   the node refused the input before sending;
 * - `unknown`: the answer was lost (no answer in time, a connection broken after sending, a 5xx, a 2xx that
 *   is not usable), so Helena may have applied it.
 */
export type RequestOutcome = 'notApplied' | 'unknown';

/** Marks the error `helenaRequest` throws with what the request did; `lostBefore` when an earlier attempt's answer was lost. */
export function markOutcome<T extends NodeApiError>(error: T, outcome: RequestOutcome, lostBefore: boolean): T {
	error.context.outcome = lostBefore ? 'unknown' : outcome;
	return error;
}

/** What the request behind an error did; an error the node raised itself (bad input) sent nothing. */
export function requestOutcome(error: unknown): RequestOutcome {
	if (error instanceof NodeApiError) return error.context.outcome === 'notApplied' ? 'notApplied' : 'unknown';
	if (error instanceof NodeOperationError) return error.context.outcome === 'unknown' ? 'unknown' : 'notApplied';
	return 'unknown';
}
