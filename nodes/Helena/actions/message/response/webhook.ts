import type { IDataObject, INodeExecutionData, IWebhookDescription, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { formHtml, readFormAnswer } from './form';
import { readLink } from './links';
import type { Recipient } from './links';
import { escapeHtml, noticePage, page } from './page';
import { NAME_FIELD, readResponseRequest } from './request';
import type { ResponseRequest } from './request';

/*
 * The restart webhook of Send and Wait: n8n calls it when a response link of a waiting execution is
 * opened (GET) or its form is sent (POST). Returning `workflowData` resumes the execution with it;
 * answering without it leaves the execution waiting, unchanged.
 */

/**
 * The node's webhooks: restart webhooks only, which n8n never registers on activation; it routes a
 * waiting execution's resume URL (…/webhook-waiting/<execution>/<node ID>) to them, on any webhook process.
 */
export const responseWebhooks: IWebhookDescription[] = (['GET', 'POST'] as const).map((httpMethod) => ({
	name: 'default',
	httpMethod,
	responseMode: 'onReceived',
	responseData: '',
	path: '={{ $nodeId }}',
	restartWebhook: true,
	isFullPath: true,
}));

const CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

// Link previews and scanners fetch links without a person behind them; they must not answer for one.
const PREVIEW_AGENT =
	/bot|crawl|spider|preview|facebookexternalhit|whatsapp|telegram|slack|discord|skype|teams|linkedin|embedly|pinterest/i;

function show(context: IWebhookFunctions, status: number, html: string): IWebhookResponseData {
	const res = context.getResponseObject();
	res.status(status);
	res.setHeader('Content-Type', 'text/html; charset=utf-8');
	res.setHeader('Content-Security-Policy', CSP);
	res.setHeader('Cache-Control', 'no-store');
	res.send(html);
	return { noWebhookResponse: true };
}

function answered(request: ResponseRequest, heading: string, json: IDataObject): IWebhookResponseData {
	const item: INodeExecutionData = { json, pairedItem: { item: 0 } };
	return { webhookResponse: noticePage(heading, request.thanksText), workflowData: [[item]] };
}

export function formPage(request: ResponseRequest, given: IDataObject = {}, errors: Record<number, string> = {}): string {
	const fields = request.askName ? [...request.fields, NAME_FIELD] : request.fields;
	const description = request.formDescription ? `<p class="message">${escapeHtml(request.formDescription)}</p>` : '';
	// an empty action posts back to the link itself, signature included
	return page(request.formTitle, description + formHtml(fields, { action: '', buttonLabel: request.formButtonLabel, given, errors }));
}

/**
 * The node's pending output, which n8n keeps as the waiting node's input (see sendAndWait.operation.ts):
 * the question as sent, the recipient and Helena's receipt of the message.
 */
function pendingOutput(context: IWebhookFunctions): IDataObject {
	try {
		const json = context.evaluateExpression('{{ $json }}', 0);
		return json && typeof json === 'object' && !Array.isArray(json) ? (json as IDataObject) : {};
	} catch {
		return {};
	}
}

export async function respondToLink(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const req = this.getRequestObject();
	const pending = pendingOutput(this);
	// the node's own record (what it sent, and when the wait ends) counts; the link's query only where
	// there is none, since n8n 1.85 does not sign links and anyone could change their parameters
	const link = readLink(req.query as IDataObject);
	const recorded = recordOf(pending);
	const recipient = recorded.recipient ?? link.recipient;
	const until = recorded.found ? recorded.until : link.until;
	if (until !== undefined && Date.now() > until) {
		const ended = new Date(until).toUTCString();
		return show(this, 410, noticePage('This request has expired', `The time to answer ended on ${ended}. Your answer was not recorded.`));
	}
	const request = readResponseRequest((name, fallback) => {
		try {
			return this.getNodeParameter(name, fallback);
		} catch {
			return fallback; // an expression that needed the node's input: the page still shows, with the default
		}
	});
	if (typeof pending.question === 'string') {
		request.message = pending.question;
		if (!request.formDescriptionSet) request.formDescription = pending.question;
	}
	const respondedAt = new Date().toISOString();
	const respondedBy = (name?: string): IDataObject => ({ ...recipient, ...(name ? { name } : {}) }) as Recipient & IDataObject;
	const sent = {
		sentTo: pending.sentTo ?? { ...recipient },
		question: pending.question ?? request.message,
		message: pending.message ?? null,
	};

	if (request.problems.length) {
		return show(this, 500, noticePage('This request cannot be answered', `It is not set up correctly: ${request.problems.join('; ')}.`));
	}

	if (request.type === 'approval') {
		const agent = String(req.headers['user-agent'] ?? '');
		if (req.method === 'GET' && (!agent || PREVIEW_AGENT.test(agent))) {
			return show(this, 200, noticePage('Open this link in your browser', 'Open the link in a browser to record your answer.'));
		}
		const approved = (req.query as IDataObject).approved;
		if (approved !== 'true' && approved !== 'false') {
			return show(this, 400, noticePage('This link is incomplete', 'Open the link exactly as the message carried it.'));
		}
		const yes = approved === 'true';
		return answered(request, yes ? request.approveLabel : (request.declineLabel ?? 'Declined'), {
			response: yes ? 'approved' : 'declined',
			responded: true,
			approved: yes,
			respondedBy: respondedBy(),
			respondedAt,
			...sent,
		});
	}

	if (req.method !== 'POST') return show(this, 200, formPage(request));

	const raw = (this.getBodyData() ?? {}) as IDataObject;
	// n8n hands a multipart form over as { data: fields, files }, an urlencoded one as the fields themselves
	const body = raw.data && typeof raw.data === 'object' && !Array.isArray(raw.data) ? (raw.data as IDataObject) : raw;
	const fields = request.askName ? [...request.fields, NAME_FIELD] : request.fields;
	const { answer, errors } = readFormAnswer(fields, body);
	if (Object.keys(errors).length) return show(this, 400, formPage(request, body, errors));
	const name = request.askName ? String(answer[NAME_FIELD.label]) : undefined;
	if (request.askName) delete answer[NAME_FIELD.label];
	const response =
		request.type === 'freeText' ? { response: 'text', text: answer[request.fields[0].label] } : { response: 'form', form: answer };
	return answered(request, 'Thank you', {
		...response,
		responded: true,
		respondedBy: respondedBy(name),
		respondedAt,
		sentTo: sent.sentTo,
	});
}

/** What the waiting node recorded when it sent: the recipient and the end of the wait (null: no limit). */
function recordOf(pending: IDataObject): { found: boolean; recipient?: Recipient; until?: number } {
	if (!('timeLimit' in pending)) return { found: false };
	const sentTo = pending.sentTo as Recipient | undefined;
	const recipient = sentTo && typeof sentTo === 'object' ? { ...sentTo } : undefined;
	const until = typeof pending.timeLimit === 'string' ? Date.parse(pending.timeLimit) : NaN;
	return { found: true, recipient, until: Number.isFinite(until) ? until : undefined };
}
