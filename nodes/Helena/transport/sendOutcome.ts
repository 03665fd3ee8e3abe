import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { RequestOutcome } from './outcome';

/*
 * Whether a message reached Helena, said the same way wherever a send's outcome reaches a person or a model (an
 * error, an error item, the approval gate's words to the Agent): it was sent, it may have been sent (Helena's answer
 * was lost; the transport never sends it again), or it was not sent.
 */

export type SendOutcome = 'sent' | 'mayHaveBeenSent' | 'notSent';

/** "the message was sent", "the approval request may have been sent", "the 3 messages were not sent", … */
export function sendOutcomeWords(outcome: SendOutcome, what = 'the message', plural = false): string {
	const was = plural ? 'were' : 'was';
	if (outcome === 'sent') return `${what} ${was} sent`;
	if (outcome === 'mayHaveBeenSent') return `${what} may have been sent`;
	return `${what} ${was} not sent`;
}

/** Marks the error of a request that sends messages with what became of them (the transport does it). */
export function markSendOutcome<T extends NodeApiError | NodeOperationError>(error: T, outcome: RequestOutcome, messages = 1): T {
	error.context.sendOutcome = outcome === 'unknown' ? 'mayHaveBeenSent' : 'notSent';
	if (messages > 1) error.context.sentMessages = messages;
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
	const messages = error.context.sentMessages;
	const words = typeof messages === 'number' ? sendOutcomeWords(marked, `the ${messages} messages`, true) : sendOutcomeWords(marked);
	error.message = `${error.message}; ${words}`;
	error.context.sendOutcomeTold = true;
	return error;
}

/** A send refused before anything went to Helena: its error says the message was not sent. */
export function notSent<T extends NodeApiError | NodeOperationError>(error: T): T {
	return tellSendOutcome(markSendOutcome(error, 'notApplied'));
}
