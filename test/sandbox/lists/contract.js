'use strict';

/**
 * The wire contract of tags and portfolios (core) and sequences (chat), in the same terms as
 * ../contract.js, as the vendor's reference writes them. Every request body is closed. The portfolio
 * contact listing pages in its own way (`Page`, `Type`, `NextPageToken`, `SkipCount`).
 */

const { t, nullable, required } = require('../contract');

/** The palette of GET /v1/tag/color: family and shade, 100 (lightest) to 600 (darkest). */
const TAG_COLORS = ['BROWN', 'PURPLE', 'PINK', 'RED', 'YELLOW', 'GREEN', 'BLUE', 'SKY', 'GRAY'].flatMap((family) =>
	[100, 200, 300, 400, 500, 600].map((shade) => `${family}_${shade}`),
);
const TAG_COLOR = nullable(t.enum(TAG_COLORS));
const TAG_NAME = t.string({ min: 1, max: 255 });

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
const ONE_CONTACT = t.shape({ contactId: nullable(t.uuid()), phoneNumber: nullable(t.string()) });
const MANY_CONTACTS = t.shape({ contactIds: nullable(t.list(t.uuid())), phoneNumbers: nullable(t.list(t.string())) });

/** The portfolio contact listing's own paging kinds. */
const PORTFOLIO_PAGING_TYPES = ['Undefined', 'PageNumber', 'Timestamp', 'Token'];

const LISTS_ENDPOINTS = [
	{ service: 'core', method: 'GET', path: '/v1/tag/color' },
	{ service: 'core', method: 'POST', path: '/v1/tag', body: t.shape({ name: required(TAG_NAME), color: TAG_COLOR }) },
	{
		service: 'core',
		method: 'PUT',
		path: '/v1/tag/{id}',
		params: { id: t.uuid() },
		body: t.shape({ name: required(TAG_NAME), color: TAG_COLOR }),
	},
	{
		service: 'core',
		method: 'DELETE',
		path: '/v1/tag/{id}',
		params: { id: t.uuid() },
		body: t.shape({ removeFromContacts: nullable(t.boolean()) }),
	},

	{
		service: 'core',
		method: 'GET',
		path: '/v1/portfolio',
		query: { IncludeDetails: t.list(t.enum(['Departments', 'ContactCount'])), ...DATE_WINDOWS, ...PAGE },
	},
	{
		service: 'core',
		method: 'GET',
		path: '/v1/portfolio/{id}/contact',
		params: { id: t.uuid() },
		query: {
			'CreatedAt.Before': t.dateTime(),
			'CreatedAt.After': t.dateTime(),
			'CreatedAt.ApplyCompanyTimezone': t.boolean(),
			'CreatedAt.IsNull': t.boolean(),
			'UpdatedAt.Before': t.dateTime(),
			'UpdatedAt.After': t.dateTime(),
			'UpdatedAt.ApplyCompanyTimezone': t.boolean(),
			'UpdatedAt.IsNull': t.boolean(),
			ContactIds: t.list(t.uuid()),
			Page: t.int32(),
			PageSize: t.int32(),
			OrderBy: t.string(),
			OrderByDesc: t.string(),
			TimestampField: t.string(),
			TimestampFilter: t.dateTime(),
			NextPageToken: t.string(),
			Type: t.enum(PORTFOLIO_PAGING_TYPES),
			SkipCount: t.boolean(),
		},
	},
	{ service: 'core', method: 'POST', path: '/v1/portfolio/{id}/contact', params: { id: t.uuid() }, body: ONE_CONTACT },
	{ service: 'core', method: 'DELETE', path: '/v1/portfolio/{id}/contact', params: { id: t.uuid() }, body: ONE_CONTACT },
	{ service: 'core', method: 'POST', path: '/v1/portfolio/{id}/contact/batch', params: { id: t.uuid() }, body: MANY_CONTACTS },
	{ service: 'core', method: 'DELETE', path: '/v1/portfolio/{id}/contact/batch', params: { id: t.uuid() }, body: MANY_CONTACTS },

	{
		service: 'chat',
		method: 'GET',
		path: '/v1/sequence',
		query: {
			IncludeDetails: t.list(t.enum(['ContactExecutingCount', 'ExecutionStats'])),
			Name: t.string(),
			ContactId: t.uuid(),
			...DATE_WINDOWS,
			...PAGE,
		},
	},
	{ service: 'chat', method: 'POST', path: '/v1/sequence/{id}/contact', params: { id: t.uuid() }, body: ONE_CONTACT },
	{ service: 'chat', method: 'DELETE', path: '/v1/sequence/{id}/contact', params: { id: t.uuid() }, body: ONE_CONTACT },
	{ service: 'chat', method: 'POST', path: '/v1/sequence/{id}/contact/batch', params: { id: t.uuid() }, body: MANY_CONTACTS },
	{ service: 'chat', method: 'DELETE', path: '/v1/sequence/{id}/contact/batch', params: { id: t.uuid() }, body: MANY_CONTACTS },
	{
		service: 'chat',
		method: 'GET',
		path: '/v2/sequence/{id}/contact',
		params: { id: t.uuid() },
		query: {
			IncludeDetails: t.list(t.enum(['ContactDetails'])),
			Name: t.string(),
			ContactId: t.uuid(),
			PhoneNumber: t.string(),
			...DATE_WINDOWS,
			...PAGE,
		},
	},
];

module.exports = { LISTS_ENDPOINTS, TAG_COLORS, PORTFOLIO_PAGING_TYPES };
