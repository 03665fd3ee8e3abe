'use strict';

/**
 * The wire contract of the CRM service (`/crm/...`: panels, steps, lost reasons, cards and card notes)
 * and of the core endpoint that lists panel custom fields, as data in the same terms as contract.js.
 * Names, types, lengths and enum spellings are those of Helena's public reference (flwchat.readme.io);
 * every request body is closed (`additionalProperties: false`). The versions differ per endpoint, as
 * the reference gives them: lists, reads, creates and duplicates under /v2, the update under /v3, a
 * panel, its custom fields, lost reasons and card notes under /v1.
 */

const { t, nullable, required } = require('../contract');

const PAGE = {
	PageNumber: t.int32(0, 2147483647),
	PageSize: t.int32(1, 100),
	OrderBy: t.string(),
	OrderDirection: t.enum(['ASCENDING', 'DESCENDING']),
};
const DATE_WINDOWS = {
	'CreatedAt.Before': t.dateTime(),
	'CreatedAt.After': t.dateTime(),
	'UpdatedAt.Before': t.dateTime(),
	'UpdatedAt.After': t.dateTime(),
};
const CARD_STATUS = t.enum(['OPEN', 'WON', 'LOST', 'ARCHIVED']);
const CARD_DETAILS = t.enum(['PanelTitle', 'StepTitle', 'StepPhase', 'ResponsibleUser', 'Contacts', 'CustomFields', 'LostReason']);
const CARD_UPDATE_FIELDS = t.enum([
	'StepId',
	'Title',
	'Description',
	'Position',
	'DueDate',
	'ResponsibleUserId',
	'TagIds',
	'ContactIds',
	'SessionId',
	'MonetaryAmount',
	'Archived',
	'CustomFields',
	'Metadata',
	'Status',
]);
const DUPLICATE_FIELDS = t.enum([
	'Undefined',
	'All',
	'Amount',
	'DueDate',
	'Tags',
	'MonetaryAmount',
	'Contacts',
	'ResponsibleUser',
	'CustomFields',
	'Notes',
]);
const POSITION = { type: 'number', min: 0, max: 2147483647 };

/** @type {(import('../contract').Endpoint & { service: 'crm' | 'core' })[]} */
const CRM_ENDPOINTS = [
	{
		service: 'crm',
		method: 'GET',
		path: '/v2/panel',
		query: {
			Title: t.string(),
			Type: t.enum(['MANAGEMENT', 'SALES']),
			IncludeDetails: t.list(t.enum(['Tags', 'Steps', 'StepsCardCount', 'PanelCardOverdueCount'])),
			...DATE_WINDOWS,
			...PAGE,
		},
	},
	{
		service: 'crm',
		method: 'GET',
		path: '/v1/panel/{id}',
		params: { id: t.uuid() },
		query: { IncludeDetails: t.list(t.enum(['Tags', 'Steps', 'StepsFields', 'StepsCardCount', 'Cards'])) },
	},
	{ service: 'crm', method: 'GET', path: '/v1/panel/{id}/custom-fields', params: { id: t.uuid() }, query: { NestedList: t.boolean() } },
	{ service: 'crm', method: 'GET', path: '/v1/panel/{id}/lost-reason', params: { id: t.uuid() }, query: { ...DATE_WINDOWS, ...PAGE } },
	{
		service: 'crm',
		method: 'GET',
		path: '/v2/panel/card',
		query: {
			PanelId: required(t.uuid()),
			StepId: t.uuid(),
			ContactId: t.uuid(),
			ResponsibleUserId: t.uuid(),
			TextFilter: t.string(),
			IncludeDetails: t.list(CARD_DETAILS),
			Statuses: t.list(CARD_STATUS),
			...DATE_WINDOWS,
			...PAGE,
		},
	},
	{
		service: 'crm',
		method: 'POST',
		path: '/v2/panel/card',
		body: t.shape({
			stepId: required(t.uuid()),
			title: required(t.string({ min: 1, max: 500 })),
			description: nullable(t.string({ max: 8000 })),
			position: nullable(POSITION),
			dueDate: nullable(t.dateTime()),
			responsibleUserId: nullable(t.uuid()),
			tagIds: nullable(t.list(t.uuid())),
			tagNames: nullable(t.list(t.string())),
			contactIds: nullable(t.list(t.string())),
			sessionId: nullable(t.uuid()),
			monetaryAmount: nullable(t.number()),
			customFields: nullable(t.map()),
			metadata: nullable(t.map()),
		}),
	},
	{ service: 'crm', method: 'GET', path: '/v2/panel/card/{id}', params: { id: t.uuid() }, query: { IncludeDetails: t.list(CARD_DETAILS) } },
	{
		service: 'crm',
		method: 'POST',
		path: '/v2/panel/card/{id}/duplicate',
		params: { id: t.uuid() },
		body: t.shape({
			copyToStepId: nullable(t.uuid()),
			options: t.shape({ archiveOriginalCard: t.boolean(), fields: nullable(t.list(DUPLICATE_FIELDS)) }),
		}),
	},
	{
		service: 'crm',
		method: 'PUT',
		path: '/v3/panel/card/{id}',
		params: { id: t.string() },
		body: t.shape({
			fields: nullable(t.list(CARD_UPDATE_FIELDS)),
			stepId: nullable(t.uuid()),
			title: nullable(t.string({ max: 500 })),
			description: nullable(t.string({ max: 8000 })),
			position: nullable(POSITION),
			dueDate: nullable(t.dateTime()),
			responsibleUserId: nullable(t.uuid()),
			tagIds: nullable(t.list(t.uuid())),
			tagNames: nullable(t.list(t.string())),
			contactIds: nullable(t.list(t.uuid())),
			sessionId: nullable(t.uuid()),
			monetaryAmount: nullable(t.number()),
			status: nullable(CARD_STATUS),
			lostReasonId: nullable(t.uuid()),
			customFields: nullable(t.map()),
			metadata: nullable(t.map()),
			options: t.shape({ upsertTagOperation: nullable(t.enum(['InsertIfNotExists', 'DeleteIfExists', 'ReplaceAll'])) }),
		}),
	},
	{
		service: 'crm',
		method: 'GET',
		path: '/v1/panel/card/{cardId}/note',
		params: { cardId: t.uuid() },
		query: { ...DATE_WINDOWS, ...PAGE },
	},
	{
		service: 'crm',
		method: 'POST',
		path: '/v1/panel/card/{cardId}/note',
		params: { cardId: t.uuid() },
		body: t.shape({ text: nullable(t.string({ max: 8000 })), fileUrls: nullable(t.list(t.string(), { max: 3 })) }),
	},
	{
		service: 'crm',
		method: 'DELETE',
		path: '/v1/panel/card/{cardId}/note/{noteId}',
		params: { cardId: t.uuid(), noteId: t.uuid() },
	},
	{
		service: 'core',
		method: 'GET',
		path: '/v1/custom-field',
		query: { EntityType: t.enum(['CONTACT', 'PANEL']), NestedList: t.boolean() },
	},
];

module.exports = { CRM_ENDPOINTS };
