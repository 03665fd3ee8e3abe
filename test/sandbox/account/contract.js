'use strict';

/**
 * The account's endpoints in the core service (users, office hours), written once as data in the same
 * notation as ../contract.js. The custom-field definitions (`GET /core/v1/custom-field`) are in
 * ../crm/contract.js, beside the panels whose fields they also list.
 */

const { t, nullable, required } = require('../contract');

const PROFILES = t.enum(['Admin', 'Agent', 'RestrictedAgent']);
const AVAILABILITY = t.enum(['AVAILABLE', 'UNAVAILABLE']);
/** The names a user update's `fields` may hold (users.js applies them). */
const USER_UPDATE_FIELDS = /** @type {const} */ (['Undefined', 'Name', 'ShortName', 'PhoneNumber', 'Email', 'Profile', 'Availability']);
const SESSION_RESOLUTIONS = /** @type {const} */ (['COMPLETE', 'TRANSFER', 'RETURN_TO_PENDING']);
const USER_STATUSES = /** @type {const} */ (['Undefined', 'Active', 'Blocked']);
const DEPARTMENT_ACTIONS = /** @type {const} */ (['ReplaceAll', 'Upsert', 'Remove']);

const USER = { id: t.uuid() };

const ACCOUNT_ENDPOINTS = [
	{ service: 'core', method: 'GET', path: '/v1/agent' },
	{
		service: 'core',
		method: 'POST',
		path: '/v1/agent',
		body: t.shape({
			name: required(t.string({ min: 1, max: 100 })),
			email: nullable(t.string()),
			phoneNumber: nullable(t.string()),
			profile: required(PROFILES),
			availability: nullable(AVAILABILITY),
		}),
	},
	{ service: 'core', method: 'GET', path: '/v1/agent/{id}', params: USER },
	{
		service: 'core',
		method: 'PUT',
		path: '/v1/agent/{id}',
		params: USER,
		body: t.shape({
			name: nullable(t.string()),
			shortName: nullable(t.string()),
			email: nullable(t.string()),
			phoneNumber: nullable(t.string()),
			profile: PROFILES,
			availability: AVAILABILITY,
			fields: required(t.list(t.enum(USER_UPDATE_FIELDS))),
		}),
	},
	{
		service: 'core',
		method: 'DELETE',
		path: '/v1/agent/{id}',
		params: USER,
		body: t.shape({ sessionResolution: nullable(t.enum(SESSION_RESOLUTIONS)), transferUserId: nullable(t.uuid()) }),
	},
	{
		service: 'core',
		method: 'POST',
		path: '/v1/agent/{id}/departments',
		params: USER,
		body: t.shape({
			action: required(t.enum(DEPARTMENT_ACTIONS)),
			items: required(t.list(t.shape({ departmentId: required(t.string({ min: 1 })), isAgent: t.boolean(), isSupervisor: t.boolean() }))),
		}),
	},
	{ service: 'core', method: 'POST', path: '/v1/agent/{id}/logout', params: USER },
	{
		service: 'core',
		method: 'POST',
		path: '/v1/agent/{id}/status',
		params: USER,
		body: t.shape({ status: required(t.enum(USER_STATUSES)) }),
	},
	{ service: 'core', method: 'GET', path: '/v1/company/officehours' },
];

module.exports = {
	ACCOUNT_ENDPOINTS,
	USER_VOCABULARY: {
		profiles: PROFILES.values,
		availability: AVAILABILITY.values,
		updateFields: USER_UPDATE_FIELDS,
		sessionResolutions: SESSION_RESOLUTIONS,
		statuses: USER_STATUSES,
		departmentActions: DEPARTMENT_ACTIONS,
	},
};
