'use strict';

/** GET /core/v1/company/officehours: the company's office hours (PublicCompanyOfficeHoursDTO). */

const { accountOf } = require('./store');

/** @param {import('../server').RouteContext} ctx */
function get(ctx) {
	return structuredClone(accountOf(ctx.state).officeHours);
}

module.exports = { get };
