'use strict';

/**
 * The wire contract of the chat service (`/chat/...`) and of the core endpoints the chat features
 * read (agents, tags, files), as data in the same terms as contract.js. The names, types and enum
 * spellings are those of Helena's public reference (flwchat.readme.io).
 */

const { t, nullable, required } = require('../contract');

/** The names a session's partial update may list in `fields` (sessions.js applies them). */
const SESSION_PARTIAL_FIELDS = [
	'Status',
	'EndAt',
	'UserId',
	'DepartmentId',
	'ReactivateDisabled',
	'Autocomplete',
	'Number',
	'Metadata',
	'Classification',
];

const PAGE = {
	PageNumber: t.int32(0, 2147483647),
	PageSize: t.int32(1, 100),
	OrderBy: t.string(),
	OrderDirection: t.enum(['ASCENDING', 'DESCENDING']),
};
const DATE_WINDOWS = (...names) =>
	Object.fromEntries(
		names.flatMap((name) => [
			[`${name}.Before`, t.dateTime()],
			[`${name}.After`, t.dateTime()],
		]),
	);
const TEXT_MAP = nullable(t.map(nullable(t.string())));
/** A free key/value object (session or contact metadata). */
const FREE_MAP = nullable(t.map());
const text = () => nullable(t.string());

const SEND_OPTIONS = t.shape({
	enableBot: nullable(t.boolean()),
	hiddenSession: nullable(t.boolean()),
	forceStartSession: nullable(t.boolean()),
	user: t.shape({ id: nullable(t.uuid()), phoneNumber: text(), email: text() }),
	department: t.shape({ id: nullable(t.uuid()), name: text() }),
});
/** `delayTyping`: the reference's prose caps it at 25 seconds; the schema does not (messages.js answers above 25). */
const SEND_COMMON = {
	to: text(),
	from: text(),
	options: SEND_OPTIONS,
	sessionId: nullable(t.uuid()),
	refId: nullable(t.uuid()),
	delayTyping: nullable(t.int32()),
	callbackUrl: text(),
	senderId: text(),
};
const MEDIA = (withCaption) =>
	t.shape({ ...SEND_COMMON, fileIdOrUrl: required(t.string({ min: 1 })), ...(withCaption ? { text: text() } : {}) });
const SESSION_STATUS = t.enum(['UNDEFINED', 'STARTED', 'PENDING', 'IN_PROGRESS', 'COMPLETED', 'HIDDEN']);
const SESSION_DETAILS = t.enum([
	'Undefined',
	'AgentDetails',
	'DepartmentsDetails',
	'ContactDetails',
	'ChannelTypeDetails',
	'ClassificationDetails',
	'ChannelDetails',
]);
const STOP_BOT = t.shape({ stopBotInExecution: t.boolean() });
/** The messages or notes of one session: date windows and paging. */
const SESSION_HISTORY_QUERY = { ...DATE_WINDOWS('CreatedAt', 'UpdatedAt'), ...PAGE };
/** PublicQuickSendBodyDTO: the whole body of a send into a session (templateId is typed string, not uuid). */
const SESSION_SEND_BODY = t.shape({
	text: text(),
	templateId: text(),
	parameters: TEXT_MAP,
	fileUrl: text(),
	fileId: nullable(t.uuid()),
	refId: nullable(t.uuid()),
});

/** @type {(import('../contract').Endpoint & { service: 'chat' | 'core' })[]} */
const CHAT_ENDPOINTS = [
	{ service: 'chat', method: 'POST', path: '/v1/send/text', body: t.shape({ ...SEND_COMMON, text: required(t.string({ min: 1 })) }) },
	{ service: 'chat', method: 'POST', path: '/v1/send/image', body: MEDIA(true) },
	{ service: 'chat', method: 'POST', path: '/v1/send/video', body: MEDIA(true) },
	{ service: 'chat', method: 'POST', path: '/v1/send/audio', body: MEDIA(false) },
	{ service: 'chat', method: 'POST', path: '/v1/send/document', body: MEDIA(true) },
	{
		service: 'chat',
		method: 'POST',
		path: '/v1/send/template',
		body: t.shape({
			to: required(t.string({ min: 1 })),
			from: required(t.string({ min: 1 })),
			templateId: required(t.string({ min: 1 })),
			parameters: TEXT_MAP,
			fileIdOrUrl: text(),
			callbackUrl: text(),
			sessionId: nullable(t.uuid()),
			options: SEND_OPTIONS,
			senderId: text(),
			sessionMetadata: FREE_MAP,
		}),
	},
	{
		service: 'chat',
		method: 'POST',
		path: '/v1/send/chatbot',
		body: t.shape({
			botKey: nullable(t.uuid()),
			from: text(),
			to: text(),
			sessionId: nullable(t.uuid()),
			options: t.shape({
				skipIfBotInExecution: nullable(t.boolean()),
				skipIfInProgress: nullable(t.boolean()),
				forceStartSession: nullable(t.boolean()),
				hiddenSession: nullable(t.boolean()),
			}),
			sessionMetadata: FREE_MAP,
			contactMetadata: FREE_MAP,
			senderId: text(),
			callbackUrl: text(),
		}),
	},
	{ service: 'chat', method: 'GET', path: '/v1/send/message/{id}', params: { id: t.string() } },
	{ service: 'chat', method: 'GET', path: '/v1/send/chatbot/{id}', params: { id: t.string() } },
	{ service: 'chat', method: 'POST', path: '/v1/send/typing', body: t.shape({ sessionId: required(t.uuid()) }) },
	{
		service: 'chat',
		method: 'POST',
		path: '/v1/send/otp',
		body: t.shape({
			code: text(),
			templateId: text(),
			from: required(t.string({ min: 1 })),
			to: required(t.string({ min: 1 })),
			callbackUrl: text(),
			senderId: text(),
		}),
	},
	{ service: 'chat', method: 'GET', path: '/v1/send/otp/{id}', params: { id: t.string() } },
	{
		service: 'chat',
		method: 'GET',
		path: '/v1/message',
		query: { SessionId: required(t.uuid()), ...DATE_WINDOWS('CreatedAt', 'UpdatedAt'), ...PAGE },
	},
	{ service: 'chat', method: 'GET', path: '/v1/message/{id}', params: { id: t.uuid() } },
	{ service: 'chat', method: 'DELETE', path: '/v1/message/{id}', params: { id: t.uuid() } },
	{
		service: 'chat',
		method: 'GET',
		path: '/v2/session',
		query: {
			Status: t.list(SESSION_STATUS),
			DepartmentId: t.uuid(),
			UserId: t.uuid(),
			TagsId: t.list(t.uuid()),
			TagsName: t.list(t.string()),
			ChannelsId: t.list(t.uuid()),
			ContactId: t.uuid(),
			IncludeDetails: t.list(SESSION_DETAILS),
			Type: t.enum(['INDIVIDUAL', 'GROUP']),
			// an object in a query: read as ASP.NET binds a dictionary, `Metadata[key]=value` (the reference does not say)
			Metadata: t.map(nullable(t.string())),
			...DATE_WINDOWS('CreatedAt', 'UpdatedAt', 'EndAt', 'ActiveAt', 'LastInteractionAt'),
			...PAGE,
		},
	},
	{
		service: 'chat',
		method: 'GET',
		path: '/v2/session/{id}',
		params: { id: t.uuid() },
		query: { includeDetails: t.list(SESSION_DETAILS) },
	},
	{
		service: 'chat',
		method: 'PUT',
		path: '/v1/session/{id}/transfer',
		params: { id: t.uuid() },
		body: t.shape({
			type: required(t.enum(['DEPARTMENT', 'USER'])),
			newDepartmentId: nullable(t.uuid()),
			newUserId: nullable(t.uuid()),
			options: STOP_BOT,
		}),
	},
	{
		service: 'chat',
		method: 'PUT',
		path: '/v1/session/{id}/complete',
		params: { id: t.uuid() },
		body: t.shape({ reactivateOnNewMessage: t.boolean(), stopBotInExecution: t.boolean() }),
	},
	{
		service: 'chat',
		method: 'PUT',
		path: '/v2/session/{id}/partial',
		params: { id: t.uuid() },
		body: t.shape({
			fields: nullable(t.list(t.enum(SESSION_PARTIAL_FIELDS))),
			companyId: t.uuid(),
			status: nullable(SESSION_STATUS),
			endAt: nullable(t.dateTime()),
			number: nullable(t.string()),
			departmentId: nullable(t.uuid()),
			userId: nullable(t.uuid()),
			classification: t.shape({
				description: nullable(t.string()),
				category: nullable(t.enum(['UNDEFINED', 'WON', 'LOST', 'INFO', 'OTHER'])),
				amount: nullable(t.number()),
			}),
			metadata: FREE_MAP,
			options: STOP_BOT,
		}),
	},
	{
		service: 'chat',
		method: 'POST',
		path: '/v1/session/{id}/note',
		params: { id: t.uuid() },
		body: t.shape({ text: text(), filesUrls: nullable(t.list(t.string())), filesIds: nullable(t.list(t.uuid())) }),
	},
	{
		service: 'chat',
		method: 'PUT',
		path: '/v1/session/{id}/assignee',
		params: { id: t.uuid() },
		body: t.shape({ userId: required(t.uuid()), options: STOP_BOT }),
	},
	{
		service: 'chat',
		method: 'PUT',
		path: '/v1/session/{id}/status',
		params: { id: t.uuid() },
		body: t.shape({ newStatus: required(SESSION_STATUS), options: STOP_BOT }),
	},
	{ service: 'chat', method: 'GET', path: '/v1/session/{id}/message', params: { id: t.uuid() }, query: SESSION_HISTORY_QUERY },
	{ service: 'chat', method: 'POST', path: '/v1/session/{id}/message', params: { id: t.uuid() }, body: SESSION_SEND_BODY },
	{ service: 'chat', method: 'POST', path: '/v1/session/{id}/message/sync', params: { id: t.uuid() }, body: SESSION_SEND_BODY },
	{ service: 'chat', method: 'GET', path: '/v1/session/{id}/note', params: { id: t.uuid() }, query: SESSION_HISTORY_QUERY },
	{ service: 'chat', method: 'GET', path: '/v1/session/note/{id}', params: { id: t.uuid() } },
	{ service: 'chat', method: 'DELETE', path: '/v1/session/note/{id}', params: { id: t.uuid() } },
	{ service: 'chat', method: 'GET', path: '/v1/channel', query: { ChannelType: t.enum(['All', 'Whatsapp', 'Messenger', 'Instagram']) } },
	{
		service: 'chat',
		method: 'GET',
		path: '/v1/template',
		query: {
			Archived: t.boolean(),
			Name: t.string(),
			SearchableText: t.string(),
			ChannelId: t.uuid(),
			ApprovedOnly: t.boolean(),
			Type: t.enum(['QUICKREPLY', 'ATTENDANCE', 'CAMPAIGN', 'SEQUENCE', 'SCHEDULEDMESSAGE', 'AUTHENTICATION']),
			IncludeDetails: t.list(t.enum(['All', 'Params', 'File', 'Interactive'])),
			...DATE_WINDOWS('CreatedAt', 'UpdatedAt'),
			...PAGE,
		},
	},
	{
		service: 'chat',
		method: 'GET',
		path: '/v1/chatbot',
		query: {
			Name: t.string(),
			Types: t.list(t.enum(['Reactive', 'Automation'])),
			ChannelIds: t.list(t.uuid()),
			DefaultDepartmentIds: t.list(t.uuid()),
			PublishStatuses: t.list(t.enum(['Not_Published', 'Publishing', 'Ready', 'Failed'])),
			AutomationUsages: t.list(t.enum(['Api', 'Manual', 'Campaign', 'Sequence'])),
			...DATE_WINDOWS('CreatedAt', 'UpdatedAt'),
			...PAGE,
		},
	},
	{ service: 'core', method: 'GET', path: '/v1/tag' },
	{
		service: 'core',
		method: 'GET',
		path: '/v2/file',
		query: {
			Type: required(t.enum(['UNDEFINED', 'PDF', 'EXCEL', 'WORD', 'IMAGE', 'AUDIO', 'VIDEO', 'DOCUMENT'])),
			Name: required(t.string()),
			MimeType: t.string(),
		},
	},
	{ service: 'core', method: 'POST', path: '/v2/file', body: t.shape({ tempFileId: required(t.uuid()) }) },
];

module.exports = { CHAT_ENDPOINTS, SESSION_PARTIAL_FIELDS };
