'use strict';

/**
 * Holding requests on demand: a matching /core or /chat request waits, unanswered and unapplied, until the
 * test releases the hold. Lets a test keep its clients busy until something else has happened (for example,
 * two n8n workers each in the middle of a run) instead of hoping for the timing.
 */

class Holds {
	constructor() {
		/** @type {Array<{ method?: string, path?: string|RegExp, gate: Promise<void>, waiting: string[] }>} */
		this.rules = [];
		/** @type {Set<() => void>} */
		this.releases = new Set();
	}

	/**
	 * @param {{ method?: string, path?: string|RegExp }} [match] every request when empty
	 * @returns {{ waiting: string[], release: () => void }} `waiting`: the decoded paths held so far, in arrival order
	 */
	add({ method, path } = {}) {
		let open = () => {};
		const gate = new Promise((resolve) => (open = resolve));
		const rule = { method: method?.toUpperCase(), path, gate, waiting: [] };
		this.rules.push(rule);
		const release = () => {
			this.rules = this.rules.filter((r) => r !== rule);
			this.releases.delete(release);
			open();
		};
		this.releases.add(release);
		return { waiting: rule.waiting, release };
	}

	/** Resolves when no hold matches the request any longer. */
	async wait(method, decodedPath) {
		for (const rule of this.rules) {
			if ((rule.method && rule.method !== method) || !matches(rule.path, decodedPath)) continue;
			rule.waiting.push(decodedPath);
			await rule.gate;
		}
	}

	releaseAll() {
		for (const release of [...this.releases]) release();
	}
}

function matches(path, decodedPath) {
	if (path === undefined || path === null || path === '') return true;
	if (path instanceof RegExp) return path.test(decodedPath);
	return decodedPath.startsWith(path);
}

module.exports = { Holds };
