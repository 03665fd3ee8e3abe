import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { RequestOutcome } from './outcome';

/*
 * Whether a message reached Helena, said the same way wherever a send's outcome reaches a person or a model (an
 * error, an error item, the approval gate's words to the Agent): it was sent, it may have been sent (Helena's answer
 * was lost; the transport never sends it again), or it was not sent.
 */

export type SendOutcome = 'sent' | 'mayHaveBeenSent' | 'notSent';

/** "the message was sent", "the approval request may have been sent", … */
export function sendOutcomeWords(outcome: SendOutcome, what = 'the message'): string {
	if (outcome === 'sent') return `${what} was sent`;
	if (outcome === 'mayHaveBeenSent') return `${what} may have been sent`;
	return `${what} was not sent`;
}

/** Marks the error of a request that sends a message with what became of the message (the transport does it). */
export function markSendOutcome<T extends NodeApiError | NodeOperationError>(error: T, outcome: RequestOutcome): T {
	error.context.sendOutcome = outcome === 'unknown' ? 'mayHaveBeenSent' : 'notSent';
	return error;
}

/** What became of the message behind an error: only an error of the send itself may leave it sent; any other sent nothing. */
export function sendOutcomeOf(error: unknown): Exclude<SendOutcome, 'sent'> {
	const marked = error instanceof NodeApiError || error instanceof NodeOperationError ? error.context.sendOutcome : undefined;
	return marked === 'mayHaveBeenSent' ? 'mayHaveBeenSent' : 'notSent';
}

/**
 * The error of a send says in its message (the part n8n's AI Agent gives the model) whether the message was sent:
 * "…; the message may have been sent" or "…; the message was not sent". Errors that no send marked are left as they are.
 */
export function tellSendOutcome<T>(error: T): T {
	if (!(error instanceof NodeApiError || error instanceof NodeOperationError)) return error;
	const marked = error.context.sendOutcome;
	if ((marked !== 'mayHaveBeenSent' && marked !== 'notSent') || error.context.sendOutcomeTold) return error;
	error.message = `${error.message}; ${sendOutcomeWords(marked)}`;
	error.context.sendOutcomeTold = true;
	return error;
}

/** A send refused before anything went to Helena: its error says the message was not sent. */
export function notSent<T extends NodeApiError | NodeOperationError>(error: T): T {
	return tellSendOutcome(markSendOutcome(error, 'notApplied'));
}
