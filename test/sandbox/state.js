'use strict';

/**
 * @typedef {object} SandboxState
 * @property {string} companyId
 * @property {Map<string, any>} contacts        insertion-ordered, id -> contact record
 * @property {Map<string, {id: string, name: string}>} tags
 * @property {Map<string, {id: string, name: string}>} portfolios
 * @property {Map<string, any>} customFields    id -> definition (flat, ordered by position)
 * @property {Map<string, any>} departments
 * @property {Map<string, {id: string, number: string, name: string, type: string}>} channels
 * @property {Map<string, {id: string, name: string, email: string}>} users
 * @property {Map<string, any>} subscriptions
 * @property {{event: string, description: string}[]} events
 * @property {{ phone: Map<string,string>, email: Map<string,string>, instagram: Map<string,string>, customFieldKey: Map<string, any> }} index
 *   lookups kept in step with `contacts`/`customFields`; write through the API or the sandbox
 *   helpers, not by editing the maps directly
 * @property {number} version   bumped on every contact write; invalidates cached list orderings
 * @property {number} contactSeq insertion counter; each record's `seq` breaks createdAt ties
 * @property {number} phoneSeq  counter for generated phone numbers
 * @property {string} [origin]  the sandbox's own address once it listens (the demo history links to its pages)
 */

/** @param {string} companyId @returns {SandboxState} */
function createState(companyId) {
	return {
		companyId,
		contacts: new Map(),
		tags: new Map(),
		portfolios: new Map(),
		customFields: new Map(),
		departments: new Map(),
		channels: new Map(),
		users: new Map(),
		subscriptions: new Map(),
		events: [],
		index: { phone: new Map(), email: new Map(), instagram: new Map(), customFieldKey: new Map() },
		version: 0,
		contactSeq: 0,
		phoneSeq: 0,
	};
}

module.exports = { createState };
