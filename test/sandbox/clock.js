'use strict';

/**
 * The sandbox's clock: what `createdAt`/`updatedAt` say. Real time unless a test sets it, so a
 * polling client can meet what the real service can produce: several changes in one millisecond
 * (freeze it), a day passing (move it on), or a change that becomes visible after later ones were
 * already listed (set it back: a write that committed late carries an earlier time).
 */

/** @type {{ frozenAt?: number, offsetMs: number }} */
const setting = { frozenAt: undefined, offsetMs: 0 };

function now() {
	return setting.frozenAt ?? Date.now() + setting.offsetMs;
}

/**
 * @param {{ at?: string, frozen?: boolean, advanceMs?: number, real?: boolean }} change
 *   at: the clock reads this time now; frozen: it stays there (or at the current reading) until
 *   moved; advanceMs: move it on (or back, negative); real: back to the machine's clock.
 */
function setClock(change = {}) {
	if (change.real) {
		setting.frozenAt = undefined;
		setting.offsetMs = 0;
	}
	if (change.at !== undefined) {
		const at = Date.parse(change.at);
		if (Number.isNaN(at)) throw new Error(`clock: not a date: ${change.at}`);
		// frozen at a given time: exactly that time (reading the machine's clock twice would add the time between)
		if (setting.frozenAt !== undefined || change.frozen === true) setting.frozenAt = at;
		else setting.offsetMs = at - Date.now();
	}
	if (change.frozen === true && setting.frozenAt === undefined) setting.frozenAt = now();
	if (change.frozen === false && setting.frozenAt !== undefined) {
		setting.offsetMs = setting.frozenAt - Date.now();
		setting.frozenAt = undefined;
	}
	if (change.advanceMs) {
		if (setting.frozenAt !== undefined) setting.frozenAt += change.advanceMs;
		else setting.offsetMs += change.advanceMs;
	}
	return { now: new Date(now()).toISOString(), frozen: setting.frozenAt !== undefined };
}

/** The clock's reading as an HTTP Date header (whole seconds, as real servers send it). */
function httpDate() {
	return new Date(now()).toUTCString();
}

module.exports = { now, setClock, httpDate };
