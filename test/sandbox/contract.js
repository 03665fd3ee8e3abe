'use strict';

/**
 * The wire contract of Helena's core API, written once as data: for each endpoint, the query names
 * and body keys exactly as Helena's API reference (flwchat.readme.io) writes them, their types,
 * nullability, lengths, ranges and enum spellings. `contractCheck.js` holds every request the sandbox
 * receives against it; `npm run check:contract` holds this table against the vendor's OpenAPI
 * documents. An endpoint is added by adding an entry here.
 *
 * Types (`t.*` below): string, uuid, int32, number, boolean, dateTime, enum, list, map (a free object)
 * and shape (a closed object: only the listed keys). Anything nullable says so; a key is optional
 * unless `required`. Rules the reference states only in prose (a maximum in a description, which
 * key a record needs) are the stores' business, answered as the service answers them, not here.
 */

const nullable = (type) => ({ ...type, nullable: true });
const required = (type) => ({ ...type, required: true });

const t = {
	string: (bounds = {}) => ({ type: 'string', ...bounds }),
	uuid: () => ({ type: 'uuid' }),
	int32: (min = -2147483648, max = 2147483647) => ({ type: 'int32', min, max }),
	/** A JSON number (double), within the bounds the reference gives, if any. */
	number: (min, max) => ({ type: 'number', ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) }),
	boolean: () => ({ type: 'boolean' }),
	dateTime: () => ({ type: 'dateTime' }),
	/** @param {readonly string[]} values exact spellings */
	enum: (values) => ({ type: 'enum', values }),
	list: (of, bounds = {}) => ({ type: 'list', of, ...bounds }),
	/** A free map: property name to any value (or to `values` when given). */
	map: (values) => ({ type: 'map', values }),
	/** @param {Record<string, object>} keys */
	shape: (keys) => ({ type: 'shape', keys }),
};

/**
 * Admits, beside the reference's own reading, the other reading of a documented disagreement: extra enum
 * values the sandbox takes only while its `variation` switch plays that reading (see variations.js). The
 * disagreement must be listed in docs/api-disagreements.md (`npm run check:contract` holds it to that).
 * @param {object} type the reference's reading
 * @param {{ disagreement: string, variation: string, plays: string[], values: string[] }} other
 */
const otherReading = (type, other) => ({ ...type, otherReading: other });

/** The reference's page numbers start at 0 (Helena reads 0 as the first page). */
const PAGE_NUMBER = t.int32(0, 2147483647);
const PAGE_SIZE = t.int32(1, 100);

const CONTACT_STATUS = t.enum(['ACTIVE', 'ARCHIVED', 'BLOCKED']);
const CONTACT_ORIGIN = t.enum(['CREATED_BY_USER', 'CREATED_FROM_HUB', 'IMPORTED']);
const ORDER_DIRECTION = t.enum(['ASCENDING', 'DESCENDING']);
const CONTACT_DETAILS = t.enum(['Tags', 'CustomFields', 'Portfolios']);
const CONTACT_FIELDS = t.enum([
	'Name',
	'PhoneNumber',
	'Email',
	'Instagram',
	'Annotation',
	'Tags',
	'Status',
	'CustomFields',
	'PictureUrl',
	'Portfolio',
	'SequenceIds',
	'Utm',
	'Metadata',
]);

/**
 * The tag-removal value is the one known conflict inside an enum: the reference writes `DeleteIfExists`,
 * the older API spec `ExcluiIfExists`. The contract is the reference's; the spec's spelling is admitted
 * only while the sandbox's `tagRemoval` switch plays a service that reads it (`seed` or `both`).
 */
const TAG_REMOVAL = { seed: 'ExcluiIfExists', vendor: 'DeleteIfExists' };
const TAG_OPERATION = otherReading(t.enum(['InsertIfNotExists', TAG_REMOVAL.vendor, 'ReplaceAll']), {
	disagreement: 'Tag removal value',
	variation: 'tagRemoval',
	plays: ['seed', 'both'],
	values: [TAG_REMOVAL.seed],
});
const UPSERT_TAG_OPERATION = nullable(t.enum(['INSERTIFNOTEXISTS', 'DELETEIFEXISTS', 'REPLACEALL']));

const WEBHOOK_EVENTS = [
	'SESSION_NEW',
	'SESSION_UPDATE',
	'SESSION_COMPLETE',
	'MESSAGE_RECEIVED',
	'MESSAGE_UPDATED',
	'MESSAGE_SENT',
	'CONTACT_NEW',
	'CONTACT_UPDATE',
	'CONTACT_TAG_UPDATE',
	'PAYMENT_NEW',
	'PAYMENT_UPDATE',
	'PANEL_CARD_NEW',
	'PANEL_CARD_UPDATE',
	'PANEL_CARD_STEP_CHANGE',
	'PANEL_CARD_NOTE_NEW',
	'PANEL_CARD_NOTE_UPDATE',
];

/** Contact name, phone, e-mail and Instagram: up to 255 characters. */
const CONTACT_TEXT = nullable(t.string({ max: 255 }));

/** Writable contact keys of POST /v1/contact, shared by batch items. */
const CONTACT_WRITE_KEYS = {
	name: CONTACT_TEXT,
	phoneNumber: CONTACT_TEXT,
	email: CONTACT_TEXT,
	instagram: CONTACT_TEXT,
	annotation: nullable(t.string()),
	tagIds: nullable(t.list(t.uuid())),
	tagNames: nullable(t.list(t.string())),
	portfolioIds: nullable(t.list(t.uuid())),
	portfolioNames: nullable(t.list(t.string())),
	sequenceIds: nullable(t.list(t.uuid())),
	customFields: nullable(t.map()),
	metadata: nullable(t.map()),
};

const CREATE_OPTIONS = t.shape({
	upsert: t.boolean(),
	upsertFields: nullable(t.list(CONTACT_FIELDS)),
	upsertTagOperation: UPSERT_TAG_OPERATION,
	getIfExists: t.boolean(),
});

const CONTACT_UPDATE_BODY = t.shape({
	fields: nullable(t.list(CONTACT_FIELDS)),
	...CONTACT_WRITE_KEYS,
	status: nullable(CONTACT_STATUS),
	pictureUrl: nullable(t.string()),
	utm: t.shape(
		Object.fromEntries(
			['source', 'medium', 'campaign', 'content', 'headline', 'term', 'referralUrl'].map((key) => [key, nullable(t.string())]),
		),
	),
	options: t.shape({ tagsOperation: TAG_OPERATION }),
});

const TAGS_BODY = t.shape({
	tagNames: nullable(t.list(t.string())),
	tagIds: nullable(t.list(t.uuid())),
	operation: TAG_OPERATION,
});

/** The contact reads' `IncludeDetails`, repeated for several values. */
const CONTACT_READ_QUERY = { IncludeDetails: t.list(CONTACT_DETAILS) };

const DATE_RANGE = t.shape({ before: nullable(t.dateTime()), after: nullable(t.dateTime()) });

const DISTRIBUTION_CONFIG = t.shape({
	expirationIsEnabled: t.boolean(),
	maximumDurationInMinutes: t.int32(),
	inactivityTimeInMinutes: t.int32(),
});
const CHANNELS_CONFIG = t.shape({
	scope: nullable(t.enum(['ALL', 'NONE', 'SELECTED'])),
	channels: nullable(t.list(t.string())),
});
/** An agent of a new department names its user; an agents change may leave it out (the store refuses that). */
const NEW_AGENT = t.shape({ userId: required(t.uuid()), isAgent: t.boolean(), isSupervisor: t.boolean() });
const AGENT_CHANGE = t.shape({ userId: t.uuid(), isAgent: t.boolean(), isSupervisor: t.boolean() });

/** The department settings of create and update (update adds `fields` and has no `agents`). */
const DEPARTMENT_SETTINGS = {
	name: nullable(t.string({ min: 1, max: 100 })),
	isDefault: t.boolean(),
	distributionIsEnabled: t.boolean(),
	distributionConfig: DISTRIBUTION_CONFIG,
	restrictionType: nullable(t.enum(['NONE', 'DEPARTMENT_RESTRICTION', 'USER_RESTRICTION'])),
	channelsConfig: CHANNELS_CONFIG,
};
/** The names a department update's `fields` may hold (departments.js applies them). */
const DEPARTMENT_UPDATE_FIELDS = /** @type {const} */ ([
	'Name',
	'Description',
	'IsDefault',
	'DistributionIsEnabled',
	'ChannelsConfig',
	'RestrictionType',
	'DistributionConfig',
]);
const DEPARTMENT_FIELDS = t.enum(DEPARTMENT_UPDATE_FIELDS);

const SUBSCRIPTION_EVENTS = t.list(t.enum(WEBHOOK_EVENTS), { min: 1 });

/**
 * @typedef {object} Endpoint
 * @property {string} method
 * @property {string} path          as the reference writes it (with its version), `{param}` for path parameters
 * @property {Record<string, object>} [params]  path parameter types
 * @property {Record<string, object>} [query]   query parameter types (names exact-case)
 * @property {object} [body]        the body's type; absent = no body is sent
 */

/** @type {Endpoint[]} */
const ENDPOINTS = [
	{
		method: 'GET',
		path: '/v1/contact',
		query: {
			...CONTACT_READ_QUERY,
			Status: CONTACT_STATUS,
			'CreatedAt.Before': t.dateTime(),
			'CreatedAt.After': t.dateTime(),
			'UpdatedAt.Before': t.dateTime(),
			'UpdatedAt.After': t.dateTime(),
			PageNumber: PAGE_NUMBER,
			PageSize: PAGE_SIZE,
			OrderBy: t.string(),
			OrderDirection: ORDER_DIRECTION,
		},
	},
	{
		method: 'POST',
		path: '/v1/contact',
		body: t.shape({ ...CONTACT_WRITE_KEYS, options: CREATE_OPTIONS }),
	},
	{
		method: 'POST',
		path: '/v1/contact/filter',
		body: t.shape({
			pageNumber: PAGE_NUMBER,
			pageSize: PAGE_SIZE,
			orderBy: nullable(t.string()),
			orderDirection: nullable(ORDER_DIRECTION),
			createdAt: DATE_RANGE,
			updatedAt: DATE_RANGE,
			includeDetails: nullable(t.list(CONTACT_DETAILS)),
			status: nullable(CONTACT_STATUS),
			textFilter: nullable(t.string()),
			name: nullable(t.string()),
			phoneNumber: nullable(t.string()),
			email: nullable(t.string()),
			instagram: nullable(t.string()),
			tagIds: nullable(t.list(t.uuid())),
			tagNames: nullable(t.list(t.string())),
			portfolioIds: nullable(t.list(t.uuid())),
			portfolioNames: nullable(t.list(t.string())),
			origin: nullable(CONTACT_ORIGIN),
			customFields: nullable(t.map()),
			metadata: nullable(t.map(nullable(t.string()))),
		}),
	},
	{ method: 'GET', path: '/v1/contact/phonenumber/{phone}', params: { phone: t.string() }, query: CONTACT_READ_QUERY },
	{ method: 'PUT', path: '/v1/contact/phonenumber/{phone}', params: { phone: t.string() }, body: CONTACT_UPDATE_BODY },
	{ method: 'PUT', path: '/v2/contact/{id}', params: { id: t.uuid() }, body: CONTACT_UPDATE_BODY },
	{ method: 'GET', path: '/v1/contact/{id}', params: { id: t.uuid() }, query: CONTACT_READ_QUERY },
	{ method: 'POST', path: '/v1/contact/phonenumber/{phone}/tags', params: { phone: t.string() }, body: TAGS_BODY },
	// typed uuid, described as "contact ID or phone number": the contract holds the type
	{ method: 'POST', path: '/v1/contact/{id}/tags', params: { id: t.uuid() }, body: TAGS_BODY },
	{
		method: 'POST',
		path: '/v2/contact/batch',
		body: t.shape({
			items: required(t.list(t.shape(CONTACT_WRITE_KEYS), { min: 1, max: 100 })),
			options: CREATE_OPTIONS,
		}),
	},
	{ method: 'GET', path: '/v1/contact/custom-field', query: { NestedList: t.boolean() } },

	{ method: 'GET', path: '/v2/department' },
	{
		method: 'GET',
		path: '/v1/department/{id}',
		params: { id: t.uuid() },
		query: { includeDetails: t.enum(['All', 'Agents', 'Channels']) },
	},
	{ method: 'POST', path: '/v1/department', body: t.shape({ ...DEPARTMENT_SETTINGS, agents: nullable(t.list(NEW_AGENT)) }) },
	{
		method: 'PUT',
		path: '/v1/department/{id}',
		params: { id: t.uuid() },
		body: t.shape({ ...DEPARTMENT_SETTINGS, fields: required(t.list(DEPARTMENT_FIELDS)) }),
	},
	{ method: 'DELETE', path: '/v1/department/{id}', params: { id: t.uuid() } },
	{
		method: 'PUT',
		path: '/v1/department/{id}/agents',
		params: { id: t.uuid() },
		body: t.shape({ action: required(t.enum(['ReplaceAll', 'Upsert', 'Remove'])), items: required(t.list(AGENT_CHANGE)) }),
	},
	{ method: 'GET', path: '/v1/department/{id}/channel', params: { id: t.uuid() } },

	{ method: 'GET', path: '/v1/webhook/event' },
	{ method: 'GET', path: '/v1/webhook/subscription' },
	{
		method: 'POST',
		path: '/v1/webhook/subscription',
		body: t.shape({
			name: required(t.string({ min: 1, max: 100 })),
			url: required(t.string({ min: 1, max: 500 })),
			enabled: nullable(t.boolean()),
			events: required(SUBSCRIPTION_EVENTS),
		}),
	},
	{ method: 'GET', path: '/v1/webhook/subscription/{subscriptionId}', params: { subscriptionId: t.uuid() } },
	{
		method: 'PUT',
		path: '/v1/webhook/subscription/{subscriptionId}',
		params: { subscriptionId: t.uuid() },
		body: t.shape({
			fields: required(t.list(t.enum(['Name', 'Url', 'Events', 'Enabled']))),
			name: nullable(t.string({ max: 100 })),
			url: nullable(t.string({ max: 500 })),
			enabled: nullable(t.boolean()),
			events: nullable(SUBSCRIPTION_EVENTS),
		}),
	},
	{ method: 'DELETE', path: '/v1/webhook/subscription/{subscriptionId}', params: { subscriptionId: t.uuid() } },
];

/**
 * The contact vocabulary, for the store that applies what the contract admitted: one list of the names,
 * so that the two cannot drift apart.
 */
const CONTACT_VOCABULARY = {
	statuses: CONTACT_STATUS.values,
	origins: CONTACT_ORIGIN.values,
	updateFields: CONTACT_FIELDS.values,
	/** The body keys of a contact create or update (`fields` and `options` are read apart). */
	bodyKeys: [...Object.keys(CONTACT_WRITE_KEYS), 'status', 'pictureUrl', 'utm'],
};

module.exports = {
	ENDPOINTS,
	DEPARTMENT_UPDATE_FIELDS,
	TAG_REMOVAL,
	WEBHOOK_EVENTS,
	CONTACT_VOCABULARY,
	t,
	nullable,
	required,
	otherReading,
};
