'use strict';

/**
 * The wire contract of the batch sends (`/chat/v1/send/template/batch`, `/chat/v1/send/chatbot/batch`)
 * and of the scheduled messages (`/chat/v1/scheduled-message...`), in the same terms as contract.js.
 * The 100-message cap of the template batch is stated in the reference's prose only (batchSends.js
 * answers it); the chatbot batch states none.
 */

const { t, nullable, required } = require('../contract');

const text = () => nullable(t.string());
const TEXT_MAP = nullable(t.map(nullable(t.string())));
const FREE_MAP = nullable(t.map());
const PAGE = {
	PageNumber: t.int32(0, 2147483647),
	PageSize: t.int32(1, 100),
	OrderBy: t.string(),
	OrderDirection: t.enum(['ASCENDING', 'DESCENDING']),
};
const SCHEDULED_STATUS = t.enum(['SCHEDULED', 'PROCESSED', 'SENT', 'DELIVERED', 'READ', 'CANCELED', 'FAILED']);
const SCHEDULED_TYPE = t.enum(['TEMPLATE', 'CHATBOT']);
const SCHEDULED_DETAILS = t.list(t.enum(['Contact', 'Channel', 'User', 'Department', 'Template', 'Chatbot']));
/** The names a scheduled message's update may list in `fields` (scheduled.js applies them). */
const SCHEDULED_UPDATE_FIELDS = [
	'Undefined',
	'To',
	'From',
	'Department',
	'Type',
	'TemplateId',
	'BotId',
	'Scheduling',
	'HiddenSession',
	'TemplateParams',
];
const TEMPLATE_PARAMS = t.shape({ parameters: TEXT_MAP, fileUrl: text(), fileId: nullable(t.uuid()) });
const DEPARTMENT = t.shape({ id: nullable(t.uuid()), name: text() });
const SEND_OPTIONS = t.shape({
	enableBot: nullable(t.boolean()),
	hiddenSession: nullable(t.boolean()),
	forceStartSession: nullable(t.boolean()),
	user: t.shape({ id: nullable(t.uuid()), phoneNumber: text(), email: text() }),
	department: DEPARTMENT,
});

/** @type {(import('../contract').Endpoint & { service: 'chat' })[]} */
const SENDS_ENDPOINTS = [
	{
		service: 'chat',
		method: 'POST',
		path: '/v1/send/template/batch',
		body: t.shape({
			from: required(t.string({ min: 1 })),
			templateId: required(t.string({ min: 1 })),
			options: SEND_OPTIONS,
			messages: required(
				t.list(
					t.shape({
						to: required(t.string({ min: 1 })),
						parameters: TEXT_MAP,
						fileIdOrUrl: text(),
						callbackUrl: text(),
						senderId: text(),
						sessionMetadata: FREE_MAP,
					}),
				),
			),
		}),
	},
	{
		service: 'chat',
		method: 'POST',
		path: '/v1/send/chatbot/batch',
		body: t.shape({
			botKey: required(t.uuid()),
			from: text(),
			options: t.shape({
				skipIfBotInExecution: nullable(t.boolean()),
				skipIfInProgress: nullable(t.boolean()),
				forceStartSession: nullable(t.boolean()),
				hiddenSession: nullable(t.boolean()),
			}),
			messages: required(
				t.list(
					t.shape({
						to: text(),
						sessionId: nullable(t.uuid()),
						sessionMetadata: FREE_MAP,
						contactMetadata: FREE_MAP,
						senderId: text(),
						callbackUrl: text(),
					}),
				),
			),
		}),
	},
	{
		service: 'chat',
		method: 'GET',
		path: '/v1/scheduled-message',
		query: {
			'ScheduledAt.Before': t.dateTime(),
			'ScheduledAt.After': t.dateTime(),
			IncludeDetails: SCHEDULED_DETAILS,
			Status: SCHEDULED_STATUS,
			Type: SCHEDULED_TYPE,
			From: t.string(),
			To: t.string(),
			User: t.string(),
			Department: t.string(),
			'CreatedAt.Before': t.dateTime(),
			'CreatedAt.After': t.dateTime(),
			'UpdatedAt.Before': t.dateTime(),
			'UpdatedAt.After': t.dateTime(),
			...PAGE,
		},
	},
	{
		service: 'chat',
		method: 'POST',
		path: '/v1/scheduled-message',
		body: t.shape({
			from: text(),
			to: required(t.string({ min: 1 })),
			department: DEPARTMENT,
			type: SCHEDULED_TYPE,
			templateId: text(),
			botKey: nullable(t.uuid()),
			scheduling: t.dateTime(),
			hiddenSession: t.boolean(),
			templateParams: TEMPLATE_PARAMS,
		}),
	},
	{
		service: 'chat',
		method: 'GET',
		path: '/v1/scheduled-message/{id}',
		params: { id: t.uuid() },
		query: { includeDetails: SCHEDULED_DETAILS },
	},
	{
		service: 'chat',
		method: 'PUT',
		path: '/v1/scheduled-message/{id}',
		params: { id: t.uuid() },
		body: t.shape({
			fields: required(t.list(t.enum(SCHEDULED_UPDATE_FIELDS))),
			to: text(),
			from: text(),
			department: DEPARTMENT,
			type: nullable(SCHEDULED_TYPE),
			templateId: text(),
			botKey: nullable(t.uuid()),
			scheduling: nullable(t.dateTime()),
			hiddenSession: nullable(t.boolean()),
			templateParams: TEMPLATE_PARAMS,
		}),
	},
	{ service: 'chat', method: 'POST', path: '/v1/scheduled-message/{id}/cancel', params: { id: t.uuid() } },
	{ service: 'chat', method: 'POST', path: '/v1/scheduled-message/batch-cancel', body: t.list(t.uuid()) },
];

module.exports = { SENDS_ENDPOINTS, SCHEDULED_UPDATE_FIELDS };
