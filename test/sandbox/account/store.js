'use strict';

/**
 * The account's own state, kept beside the core state it extends: what Helena knows of each user beyond
 * the name and e-mail of `state.users` (profile, availability, status, sessions), and the office hours.
 * Built on first use from the core state, like the chat and CRM stores.
 */

const { SEED_DATE_OF_USERS, DEMO_USERS, OFFICE_HOURS } = require('./demo');
const { storeBeside } = require('../besideState');

/** @param {import('../state').SandboxState} state */
function createAccount(state) {
	/** userId -> what the user list shows besides name and e-mail */
	const users = new Map();
	for (const user of state.users.values()) users.set(user.id, userDetails(DEMO_USERS[user.name] ?? {}, SEED_DATE_OF_USERS));
	return { users, officeHours: structuredClone(OFFICE_HOURS), logouts: [] };
}

/** The details of a user: what the demo or a create gave, with Helena's defaults. */
function userDetails(given, at) {
	return {
		createdAt: at,
		updatedAt: at,
		shortName: null,
		phoneNumber: null,
		profile: 'Agent',
		availability: 'AVAILABLE',
		status: 'Active',
		isOwner: false,
		...given,
	};
}

/** @type {(state: import('../state').SandboxState) => ReturnType<typeof createAccount>} */
const accountOf = storeBeside('account', createAccount);

module.exports = { accountOf, userDetails };
