'use strict';

/**
 * The stores kept beside the core state (chat, CRM, lists, account, scheduled messages): each made on first use
 * for a state and forgotten with it, so a reset (a new state) makes new ones. They are registered here by name,
 * so that a saved sandbox (persist.js) holds every one of them and puts each back beside the state it restores.
 */

/** @type {Map<string, { of: (state: object) => any, adopt: (state: object, store: any) => void }>} */
const registry = new Map();

/**
 * @template T
 * @param {string} name
 * @param {(state: any, keep: (store: T) => void) => T} make builds the store of a state; `keep(store)` makes it
 *   the state's before `make` returns (a store whose seeding looks itself up)
 * @returns {(state: any) => T}
 */
function storeBeside(name, make) {
	/** @type {WeakMap<object, T>} */
	const stores = new WeakMap();
	const of = (state) => {
		if (!stores.has(state))
			stores.set(
				state,
				make(state, (early) => stores.set(state, early)),
			);
		return /** @type {T} */ (stores.get(state));
	};
	registry.set(name, { of, adopt: (state, store) => stores.set(state, store) });
	return of;
}

/** Every store of `state` by name (made now when not yet). */
function storesOf(state) {
	return Object.fromEntries([...registry].map(([name, { of }]) => [name, of(state)]));
}

/** Puts saved stores beside `state`; one that was not saved is made on first use, as for a new state. */
function adoptStores(state, saved) {
	for (const [name, { adopt }] of registry) if (saved[name]) adopt(state, saved[name]);
}

module.exports = { storeBeside, storesOf, adoptStores };
