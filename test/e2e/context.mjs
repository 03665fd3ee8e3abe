// Shared by every e2e suite: one sandbox, one n8n user folder (the packed package installed the way users
// get it) and one n8n server per run. `e2e.executeWorkflow` runs a workflow in that server, as the editor's
// "Execute workflow" does, instead of starting an `n8n execute` process for it (1-secrets still runs the CLI:
// what it prints is its subject). Suites run in file-name order: the `1-*.mjs` ones run workflows to their end,
// `2-*.mjs` and `3-*.mjs` activate triggers and take deliveries (`e2e.server()`). A suite that mostly waits
// for n8n's schedule runs beside the others on a sandbox and n8n of its own (`e2e.beside`).
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before } from 'node:test';

import {
	DEFAULT_N8N_VERSION,
	N8n,
	ensureN8n,
	executionStatus,
	n8nProcessCount,
	packPackage,
	packageRoot,
	temporaryUserFolder,
} from '../../scripts/lib/n8n.mjs';
import { distProblems } from '../../scripts/lib/distFresh.mjs';
import { MCP_TOKEN_CREDENTIAL, credentialFor } from '../../scripts/lib/workflows.mjs';

const require = createRequire(import.meta.url);
const { startSandbox } = require('../sandbox/index.js');
const { contractLedger } = require('../sandbox/contractCheck.js');

export const API_KEY = 'e2e-secret-key-7d41c2';

/** Resolved by the set-up below with the tarball; the suites beside the others start then. */
let startBeside;
let setUpFinished = false;
const setUpDone = new Promise((resolve) => (startBeside = resolve));
/** The stories run beside the suites, and the sandboxes, user folders and servers they got. */
const besideRuns = [];
const besideOwn = [];

export const e2e = {
	version: DEFAULT_N8N_VERSION,
	/** @type {any} */ sandbox: undefined,
	/** @type {N8n} */ n8n: undefined,
	userFolder: undefined,
	serverStarted: false,

	/** Starts n8n once, signed in with a public-API key. Its log is at debug level, so suites can search all of it. */
	async server() {
		if (!this.serverStarted) {
			const env = this.n8n.extraEnv;
			this.n8n.extraEnv = { ...env, N8N_LOG_LEVEL: 'debug' };
			try {
				await this.n8n.start();
			} finally {
				this.n8n.extraEnv = env;
			}
			await this.n8n.signIn();
			await this.n8n.createApiKey();
			this.serverStarted = true;
		}
		return this.n8n;
	},

	/**
	 * Runs a workflow to its end from its Manual Trigger in the one server; returns what `n8n execute` would:
	 * { ok, code, runData, error, raw: { stdout: the run as JSON, stderr: the server's log meanwhile } }.
	 */
	async executeWorkflow(workflow) {
		if (!this.executeByCli) {
			try {
				return await (await this.server()).executeInServer(workflow);
			} catch (error) {
				if (!error.serverRunRefused) throw error;
				// an n8n whose internal REST API differs still runs every scenario, one CLI process each
				console.log(
					`# e2e: the server did not run workflow ${workflow.id} (${error.message.split('\n')[0].slice(0, 200)}); n8n execute runs each one`,
				);
				this.executeByCli = true;
			}
		}
		await this.n8n.importWorkflow(workflow);
		return await this.n8n.execute(workflow.id);
	},

	/**
	 * A workflow's executions once at least `count` have finished, each with its `status` on every n8n line
	 * (1.85 leaves `status` out of the public API's list: see executionStatus).
	 */
	async finishedExecutions(workflowId, count) {
		const list = await this.eventually(
			async () => (await this.n8n.api('GET', `/executions?workflowId=${workflowId}&includeData=true`)).data,
			(executions) => executions.length >= count && executions.every((execution) => execution.finished || execution.stoppedAt),
		);
		return list.map((execution) => ({ ...execution, status: executionStatus(execution) }));
	},

	/** n8n 2.x (un)registers webhooks after the activate call has answered; poll what should become true. */
	async eventually(read, accept, { timeoutMs = 15_000, intervalMs = 200 } = {}) {
		const deadline = Date.now() + timeoutMs;
		let value = await read();
		while (!accept(value) && Date.now() < deadline) {
			await new Promise((resolve) => setTimeout(resolve, intervalMs));
			value = await read();
		}
		return value;
	},

	/**
	 * Stops the sandbox, runs `whileDown`, and starts a fresh one on the same address and key: its state
	 * (subscriptions too) is gone, as after a restart of Helena's service.
	 */
	async restartSandbox(whileDown = async () => {}) {
		const port = Number(new URL(this.sandbox.url).port);
		await this.sandbox.close();
		try {
			await whileDown();
		} finally {
			this.sandbox = await startSandbox({ port, apiKey: API_KEY });
		}
		return this.sandbox;
	},

	/**
	 * Runs a suite beside the others: `setUp(own)`, then each of `steps` after the one before it (whatever that
	 * one's outcome, as tests in a row), then `tearDown(own)`, once the shared set-up is done, on a sandbox and an
	 * n8n server of its own (a user folder with the package installed the same way, the sandbox credential, an
	 * owner and a public-API key, a debug log). `own` is this object for that sandbox and server. Returns for
	 * each step a function for its test: it resolves or throws as the step did (a failed set-up fails them all),
	 * and reports the step's own time.
	 * For suites whose time goes into waiting (for n8n's schedule, a quiet time) or that stop and start their
	 * n8n: the other suites go on meanwhile.
	 */
	beside(setUp, steps, tearDown = async () => {}) {
		const outcomes = steps.map(() => {
			const outcome = {};
			outcome.promise = new Promise((resolve, reject) => Object.assign(outcome, { resolve, reject }));
			outcome.promise.catch(() => {}); // its test reports it
			return outcome;
		});
		const run = setUpDone.then(async (tarball) => {
			const sandbox = await startSandbox({ port: 0, apiKey: API_KEY });
			const userFolder = temporaryUserFolder(tarball);
			// its own ports: the shared server holds port and port + 1, 1-secrets and 2-readme-install port + 2 and + 3
			const n8n = new N8n({
				install: this.n8n.install,
				userFolder: userFolder.folder,
				port: this.n8n.port + 4 + 2 * besideOwn.length,
				owner: this.n8n.owner,
				env: { N8N_LOG_LEVEL: 'debug' },
			});
			besideOwn.push({ sandbox, userFolder, n8n });
			await n8n.importCredentials([credentialFor(sandbox)]);
			const own = Object.assign(Object.create(this), { sandbox, n8n, userFolder, serverStarted: false });
			await own.server();
			await setUp(own);
			for (const [index, step] of steps.entries()) {
				const started = Date.now();
				await step().then(() => outcomes[index].resolve(Date.now() - started), outcomes[index].reject);
			}
			await tearDown(own);
		});
		run.catch((error) => {
			outcomes.forEach((outcome) => outcome.reject(error));
			console.log(`# e2e: a suite beside the others failed: ${error.message.split('\n')[0]}`);
		});
		// the run ends once every suite beside has
		besideRuns.push(run.catch(() => {}));
		// its test ends when the step has, often at once: the report says how long the step itself took
		return outcomes.map((outcome) => async (t) => {
			const ms = await outcome.promise;
			t.diagnostic(`ran beside the others in ${(ms / 1000).toFixed(1)}s`);
		});
	},

	subscriptionCount(count, options) {
		return this.eventually(
			() => this.sandbox.state.subscriptions.size,
			(size) => size === count,
			options,
		);
	},
};

before(async () => {
	console.log(`# e2e: n8n ${e2e.version}`);
	const install = ensureN8n(e2e.version);
	// `npm test` has just built dist/: built again only when a source is newer (or dist/ is incomplete)
	const stale = distProblems(packageRoot);
	if (!stale.length) console.log('# e2e: dist/ is the build of the current sources; packed as it is');
	const tarball = packPackage({ build: stale.length > 0 });
	e2e.userFolder = temporaryUserFolder(tarball);
	e2e.sandbox = await startSandbox({ port: 0, apiKey: API_KEY });
	e2e.n8n = new N8n({
		install,
		userFolder: e2e.userFolder.folder,
		port: Number(process.env.HELENA_E2E_PORT ?? 5690 + (install.major - 1) * 10),
		owner: { email: 'e2e@helena.test', password: 'E2e-password-1' },
	});
	// with the bearer token of the MCP Server Trigger example (2-mcp-server.mjs): one import command for both
	await e2e.n8n.importCredentials([credentialFor(e2e.sandbox), MCP_TOKEN_CREDENTIAL]);
	setUpFinished = true;
	startBeside(tarball);
});

after(async () => {
	// (after a failed set-up none started)
	if (setUpFinished) await Promise.all(besideRuns);
	for (const own of besideOwn) {
		await own.n8n.stop();
		await own.sandbox.close();
		own.userFolder.cleanup();
	}
	await e2e.n8n?.stop();
	const starts = Object.entries(n8nProcessCount);
	console.log(
		`# e2e: ${starts.reduce((sum, [, count]) => sum + count, 0)} n8n processes (${starts.map(([command, count]) => `${command} ${count}`).join(', ')})`,
	);
	await e2e.sandbox?.close();
	e2e.userFolder?.cleanup();
	// every request n8n sent to any sandbox of this run was held against the contract
	const { validated, violations, examples } = contractLedger();
	console.log(`# e2e contract: ${validated} requests validated, ${violations} violations`);
	assert.equal(violations, 0, `requests outside the Helena contract:\n${examples.join('\n')}`);
});
