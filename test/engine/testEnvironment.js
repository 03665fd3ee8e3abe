// Jest's node environment, plus: the timers a test file leaves running are cleared when the file ends.
// n8n-core starts an interval it never clears (its SSH client manager looks for stale connections every minute,
// from the first node execution on). A live interval holds its closure, and through it the whole module registry
// of the test file that started it (n8n-core, n8n-workflow, the nodes: about 25 MB), so one jest worker kept every
// file it had run and spent ever more of its time collecting garbage. The file's tests are over by then.
const path = require('node:path');
const { promisify } = require('node:util');
const { TestEnvironment } = require('jest-environment-node');

class HelenaTestEnvironment extends TestEnvironment {
	constructor(config, context) {
		super(config, context);
		const global = this.global;
		// n8n-core keeps its settings in a user folder: one per worker inside the run's folder (test/engine/userFolder.js),
		// so that two workers starting at once never write and read one settings file together.
		global.process.env.N8N_USER_FOLDER = path.join(global.process.env.N8N_USER_FOLDER, `worker-${process.env.JEST_WORKER_ID}`);
		const { setTimeout, setInterval, setImmediate, clearTimeout, clearInterval, clearImmediate } = global;
		const live = { timeouts: new Set(), intervals: new Set(), immediates: new Set() };
		this.liveTimers = live;
		// A callback that fires once leaves the set when it fires; anything that is not a function goes to Node as is.
		const once = (start, handles) =>
			function (callback, ...rest) {
				if (typeof callback !== 'function') return start(callback, ...rest);
				const handle = start(
					function (...args) {
						handles.delete(handle);
						return callback.apply(this, args);
					},
					...rest,
				);
				handles.add(handle);
				return handle;
			};
		global.setTimeout = Object.assign(once(setTimeout, live.timeouts), { [promisify.custom]: setTimeout[promisify.custom] });
		global.setImmediate = Object.assign(once(setImmediate, live.immediates), { [promisify.custom]: setImmediate[promisify.custom] });
		global.setInterval = function (...args) {
			const handle = setInterval(...args);
			live.intervals.add(handle);
			return handle;
		};
		global.clearTimeout = (handle) => {
			live.timeouts.delete(handle);
			clearTimeout(handle);
		};
		global.clearInterval = (handle) => {
			live.intervals.delete(handle);
			clearInterval(handle);
		};
		global.clearImmediate = (handle) => {
			live.immediates.delete(handle);
			clearImmediate(handle);
		};
	}

	async teardown() {
		const { timeouts, intervals, immediates } = this.liveTimers;
		for (const handle of timeouts) clearTimeout(handle);
		for (const handle of intervals) clearInterval(handle);
		for (const handle of immediates) clearImmediate(handle);
		timeouts.clear();
		intervals.clear();
		immediates.clear();
		await super.teardown();
	}
}

module.exports = HelenaTestEnvironment;
