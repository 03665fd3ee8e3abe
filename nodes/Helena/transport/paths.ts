import type { IHttpRequestMethods, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { isUuid } from '../helpers/formats';
import { isDotSegment } from '../helpers/input';
import { shown } from '../helpers/redact';
import type { HelenaService } from './url';

/*
 * Every address the package sends is checked here, whatever gave its IDs (a field, a picker, an earlier
 * answer of Helena, a delivery): a parameter that is empty, `.` or `..` (it would change the endpoint), or
 * not a UUID where Helena's API reference types a UUID, is refused before anything is sent.
 */

/** Helena's endpoints as its API reference lists them; `{name:uuid}` is a path parameter typed as a UUID. */
export const DOCUMENTED_PATHS: Record<HelenaService, string[]> = {
	core: [
		'/v1/agent',
		'/v1/agent/{id:uuid}',
		'/v1/agent/{id:uuid}/departments',
		'/v1/agent/{id:uuid}/logout',
		'/v1/agent/{id:uuid}/status',
		'/v1/company/officehours',
		'/v1/contact',
		'/v1/contact/custom-field',
		'/v1/contact/filter',
		'/v1/contact/phonenumber/{phone:text}',
		'/v1/contact/phonenumber/{phone:text}/tags',
		'/v1/contact/{id:uuid}',
		'/v1/contact/{id:uuid}/tags',
		'/v1/custom-field',
		'/v1/department',
		'/v1/department/{id:uuid}',
		'/v1/department/{id:uuid}/agents',
		'/v1/department/{id:uuid}/channel',
		'/v1/portfolio',
		'/v1/portfolio/{id:uuid}/contact',
		'/v1/portfolio/{id:uuid}/contact/batch',
		'/v1/tag',
		'/v1/tag/color',
		'/v1/tag/{id:uuid}',
		'/v1/webhook/event',
		'/v1/webhook/subscription',
		'/v1/webhook/subscription/{subscriptionId:uuid}',
		'/v2/contact/batch',
		'/v2/contact/{id:uuid}',
		'/v2/department',
		'/v2/file',
	],
	chat: [
		'/v1/channel',
		'/v1/chatbot',
		'/v1/chatbot/send',
		'/v1/message',
		'/v1/message/send',
		'/v1/message/send-sync',
		'/v1/message/{id:uuid}',
		'/v1/message/{id:uuid}/status',
		'/v1/scheduled-message',
		'/v1/scheduled-message/batch-cancel',
		'/v1/scheduled-message/{id:uuid}',
		'/v1/scheduled-message/{id:uuid}/cancel',
		'/v1/send/audio',
		'/v1/send/chatbot',
		'/v1/send/chatbot/batch',
		'/v1/send/chatbot/{id:text}',
		'/v1/send/document',
		'/v1/send/image',
		'/v1/send/message/{id:text}',
		'/v1/send/otp',
		'/v1/send/otp/{id:text}',
		'/v1/send/template',
		'/v1/send/template/batch',
		'/v1/send/text',
		'/v1/send/typing',
		'/v1/send/video',
		'/v1/sequence',
		'/v1/sequence/{id:uuid}/contact',
		'/v1/sequence/{id:uuid}/contact/batch',
		'/v1/session/note/{id:uuid}',
		'/v1/session/{id:uuid}/assignee',
		'/v1/session/{id:uuid}/complete',
		'/v1/session/{id:uuid}/message',
		'/v1/session/{id:uuid}/message/sync',
		'/v1/session/{id:uuid}/note',
		'/v1/session/{id:uuid}/status',
		'/v1/session/{id:uuid}/transfer',
		'/v1/template',
		'/v2/sequence/{id:uuid}/contact',
		'/v2/session',
		'/v2/session/{id:uuid}',
		'/v2/session/{id:uuid}/partial',
	],
	crm: [
		'/v1/panel/card/{cardId:uuid}/note',
		'/v1/panel/card/{cardId:uuid}/note/{noteId:uuid}',
		'/v1/panel/{id:uuid}',
		'/v1/panel/{id:uuid}/custom-fields',
		'/v1/panel/{id:uuid}/lost-reason',
		'/v2/panel',
		'/v2/panel/card',
		'/v2/panel/card/{id:uuid}',
		'/v2/panel/card/{id:uuid}/duplicate',
		'/v3/panel/card/{id:text}',
	],
};

type Segment = { literal: string } | { parameter: string; uuid: boolean };

interface Template {
	text: string;
	segments: Segment[];
	literals: number;
}

function parseTemplate(text: string): Template {
	const segments = text.split('/').map((part): Segment => {
		const parameter = /^\{(\w+):(uuid|text)\}$/.exec(part);
		return parameter ? { parameter: parameter[1], uuid: parameter[2] === 'uuid' } : { literal: part.toLowerCase() };
	});
	return { text: text.replace(/:(uuid|text)\}/g, '}'), segments, literals: segments.filter((segment) => 'literal' in segment).length };
}

const TEMPLATES: Record<HelenaService, Template[]> = {
	core: DOCUMENTED_PATHS.core.map(parseTemplate),
	chat: DOCUMENTED_PATHS.chat.map(parseTemplate),
	crm: DOCUMENTED_PATHS.crm.map(parseTemplate),
};

/**
 * The documented endpoint a path is for: the template with as many segments whose fixed words all match,
 * the one with most fixed words first (`/v1/contact/filter` before `/v1/contact/{id}`), as Helena routes.
 */
export function documentedTemplate(service: HelenaService, parts: string[]): Template | undefined {
	let best: Template | undefined;
	for (const template of TEMPLATES[service]) {
		if (template.segments.length !== parts.length) continue;
		const fits = template.segments.every((segment, index) => !('literal' in segment) || segment.literal === parts[index].toLowerCase());
		if (fits && (!best || template.literals > best.literals)) best = template;
	}
	return best;
}

function decoded(part: string): string | undefined {
	try {
		return decodeURIComponent(part);
	} catch {
		return undefined;
	}
}

/** Why one path parameter cannot be sent, or undefined. */
function segmentProblem(value: string | undefined, uuid: boolean): string | undefined {
	if (value === undefined) return 'is not a properly encoded address segment';
	if (value.trim() === '') return 'is empty';
	if (isDotSegment(value)) return `is "${value}", which would change the address of the request`;
	if (uuid && !isUuid(value)) return `must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, not ${shown(value)}`;
	return undefined;
}

/**
 * Refuses an address whose parameters the reference would not accept (see the file's comment), naming
 * the parameter, the endpoint and the item. A path of no documented endpoint gets the same check on
 * every segment, without the UUID rule. Returns the endpoint as the reference names it (`GET /core/v1/contact/{id}`).
 */
export function checkPath(
	node: INode,
	request: { method: IHttpRequestMethods; service?: HelenaService; path: string; itemIndex?: number },
): string {
	const service = request.service ?? 'core';
	const parts = request.path.split('/');
	const template = documentedTemplate(service, parts);
	const endpoint = `${request.method} /${service}${template?.text ?? request.path}`;
	parts.forEach((part, index) => {
		if (index === 0 && part === '') return;
		const segment: Segment = template?.segments[index] ?? { parameter: `segment ${index}`, uuid: false };
		if ('literal' in segment) return;
		const problem = segmentProblem(decoded(part), segment.uuid);
		if (!problem) return;
		const item = request.itemIndex === undefined ? '' : ` (item ${request.itemIndex})`;
		throw new NodeOperationError(node, `The ${segment.parameter} in the address of ${endpoint} ${problem}${item}`, {
			itemIndex: request.itemIndex,
			description:
				'Nothing was sent. The ID came from a field, a picker, an earlier answer of Helena or a delivery; check the value it was given.',
		});
	});
	return endpoint;
}
