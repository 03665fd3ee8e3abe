import { NodeApiError, NodeOperationError } from 'n8n-workflow';

/**
 * What a failed request did on Helena's side, as far as the node can know:
 * - `notApplied`: Helena refused it (a 4xx, or 429s until the node gave up), it never left the machine, or
 *   the node refused the input before sending;
 * - `unknown`: the answer was lost (no answer in time, a connection broken after sending, a 5xx, a 2xx that
 *   is not usable), so Helena may have applied it.
 */
export type RequestOutcome = 'notApplied' | 'unknown';

/**
 * Marks an error with what its request did: the transport's own errors (`lostBefore` when an earlier attempt's
 * answer was lost), and an operation's error about an answer Helena gave but that cannot be read (`unknown`).
 */
export function markOutcome<T extends NodeApiError | NodeOperationError>(error: T, outcome: RequestOutcome, lostBefore = false): T {
	error.context.outcome = lostBefore ? 'unknown' : outcome;
	// the last attempt's own words speak of that attempt only: the error states the outcome of the request
	if (lostBefore && outcome === 'notApplied') error.description = [error.description, EARLIER_ATTEMPT_LOST].filter(Boolean).join(' ');
	return error;
}

/** Said of a request whose last attempt was refused or not sent, after an earlier attempt whose answer was lost. */
export const EARLIER_ATTEMPT_LOST =
	'An earlier attempt reached Helena and its answer was lost, so Helena may have applied the request: check in Helena whether it was, then run the item again.';

/** What the request behind an error did; an error the node raised itself (bad input) sent nothing. */
export function requestOutcome(error: unknown): RequestOutcome {
	if (error instanceof NodeApiError) return error.context.outcome === 'notApplied' ? 'notApplied' : 'unknown';
	if (error instanceof NodeOperationError) return error.context.outcome === 'unknown' ? 'unknown' : 'notApplied';
	return 'unknown';
}
