'use strict';

/** The account's endpoints in the core service: users (agents) and office hours. */

const users = require('./users');
const officeHours = require('./officeHours');

const CORE_ROUTES_FOR_ACCOUNT = [
	['GET', '/v1/agent', users.list],
	['POST', '/v1/agent', users.create],
	['GET', '/v1/agent/:id', users.get],
	['PUT', '/v1/agent/:id', users.update],
	['DELETE', '/v1/agent/:id', users.remove],
	['POST', '/v1/agent/:id/departments', users.departments],
	['POST', '/v1/agent/:id/logout', users.logout],
	['POST', '/v1/agent/:id/status', users.status],
	['GET', '/v1/company/officehours', officeHours.get],
];

module.exports = { CORE_ROUTES_FOR_ACCOUNT };
