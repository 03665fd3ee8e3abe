import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

/* The response links a message carries: n8n's resume URL of this execution and node, with what the answer needs. */

/** Who a message went to, as its links carry it (`to` or `session`) and the output shows it. */
export interface Recipient {
	phoneNumber?: string;
	sessionId?: string;
}

export function recipientOf(sendTo: IDataObject): Recipient {
	return sendTo.sessionId ? { sessionId: String(sendTo.sessionId) } : { phoneNumber: String(sendTo.to) };
}

/** Query parameters of every link: the recipient, and when the wait ends (so a late answer is refused). */
export function linkParameters(recipient: Recipient, waitTill: Date | undefined): Record<string, string> {
	const parameters: Record<string, string> = recipient.sessionId ? { session: recipient.sessionId } : { to: recipient.phoneNumber ?? '' };
	if (waitTill && Number.isFinite(waitTill.getTime())) parameters.until = String(waitTill.getTime());
	return parameters;
}

/**
 * n8n's resume URL for this node with `parameters`. Where n8n signs it (1.123 and 2.x) the signature
 * covers the parameters and n8n refuses any link that was altered; n8n 1.85 has only the plain resume URL.
 */
export function responseLink(context: IExecuteFunctions, parameters: Record<string, string>): string {
	const n8n = context as Partial<IExecuteFunctions>;
	if (typeof n8n.getSignedResumeUrl === 'function') {
		// 1.123 checks the signature only of executions marked so; 2.x checks every send-and-wait link
		if (typeof n8n.setSignatureValidationRequired === 'function') context.setSignatureValidationRequired();
		return context.getSignedResumeUrl(parameters);
	}
	const resumeUrl = String(context.evaluateExpression('{{ $execution?.resumeUrl }}', 0));
	const url = new URL(`${resumeUrl}/${encodeURIComponent(context.getNode().id)}`);
	for (const [key, value] of Object.entries(parameters)) url.searchParams.set(key, value);
	return url.toString();
}

/** The recipient and deadline a link carries. */
export function readLink(query: IDataObject): { recipient: Recipient; until?: number } {
	const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
	const session = text(query.session);
	const recipient: Recipient = session ? { sessionId: session } : { phoneNumber: text(query.to) };
	const until = Number(text(query.until));
	return { recipient, until: Number.isFinite(until) && until > 0 ? until : undefined };
}
