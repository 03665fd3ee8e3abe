import type { IDataObject, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { formatProblem } from '../helpers/formats';
import type { ValueFormat } from '../helpers/formats';
import { shown } from '../helpers/redact';

/*
 * The request fields Helena's API reference gives a format, per endpoint: each value is checked against
 * its format before anything is sent, whatever reader (or none) produced it. A query parameter is
 * written `?Name`; a body field by its path, `.` into an object, `[]` into each entry of a list.
 */
export const FORMATTED_FIELDS: Record<string, Record<string, ValueFormat>> = {
	'DELETE /core/v1/agent/{id}': { transferUserId: 'uuid' },
	'DELETE /core/v1/portfolio/{id}/contact': { contactId: 'uuid' },
	'GET /core/v1/portfolio/{id}/contact': {
		'?CreatedAt.Before': 'date-time',
		'?CreatedAt.After': 'date-time',
		'?UpdatedAt.Before': 'date-time',
		'?UpdatedAt.After': 'date-time',
		'?ContactIds[]': 'uuid',
		'?TimestampFilter': 'date-time',
	},
	'POST /core/v1/portfolio/{id}/contact': { contactId: 'uuid' },
	'DELETE /core/v1/portfolio/{id}/contact/batch': { 'contactIds[]': 'uuid' },
	'POST /core/v1/portfolio/{id}/contact/batch': { 'contactIds[]': 'uuid' },
	'POST /core/v1/agent': { email: 'email' },
	'GET /core/v1/contact': {
		'?CreatedAt.Before': 'date-time',
		'?CreatedAt.After': 'date-time',
		'?UpdatedAt.Before': 'date-time',
		'?UpdatedAt.After': 'date-time',
	},
	'POST /core/v1/contact': { 'tagIds[]': 'uuid', 'portfolioIds[]': 'uuid', 'sequenceIds[]': 'uuid' },
	'PUT /core/v1/contact/phonenumber/{phone}': { 'tagIds[]': 'uuid', 'portfolioIds[]': 'uuid', 'sequenceIds[]': 'uuid' },
	'GET /core/v1/portfolio': {
		'?CreatedAt.Before': 'date-time',
		'?CreatedAt.After': 'date-time',
		'?UpdatedAt.Before': 'date-time',
		'?UpdatedAt.After': 'date-time',
	},
	'POST /core/v2/file': { tempFileId: 'uuid' },
	'POST /core/v1/contact/filter': {
		'createdAt.before': 'date-time',
		'createdAt.after': 'date-time',
		'updatedAt.before': 'date-time',
		'updatedAt.after': 'date-time',
		'tagIds[]': 'uuid',
		'portfolioIds[]': 'uuid',
	},
	'POST /core/v1/contact/{id}/tags': { 'tagIds[]': 'uuid' },
	'POST /core/v1/contact/phonenumber/{phone}/tags': { 'tagIds[]': 'uuid' },
	'POST /core/v1/department': { 'agents[].userId': 'uuid' },
	'POST /core/v2/contact/batch': { 'items[].tagIds[]': 'uuid', 'items[].portfolioIds[]': 'uuid', 'items[].sequenceIds[]': 'uuid' },
	'PUT /core/v1/department/{id}/agents': { 'items[].userId': 'uuid' },
	'PUT /core/v2/contact/{id}': { 'tagIds[]': 'uuid', 'portfolioIds[]': 'uuid', 'sequenceIds[]': 'uuid' },
	'DELETE /chat/v1/sequence/{id}/contact': { contactId: 'uuid' },
	'POST /chat/v1/sequence/{id}/contact': { contactId: 'uuid' },
	'DELETE /chat/v1/sequence/{id}/contact/batch': { 'contactIds[]': 'uuid' },
	'POST /chat/v1/sequence/{id}/contact/batch': { 'contactIds[]': 'uuid' },
	'GET /chat/v1/chatbot': {
		'?ChannelIds[]': 'uuid',
		'?DefaultDepartmentIds[]': 'uuid',
		'?CreatedAt.Before': 'date-time',
		'?CreatedAt.After': 'date-time',
		'?UpdatedAt.Before': 'date-time',
		'?UpdatedAt.After': 'date-time',
	},
	'GET /chat/v1/message': {
		'?SessionId': 'uuid',
		'?CreatedAt.Before': 'date-time',
		'?CreatedAt.After': 'date-time',
		'?UpdatedAt.Before': 'date-time',
		'?UpdatedAt.After': 'date-time',
	},
	'GET /chat/v1/scheduled-message': {
		'?ScheduledAt.Before': 'date-time',
		'?ScheduledAt.After': 'date-time',
		'?CreatedAt.Before': 'date-time',
		'?CreatedAt.After': 'date-time',
		'?UpdatedAt.Before': 'date-time',
		'?UpdatedAt.After': 'date-time',
	},
	'POST /chat/v1/scheduled-message': { 'department.id': 'uuid', botKey: 'uuid', scheduling: 'date-time', 'templateParams.fileId': 'uuid' },
	'PUT /chat/v1/scheduled-message/{id}': {
		'department.id': 'uuid',
		botKey: 'uuid',
		scheduling: 'date-time',
		'templateParams.fileId': 'uuid',
	},
	'GET /chat/v1/sequence': {
		'?ContactId': 'uuid',
		'?CreatedAt.Before': 'date-time',
		'?CreatedAt.After': 'date-time',
		'?UpdatedAt.Before': 'date-time',
		'?UpdatedAt.After': 'date-time',
	},
	'GET /chat/v1/session/{id}/message': {
		'?CreatedAt.Before': 'date-time',
		'?CreatedAt.After': 'date-time',
		'?UpdatedAt.Before': 'date-time',
		'?UpdatedAt.After': 'date-time',
	},
	'POST /chat/v1/session/{id}/message': { fileId: 'uuid', refId: 'uuid' },
	'GET /chat/v1/session/{id}/note': {
		'?CreatedAt.Before': 'date-time',
		'?CreatedAt.After': 'date-time',
		'?UpdatedAt.Before': 'date-time',
		'?UpdatedAt.After': 'date-time',
	},
	'POST /chat/v1/session/{id}/note': { 'filesIds[]': 'uuid' },
	'GET /chat/v1/template': {
		'?ChannelId': 'uuid',
		'?CreatedAt.Before': 'date-time',
		'?CreatedAt.After': 'date-time',
		'?UpdatedAt.Before': 'date-time',
		'?UpdatedAt.After': 'date-time',
	},
	'GET /chat/v2/sequence/{id}/contact': {
		'?ContactId': 'uuid',
		'?CreatedAt.Before': 'date-time',
		'?CreatedAt.After': 'date-time',
		'?UpdatedAt.Before': 'date-time',
		'?UpdatedAt.After': 'date-time',
	},
	'GET /chat/v2/session': {
		'?DepartmentId': 'uuid',
		'?UserId': 'uuid',
		'?TagsId[]': 'uuid',
		'?ChannelsId[]': 'uuid',
		'?ContactId': 'uuid',
		'?EndAt.Before': 'date-time',
		'?EndAt.After': 'date-time',
		'?ActiveAt.Before': 'date-time',
		'?ActiveAt.After': 'date-time',
		'?LastInteractionAt.Before': 'date-time',
		'?LastInteractionAt.After': 'date-time',
		'?CreatedAt.Before': 'date-time',
		'?CreatedAt.After': 'date-time',
		'?UpdatedAt.Before': 'date-time',
		'?UpdatedAt.After': 'date-time',
	},
	'POST /chat/v1/chatbot/send': { botKey: 'uuid', sessionId: 'uuid' },
	'POST /chat/v1/message/send': { botKey: 'uuid', 'body.fileId': 'uuid', 'body.refId': 'uuid', 'department.id': 'uuid', 'user.id': 'uuid' },
	'POST /chat/v1/message/send-sync': {
		botKey: 'uuid',
		'body.fileId': 'uuid',
		'body.refId': 'uuid',
		'department.id': 'uuid',
		'user.id': 'uuid',
	},
	'POST /chat/v1/scheduled-message/batch-cancel': { '[]': 'uuid' },
	'POST /chat/v1/send/audio': { 'options.user.id': 'uuid', 'options.department.id': 'uuid', sessionId: 'uuid', refId: 'uuid' },
	'POST /chat/v1/send/chatbot': { botKey: 'uuid', sessionId: 'uuid' },
	'POST /chat/v1/send/chatbot/batch': { botKey: 'uuid', 'messages[].sessionId': 'uuid' },
	'POST /chat/v1/send/document': { 'options.user.id': 'uuid', 'options.department.id': 'uuid', sessionId: 'uuid', refId: 'uuid' },
	'POST /chat/v1/send/image': { 'options.user.id': 'uuid', 'options.department.id': 'uuid', sessionId: 'uuid', refId: 'uuid' },
	'POST /chat/v1/send/template': { sessionId: 'uuid', 'options.user.id': 'uuid', 'options.department.id': 'uuid' },
	'POST /chat/v1/send/template/batch': { 'options.user.id': 'uuid', 'options.department.id': 'uuid' },
	'POST /chat/v1/send/text': { 'options.user.id': 'uuid', 'options.department.id': 'uuid', sessionId: 'uuid', refId: 'uuid' },
	'POST /chat/v1/send/typing': { sessionId: 'uuid' },
	'POST /chat/v1/send/video': { 'options.user.id': 'uuid', 'options.department.id': 'uuid', sessionId: 'uuid', refId: 'uuid' },
	'POST /chat/v1/session/{id}/message/sync': { fileId: 'uuid', refId: 'uuid' },
	'PUT /chat/v1/session/{id}/assignee': { userId: 'uuid' },
	'PUT /chat/v1/session/{id}/transfer': { newDepartmentId: 'uuid', newUserId: 'uuid' },
	'PUT /chat/v2/session/{id}/partial': { companyId: 'uuid', endAt: 'date-time', departmentId: 'uuid', userId: 'uuid' },
	'GET /crm/v1/panel/card/{cardId}/note': {
		'?CreatedAt.Before': 'date-time',
		'?CreatedAt.After': 'date-time',
		'?UpdatedAt.Before': 'date-time',
		'?UpdatedAt.After': 'date-time',
	},
	'GET /crm/v1/panel/{id}/lost-reason': {
		'?CreatedAt.Before': 'date-time',
		'?CreatedAt.After': 'date-time',
		'?UpdatedAt.Before': 'date-time',
		'?UpdatedAt.After': 'date-time',
	},
	'GET /crm/v2/panel': {
		'?CreatedAt.Before': 'date-time',
		'?CreatedAt.After': 'date-time',
		'?UpdatedAt.Before': 'date-time',
		'?UpdatedAt.After': 'date-time',
	},
	'GET /crm/v2/panel/card': {
		'?PanelId': 'uuid',
		'?StepId': 'uuid',
		'?ContactId': 'uuid',
		'?ResponsibleUserId': 'uuid',
		'?CreatedAt.Before': 'date-time',
		'?CreatedAt.After': 'date-time',
		'?UpdatedAt.Before': 'date-time',
		'?UpdatedAt.After': 'date-time',
	},
	'POST /crm/v2/panel/card': { stepId: 'uuid', dueDate: 'date-time', responsibleUserId: 'uuid', 'tagIds[]': 'uuid', sessionId: 'uuid' },
	'POST /crm/v2/panel/card/{id}/duplicate': { copyToStepId: 'uuid' },
	'PUT /crm/v3/panel/card/{id}': {
		stepId: 'uuid',
		dueDate: 'date-time',
		responsibleUserId: 'uuid',
		'tagIds[]': 'uuid',
		'contactIds[]': 'uuid',
		sessionId: 'uuid',
		lostReasonId: 'uuid',
	},
};

/** The steps of a field path: a body's `a.b`, `list[].id` or `[]`; a query name (dots are part of it) and maybe `[]`. */
function stepsOf(path: string, inQuery: boolean): string[] {
	if (inQuery) return path.endsWith('[]') ? [path.slice(0, -2), '[]'] : [path];
	return path.split(/(?=\[\])|\./).filter(Boolean);
}

/** The values at a field path of a body or query, with where each was found. */
function valuesAt(root: unknown, steps: string[]): Array<{ where: string; value: unknown }> {
	let found: Array<{ where: string; value: unknown }> = [{ where: '', value: root }];
	for (const step of steps) {
		const next: Array<{ where: string; value: unknown }> = [];
		for (const { where, value } of found) {
			if (step === '[]') {
				// a query parameter given once is a list of one
				const entries = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
				entries.forEach((entry, index) => next.push({ where: `${where}[${index}]`, value: entry }));
			} else if (value && typeof value === 'object' && !Array.isArray(value) && Object.prototype.hasOwnProperty.call(value, step)) {
				next.push({ where: where ? `${where}.${step}` : step, value: (value as IDataObject)[step] });
			}
		}
		found = next;
	}
	return found.filter(({ value }) => value !== undefined && value !== null);
}

/** Refuses a request whose formatted fields (see FORMATTED_FIELDS) hold a value not of their format, naming field, endpoint and item. */
export function checkFieldFormats(
	node: INode,
	endpoint: string,
	request: { qs?: IDataObject; body?: IDataObject | IDataObject[]; itemIndex?: number },
): void {
	const fields = FORMATTED_FIELDS[endpoint];
	if (!fields) return;
	for (const [field, format] of Object.entries(fields)) {
		const inQuery = field.startsWith('?');
		for (const { where, value } of valuesAt(inQuery ? request.qs : request.body, stepsOf(inQuery ? field.slice(1) : field, inQuery))) {
			const problem = formatProblem(format, value);
			if (!problem) continue;
			const item = request.itemIndex === undefined ? '' : ` (item ${request.itemIndex})`;
			const shownValue = typeof value === 'string' ? ` (${shown(value)})` : '';
			throw new NodeOperationError(
				node,
				`The ${inQuery ? 'query parameter' : 'field'} ${where} of ${endpoint} ${problem}${shownValue}${item}`,
				{ itemIndex: request.itemIndex, description: `Helena's API reference gives ${where} the ${format} format. Nothing was sent.` },
			);
		}
	}
}
