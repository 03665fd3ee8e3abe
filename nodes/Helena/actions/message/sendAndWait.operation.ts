import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { invalidInput, itemErrors, runItemChecks, withoutItemNumbers } from '../../helpers';
import { notSent, sendOutcomeOf, sendOutcomeWords } from '../../transport';
import { canPauseHere, isApprovalGate } from './response/pause';
import { linkParameters, recipientOf, responseLink } from './response/links';
import { readResponseRequest, responseProperties } from './response/request';
import type { ResponseRequest } from './response/request';
import { readWaitTill, timeLimitProperties } from './response/timeLimit';
import { readRecipient, sendFreeMessage, sendOptions, typingDelayOption, recipientFields } from '../send/sendFields';

const properties: INodeProperties[] = [
	...recipientFields,
	{
		displayName: 'Message',
		name: 'message',
		type: 'string',
		typeOptions: { rows: 4 },
		required: true,
		default: '',
		placeholder: 'e.g. Can you confirm your appointment on Monday at 10:00?',
		description: 'The question; the response links are added below it. WhatsApp formatting such as *bold* works.',
	},
	...responseProperties,
	...timeLimitProperties,
	sendOptions(typingDelayOption),
];

export const description = updateDisplayOptions({ show: { resource: ['message'], operation: ['sendAndWait'] } }, properties);

/** The message as sent: the question, then one line per link ("Approve: https://…"). */
export function composeMessage(request: ResponseRequest, link: (parameters: Record<string, string>) => string): string {
	const lines =
		request.type === 'approval'
			? [
					`${request.approveLabel}: ${link({ approved: 'true' })}`,
					...(request.declineLabel ? [`${request.declineLabel}: ${link({ approved: 'false' })}`] : []),
				]
			: [`${request.linkText}: ${link({})}`];
	return `${request.message}\n\n${lines.join('\n')}`;
}

/**
 * The gate's message. n8n's default text ends with "Input:\n{{ $tool.parameters }}", and n8n writes an object inside
 * a text as "[object Object]": the person asked would not see what they approve. The gate writes it as JSON instead.
 */
function gateMessage(context: IExecuteFunctions, itemIndex: number): unknown {
	const raw = context.getNodeParameter('message', itemIndex, '', { rawExpressions: true });
	if (typeof raw !== 'string' || !raw.startsWith('=') || !TOOL_PARAMETERS.test(raw)) {
		return context.getNodeParameter('message', itemIndex, '');
	}
	return context.evaluateExpression(
		raw.slice(1).replace(new RegExp(TOOL_PARAMETERS.source, 'g'), '{{ JSON.stringify($tool.parameters, null, 2) }}'),
		itemIndex,
	);
}

const TOOL_PARAMETERS = /\{\{\s*\$tool\.parameters\s*\}\}/;

/**
 * A gate whose request was not sent. n8n's Agent reads any failure of the gate (an error, or an output without
 * `approved: true`) as "User rejected the tool call" and tells the model only that; it passes `chatInput` on as the
 * reviewer's words, so the model (and through it the user) learns why nobody was asked. With the node's On Error
 * set to Stop Workflow the error stops the execution instead (see the caller).
 */
function gateNotAsked(error: unknown, itemIndex: number): INodeExecutionData {
	// the model reads it: no item number
	const message = withoutItemNumbers(error instanceof Error ? error.message : String(error));
	return {
		json: {
			response: 'notSent',
			sendOutcome: 'notSent',
			responded: false,
			approved: false,
			chatInput: `${capitalized(sendOutcomeWords('notSent', APPROVAL_REQUEST))}, so nobody was asked and the tool did not run: ${message}`,
			error: errorFields(error),
		},
		pairedItem: { item: itemIndex },
	};
}

const APPROVAL_REQUEST = 'the approval request';

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function errorFields(error: unknown): IDataObject {
	const message = withoutItemNumbers(error instanceof Error ? error.message : String(error));
	const description = (error as { description?: unknown } | null)?.description;
	return { message, description: typeof description === 'string' ? withoutItemNumbers(description) : null };
}

/**
 * What a time limit tells the model through n8n's Agent (the reviewer's words when the gate ends without approval):
 * nobody answered, and, when Helena's answer to the send was lost, that the request may not have reached anyone.
 */
function timeLimitWords(waitTill: Date, lostAnswer: string | undefined): string {
	const nobody = `Nobody answered the approval request before its time limit (${waitTill.toISOString()})`;
	if (lostAnswer === undefined) return `${nobody}; the tool did not run.`;
	const maybe = sendOutcomeWords('mayHaveBeenSent', APPROVAL_REQUEST);
	return `${nobody}, and it may not have reached the reviewer: ${maybe}, but Helena's answer was lost (${lostAnswer}). The tool did not run.`;
}

/**
 * Sends the message with its response links and puts the execution to wait (n8n's own mechanism:
 * the node's restart webhook resumes it, see response/webhook.ts). One answer per execution, so one item.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	if (!canPauseHere(this)) {
		throw notSent(
			new NodeOperationError(this.getNode(), 'Send and Wait for Response can only run as a node of a workflow', {
				description: 'Where it runs now (an AI Agent tool, for one) n8n cannot pause the execution. Place the node in the workflow itself.',
			}),
		);
	}
	const items = this.getInputData();
	if (items.length !== 1) {
		throw new NodeOperationError(
			this.getNode(),
			`Send and Wait for Response got ${items.length} items; it waits for one answer, so it takes one item`,
			{
				description: 'Put a Loop Over Items node (batch size 1) in front of it: each item then gets its own message and its own wait.',
			},
		);
	}
	const itemIndex = 0;
	const gate = isApprovalGate(this);
	let noResponse: IDataObject;
	let waitTill: Date;
	try {
		runItemChecks(this, itemIndex);
		const request = readResponseRequest((name, fallback) =>
			gate && name === 'message' ? gateMessage(this, itemIndex) : this.getNodeParameter(name, itemIndex, fallback),
		);
		if (!request.message) throw invalidInput(this, 'Message', 'is empty', itemIndex);
		if (request.problems.length) throw invalidInput(this, 'Send and Wait', `cannot ask: ${request.problems.join('; ')}`, itemIndex);
		const limit = readWaitTill(this, itemIndex);
		waitTill = limit.waitTill;
		const recipient = recipientOf(readRecipient(this, itemIndex));
		const common = linkParameters(recipient, limit.limited ? waitTill : undefined);
		const text = composeMessage(request, (extra) => responseLink(this, { ...extra, ...common }));
		// A send whose answer was lost may have reached the person, whose links then work once the execution waits:
		// it waits as for a sent message (never sending again), and the outcome is told if nobody answers.
		const { sent, lost } = await sendFreeMessage(this, itemIndex, () => ({ path: '/v1/send/text', body: { text } })).then(
			(receipt) => ({ sent: receipt, lost: undefined as unknown }),
			(error: unknown) => {
				if (sendOutcomeOf(error) !== 'mayHaveBeenSent') throw error;
				return { sent: null, lost: error };
			},
		);
		const lostAnswer = lost === undefined ? undefined : errorFields(lost);
		noResponse = {
			response: 'noResponse',
			sendOutcome: lost === undefined ? 'sent' : 'mayHaveBeenSent',
			responded: false,
			...(request.type === 'approval' ? { approved: false } : {}),
			respondedBy: null,
			respondedAt: null,
			sentTo: { ...recipient },
			question: request.message,
			message: sent,
			timeLimit: limit.limited ? waitTill.toISOString() : null,
			...(lostAnswer ? { error: lostAnswer } : {}),
			// what n8n's Agent passes to the model as the reviewer's words when the gate ends without approval
			...(gate ? { chatInput: timeLimitWords(waitTill, lostAnswer?.message as string | undefined) } : {}),
		};
	} catch (error) {
		if (gate && this.getNode().onError !== 'stopWorkflow') return [gateNotAsked(error, itemIndex)];
		return [itemErrors(this).failed(error, itemIndex)];
	}
	// A time limit resumes the node by passing its input on (an answer replaces it, see the webhook):
	// the input it keeps is the "no response" item, so that is what the workflow continues with.
	const noResponseItem: INodeExecutionData = { json: noResponse, pairedItem: { item: itemIndex } };
	this.getExecuteData().data.main[0] = [noResponseItem];
	await this.putExecutionToWait(waitTill);
	return items;
}
