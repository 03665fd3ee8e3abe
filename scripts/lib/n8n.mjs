// Runs the package inside a real n8n: install n8n once into a cache folder, load the packed package the
// way users get it (the tarball installed into ~/.n8n/nodes by the README's commands), import credentials
// and workflows, run workflows headless, or start the server. Shared by `npm start`, the e2e suite and the
// benchmarks.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import {
	appendFileSync,
	closeSync,
	existsSync,
	mkdtempSync,
	openSync,
	readFileSync,
	readdirSync,
	rmSync,
	statSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { runReadmeInstall } from './readmeInstall.mjs';

export const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DEFAULT_N8N_VERSION = process.env.HELENA_N8N_VERSION ?? createRequire(import.meta.url)('./n8nVersions.cjs').DEFAULT;

const log = (message) => process.stderr.write(`${message}\n`);

const installScript = path.join(packageRoot, 'scripts/install-n8n.sh');

/** The folder install-n8n.sh installs n8n into (each version in a folder of its own). */
export function cacheRoot() {
	return process.env.HELENA_N8N_CACHE || path.join(process.env.HOME ?? '', '.cache/n8n-nodes-helena');
}

/** The folder install-n8n.sh installs `version` into, and whether a finished install is there. */
export function n8nCacheDir(version = DEFAULT_N8N_VERSION) {
	const dir = path.join(cacheRoot(), `n8n-${version}`);
	return { dir, installed: existsSync(path.join(dir, '.installed')) };
}

function describeInstall(version, dir) {
	const nodeBinFile = path.join(dir, '.node-bin');
	const nodeBin = existsSync(nodeBinFile) ? readFileSync(nodeBinFile, 'utf8').trim() : undefined;
	return { version, dir, bin: path.join(dir, 'node_modules/n8n/bin/n8n'), nodeBin, major: Number(version.split('.')[0]) };
}

/** Installs n8n `version` once (minutes the first time), checks that it runs, and returns how to run it. */
export function ensureN8n(version = DEFAULT_N8N_VERSION) {
	const dir = execFileSync('bash', [installScript, version], { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' })
		.trim()
		.split('\n')
		.pop();
	return describeInstall(version, dir);
}

/**
 * Like ensureN8n, without blocking the event loop, so a signal handler can stop the install: `stop()` ends the
 * script and whatever it runs at that moment (npm, the install check's n8n), which form a process group of their own.
 */
export function installN8n(version = DEFAULT_N8N_VERSION) {
	const child = spawn('bash', [installScript, version], { stdio: ['ignore', 'pipe', 'inherit'], detached: true });
	const stop = () => {
		try {
			process.kill(-child.pid, 'SIGTERM');
		} catch {
			// already gone
		}
	};
	let stdout = '';
	child.stdout.on('data', (chunk) => (stdout += chunk));
	const done = new Promise((resolve, reject) => {
		child.on('exit', (code, signal) => {
			if (code === 0) resolve(describeInstall(version, stdout.trim().split('\n').pop()));
			else reject(new Error(signal ? `the n8n install was stopped (${signal})` : `installing n8n ${version} failed (see the lines above)`));
		});
	});
	return { done, stop };
}

/**
 * n8n reports a command it failed to load as "Command not found", and a broken native module only when it
 * opens the database: run the install check to find the real cause.
 */
export function diagnoseInstall(install) {
	try {
		execFileSync('bash', [path.join(packageRoot, 'scripts/verify-n8n.sh'), install.dir], {
			stdio: ['ignore', 'ignore', 'pipe'],
			encoding: 'utf8',
		});
		return undefined;
	} catch (error) {
		const reason = String(error.stderr ?? error.message)
			.trim()
			.split('\n')
			.pop();
		return `${reason}\nThe n8n install in ${install.dir} is broken. What to do: remove it (rm -rf ${install.dir}) and run the command again; it is reinstalled.`;
	}
}

/** Builds and packs this package once per process; returns the tarball path. */
let packed;
export function packPackage({ build = true } = {}) {
	if (packed) return packed;
	const out = packFolder();
	if (build) log('Building the package (npm run build)...');
	for (const [command, args] of packCommands(build, out)) {
		execFileSync(command, args, { cwd: packageRoot, stdio: ['ignore', 'ignore', 'inherit'] });
	}
	return (packed = tarballIn(out));
}

/**
 * packPackage without blocking the event loop, so the caller can show progress and a signal handler can stop
 * it: `onSpawn` gets each child process (the build, then npm pack) as it starts, each the leader of a process
 * group of its own (npm leaves the compiler running when it is stopped alone: stop the group, `kill(-pid)`).
 */
export async function packPackageAsync({ build = true, onSpawn } = {}) {
	if (packed) return packed;
	const out = packFolder();
	for (const [command, args] of packCommands(build, out)) {
		await new Promise((resolve, reject) => {
			const child = spawn(command, args, { cwd: packageRoot, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
			onSpawn?.(child);
			child.on('error', reject);
			child.on('exit', (code, signal) =>
				code === 0
					? resolve()
					: reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit code ${code}`}); its errors are above`)),
			);
		});
	}
	return (packed = tarballIn(out));
}

function packFolder() {
	const out = mkdtempSync(path.join(tmpdir(), 'helena-tgz-'));
	// The tarball is only needed while this process installs it into user folders.
	process.once('exit', () => rmSync(out, { recursive: true, force: true }));
	return out;
}

function packCommands(build, out) {
	return [...(build ? [['npm', ['run', '--silent', 'build']]] : []), ['npm', ['pack', '--silent', '--pack-destination', out]]];
}

function tarballIn(out) {
	return path.join(
		out,
		readdirSync(out).find((file) => file.endsWith('.tgz')),
	);
}

/**
 * A user folder with the package installed as a community package (types n8n-nodes-helena.*), by the README's
 * install commands run with the folder as HOME.
 */
export function prepareUserFolder(userFolder, tarball) {
	runReadmeInstall(userFolder, tarball, { npmCacheDir: path.join(cacheRoot(), 'npm-cache') });
	return userFolder;
}

/**
 * n8n 1.123 evaluates expressions in its "vm" engine, built on the native add-on isolated-vm, which comes prebuilt
 * for Node 22 and 24 only (install-n8n.sh builds no add-on but sqlite3): on Node 20, n8n 1.123.81 stops at its first
 * command with "Could not initialize the vm expression engine" (docs/development.md). Only where the add-on does
 * not load is n8n given its legacy engine (n8n then warns that it is no longer considered secure).
 */
export function vmExpressionEngineMissing(install, nodeExecutable) {
	if (install.vmEngineMissing === undefined) {
		// the engine's package, in the n8n versions that have it (not 1.85), and the add-on as it resolves it
		const engine = path.join(install.dir, 'node_modules/@n8n/expression-runtime');
		const load = `require(require.resolve('isolated-vm', { paths: [${JSON.stringify(engine)}] }))`;
		install.vmEngineMissing = existsSync(engine) && spawnSync(nodeExecutable, ['-e', load], { stdio: 'ignore' }).status !== 0;
	}
	return install.vmEngineMissing;
}

/** How many n8n processes this process started, by command (`execute`, `import:workflow`, `start`, ...). */
export const n8nProcessCount = {};
const counted = (command) => (n8nProcessCount[command] = (n8nProcessCount[command] ?? 0) + 1);

export class N8n {
	/**
	 * @param {{ install: ReturnType<typeof ensureN8n>, userFolder: string, port?: number, env?: Record<string,string> }} options
	 */
	constructor({ install, userFolder, port = 5678, env = {}, owner, nodeArgs = [] }) {
		this.install = install;
		this.nodeArgs = nodeArgs;
		this.owner = owner;
		this.userFolder = userFolder;
		this.port = port;
		this.url = `http://127.0.0.1:${port}`;
		this.extraEnv = env;
	}

	env() {
		const env = {
			...process.env,
			N8N_USER_FOLDER: this.userFolder,
			N8N_ENCRYPTION_KEY: 'helena-e2e-encryption-key',
			N8N_DIAGNOSTICS_ENABLED: 'false',
			N8N_PERSONALIZATION_ENABLED: 'false',
			N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
			N8N_TEMPLATES_ENABLED: 'false',
			N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
			N8N_RUNNERS_ENABLED: 'false',
			N8N_LISTEN_ADDRESS: '127.0.0.1',
			N8N_PORT: String(this.port),
			N8N_RUNNERS_BROKER_PORT: String(this.port + 1),
			WEBHOOK_URL: `${this.url}/`,
			N8N_SECURE_COOKIE: 'false',
			N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
			N8N_BLOCK_ENV_ACCESS_IN_NODE: 'false',
			DB_SQLITE_POOL_SIZE: '2',
			...this.extraEnv,
		};
		if (vmExpressionEngineMissing(this.install, this.nodeExecutable())) env.N8N_EXPRESSION_ENGINE = 'legacy';
		if (this.install.major >= 2 && this.owner) Object.assign(env, this.ownerFromEnv());
		if (this.install.nodeBin) env.PATH = `${this.install.nodeBin}:${env.PATH}`;
		return env;
	}

	nodeExecutable() {
		return this.install.nodeBin ? path.join(this.install.nodeBin, 'node') : process.execPath;
	}

	/**
	 * Runs an n8n CLI command to completion; resolves with { code, stdout, stderr }. With `stdoutFile` the
	 * child writes its stdout straight into that file (stdout is then '' here): a file write cannot be cut
	 * short by the child exiting, a pipe can.
	 */
	run(args, { timeoutMs = 180_000, onSpawn, stdoutFile } = {}) {
		return new Promise((resolve, reject) => {
			counted(args[0]);
			const stdoutFd = stdoutFile ? openSync(stdoutFile, 'w') : undefined;
			let child;
			try {
				child = spawn(this.nodeExecutable(), [...this.nodeArgs, this.install.bin, ...args], {
					env: this.env(),
					stdio: ['ignore', stdoutFd ?? 'pipe', 'pipe'],
				});
			} finally {
				// the child holds its own copy of the descriptor
				if (stdoutFd !== undefined) closeSync(stdoutFd);
			}
			onSpawn?.(child);
			let stdout = '';
			let stderr = '';
			child.stdout?.on('data', (chunk) => (stdout += chunk));
			child.stderr.on('data', (chunk) => (stderr += chunk));
			const timer = setTimeout(() => {
				child.kill('SIGKILL');
				reject(new Error(`n8n ${args.join(' ')} did not finish in ${timeoutMs / 1000}s\n${stdout}\n${stderr}`));
			}, timeoutMs);
			// 'close', not 'exit': only then has everything the child wrote to its pipes been read
			child.on('close', (code) => {
				clearTimeout(timer);
				resolve({ code, stdout, stderr });
			});
		});
	}

	async runOrThrow(args, options) {
		const result = await this.run(args, options);
		if (result.code !== 0) {
			const output = `${result.stdout}\n${result.stderr}`.trim();
			throw new Error(`n8n ${args[0]} exited with ${result.code}: ${output.slice(-3000)}${this.diagnosis(output)}`);
		}
		return result;
	}

	/** The real cause when n8n's own message hides it (a command that did not load, sqlite3 not built). */
	diagnosis(output) {
		if (
			!/Command "[^"]+" not found|SQLite package has not been found|Cannot find module|ERR_PACKAGE_PATH_NOT_EXPORTED|ERR_DLOPEN_FAILED/.test(
				output,
			)
		)
			return '';
		const cause = diagnoseInstall(this.install);
		return cause ? `\nThe real cause: ${cause}` : '';
	}

	async importCredentials(credentials, options) {
		const file = path.join(this.userFolder, 'import-credentials.json');
		writeFileSync(file, JSON.stringify(credentials));
		await this.runOrThrow(['import:credentials', `--input=${file}`], options);
	}

	async importWorkflow(workflow) {
		const file = path.join(this.userFolder, `import-workflow-${workflow.id}.json`);
		writeFileSync(file, JSON.stringify(workflow));
		await this.runOrThrow(['import:workflow', `--input=${file}`]);
	}

	/**
	 * Several workflows in one CLI run (one n8n boot instead of one per workflow): `import:workflow` reads a file
	 * that holds an array of workflows on every n8n this package supports (1.85.3, 1.123.81, 2.41.1).
	 */
	async importWorkflows(workflows, options) {
		const file = path.join(this.userFolder, 'import-workflows.json');
		writeFileSync(file, JSON.stringify(workflows));
		await this.runOrThrow(['import:workflow', `--input=${file}`], options);
	}

	/**
	 * `n8n execute --rawOutput`; returns { ok, code, runData, error, raw }. The output goes to a file and is
	 * read whole, whatever its size. An exit 0 whose output cannot be read throws an error that names the
	 * workflow, the exit code, the output size and the file (kept for a look); after a failed exit the
	 * result carries the same text as `unreadable`.
	 */
	async execute(workflowId, options = {}) {
		const outputFile = path.join(this.userFolder, `execute-${workflowId}-${process.pid}-${Date.now()}.out`);
		const { code, stderr } = await this.run(['execute', `--id=${workflowId}`, '--rawOutput'], { ...options, stdoutFile: outputFile });
		const { stdout, data, problem } = readExecuteOutput(outputFile);
		const unreadable = problem
			? `The output of n8n execute --id=${workflowId} could not be read: ${problem} (exit code ${code}, ${statSync(outputFile).size} bytes of output in ${outputFile})`
			: undefined;
		if (unreadable && code === 0) throw new Error(`${unreadable}\n${stderr.slice(-2000)}${this.diagnosis(`${stdout}\n${stderr}`)}`);
		if (!unreadable) rmSync(outputFile, { force: true });
		return {
			ok: code === 0,
			code,
			runData: data?.data?.resultData?.runData,
			error: data?.data?.resultData?.error,
			unreadable,
			raw: { stdout, stderr },
		};
	}

	/**
	 * Runs a workflow in the running server (`start()`, then `signIn()` and `createApiKey()`) the way the editor's
	 * "Execute workflow" does: saved through the REST API (n8n 1.x gives it an ID of its own), started from the node
	 * `n8n execute` starts from, and read back from the public API once it has finished. No n8n process is started
	 * for it. Returns what `execute` returns: `raw.stdout` holds the run as `n8n execute --rawOutput` prints it,
	 * `raw.stderr` what the server logged meanwhile.
	 */
	async executeInServer(workflow, { timeoutMs = 180_000 } = {}) {
		const logFrom = this.logs.length;
		const start = cliStartNode(workflow.nodes);
		if (!start) throw new Error(`workflow ${workflow.id} has no node that n8n execute starts from (a Manual Trigger)`);
		let started;
		try {
			const saved = await this.rest('POST', '/workflows', { ...workflow, active: false });
			started = await this.rest('POST', `/workflows/${saved.id}/run`, { workflowData: saved, triggerToStartFrom: { name: start.name } });
		} catch (error) {
			// the REST API is n8n's own, not a public contract: an n8n that answers otherwise is told apart
			throw /^n8n REST /.test(error.message) ? Object.assign(error, { serverRunRefused: true }) : error;
		}
		if (!started?.executionId)
			throw Object.assign(new Error(`n8n did not start workflow ${workflow.id}: ${JSON.stringify(started)}`), { serverRunRefused: true });
		const deadline = Date.now() + timeoutMs;
		let execution;
		for (;;) {
			execution = await this.api('GET', `/executions/${started.executionId}?includeData=true`).catch((error) => {
				// a run still in memory is not in the database yet
				if (/: 404 /.test(error.message)) return undefined;
				throw error;
			});
			if (execution && (execution.finished || execution.stoppedAt || execution.waitTill)) break;
			if (Date.now() > deadline)
				throw new Error(`workflow ${workflow.id} (execution ${started.executionId}) did not finish in ${timeoutMs / 1000}s`);
			await new Promise((resolve) => setTimeout(resolve, 200));
		}
		const status = executionStatus(execution);
		const { data, finished, mode, startedAt, stoppedAt, waitTill } = execution;
		const run = { data, finished, mode, startedAt, stoppedAt, status, ...(waitTill ? { waitTill } : {}) };
		return {
			ok: status === 'success',
			code: status === 'success' ? 0 : 1,
			runData: data?.resultData?.runData,
			error: data?.resultData?.error,
			raw: { stdout: JSON.stringify(run, null, 2), stderr: this.logs.slice(logFrom) },
		};
	}

	/** The internal REST API, signed in (`signIn()`); answers are `{ data }`. */
	async rest(method, pathname, body) {
		const response = await fetch(`${this.url}/rest${pathname}`, {
			method,
			headers: { 'content-type': 'application/json', cookie: this.cookie },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		if (!response.ok) throw new Error(`n8n REST ${method} ${pathname}: ${response.status} ${text.slice(0, 2000)}`);
		return text ? JSON.parse(text).data : undefined;
	}

	/**
	 * Starts a long-running n8n command: `n8n start` by default, resolving when the REST API answers
	 * (readiness comes earlier than the routes). Queue mode's other processes pass their own `args`
	 * (`['webhook']`, `['worker', '--concurrency=5']`) and the URL that tells they are ready.
	 */
	async start({
		timeoutMs = 120_000,
		args = ['start'],
		logFile = path.join(this.userFolder, `n8n-${args[0]}.log`),
		readyUrl = `${this.url}/rest/settings`,
	} = {}) {
		counted(args[0]);
		this.logs = '';
		this.logFile = logFile;
		writeFileSync(logFile, '');
		this.process = spawn(this.nodeExecutable(), [...this.nodeArgs, this.install.bin, ...args], {
			env: this.env(),
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		const collect = (chunk) => {
			this.logs += chunk;
			appendFileSync(logFile, chunk);
		};
		this.process.stdout.on('data', collect);
		this.process.stderr.on('data', collect);
		const exited = new Promise((resolve) => this.process.once('exit', resolve));
		const deadline = Date.now() + timeoutMs;
		while (Date.now() < deadline) {
			const code = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('waiting'), 500))]);
			if (code !== 'waiting') {
				throw new Error(
					`n8n ${args[0]} exited with ${code} while starting; its log: ${logFile}\n${this.logs.slice(-3000).trim()}${this.diagnosis(this.logs)}`,
				);
			}
			try {
				const response = await fetch(readyUrl);
				// while it boots, n8n answers every route 200 with the text "n8n is starting up"
				if (response.ok && !(await response.text()).includes('n8n is starting up')) return this;
			} catch {
				// not listening yet
			}
		}
		await this.stop();
		throw new Error(`n8n ${args[0]} did not become ready within ${timeoutMs / 1000}s; its log: ${logFile}\n${this.logs.slice(-3000)}`);
	}

	async stop() {
		if (!this.process || this.process.exitCode !== null) return;
		const exited = new Promise((resolve) => this.process.once('exit', resolve));
		this.process.kill('SIGTERM');
		// n8n's own graceful shutdown may take N8N_GRACEFUL_SHUTDOWN_TIMEOUT (30 s); killed before that (a busy
		// machine), it restarts as after a crash and marks its waiting executions "crashed"
		const timer = setTimeout(() => this.process.kill('SIGKILL'), 45_000);
		await exited;
		clearTimeout(timer);
	}

	/** n8n 2.x cannot set up its owner over REST; it reads a managed owner from the environment. */
	ownerFromEnv() {
		if (!this.ownerHash) {
			const require = createRequire(path.join(this.install.dir, 'node_modules/n8n/package.json'));
			this.ownerHash = require('bcryptjs').hashSync(this.owner.password, 10);
		}
		return {
			N8N_INSTANCE_OWNER_MANAGED_BY_ENV: 'true',
			N8N_INSTANCE_OWNER_EMAIL: this.owner.email,
			N8N_INSTANCE_OWNER_FIRST_NAME: this.owner.firstName ?? 'Helena',
			N8N_INSTANCE_OWNER_LAST_NAME: this.owner.lastName ?? 'Developer',
			N8N_INSTANCE_OWNER_PASSWORD_HASH: this.ownerHash,
		};
	}

	/** Completes the owner setup (1.x) or logs in (2.x, owner from env); keeps the auth cookie. */
	async signIn({ email, password, firstName = 'Helena', lastName = 'Developer' } = this.owner) {
		let response = await fetch(`${this.url}/rest/owner/setup`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ email, password, firstName, lastName }),
		});
		if (!response.ok) {
			response = await fetch(`${this.url}/rest/login`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ email, emailOrLdapLoginId: email, password }),
			});
		}
		if (!response.ok) throw new Error(`n8n sign-in failed: ${response.status} ${await response.text()}`);
		this.cookie = (response.headers.get('set-cookie') ?? '').split(';')[0];
		return this.cookie;
	}

	/** Creates a public-API key (needs signIn first). */
	async createApiKey() {
		const response = await fetch(`${this.url}/rest/api-keys`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', cookie: this.cookie },
			body: JSON.stringify({
				label: `helena-${Date.now()}`,
				expiresAt: null,
				scopes: [
					'workflow:read',
					'workflow:list',
					'workflow:activate',
					'workflow:deactivate',
					'workflow:create',
					'workflow:update',
					'execution:read',
					'execution:list',
				],
			}),
		});
		if (!response.ok) throw new Error(`Creating an n8n API key failed: ${response.status} ${await response.text()}`);
		this.apiKey = (await response.json()).data.rawApiKey;
		return this.apiKey;
	}

	async api(method, pathname, body) {
		const response = await fetch(`${this.url}/api/v1${pathname}`, {
			method,
			headers: { 'content-type': 'application/json', 'X-N8N-API-KEY': this.apiKey },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		if (!response.ok) throw new Error(`n8n API ${method} ${pathname}: ${response.status} ${text}`);
		return text ? JSON.parse(text) : undefined;
	}
}

/** A throw-away user folder with the package installed; removed by the returned cleanup. */
export function temporaryUserFolder(tarball, prefix = 'helena-n8n-') {
	const folder = mkdtempSync(path.join(tmpdir(), prefix));
	prepareUserFolder(folder, tarball);
	return { folder, cleanup: () => rmSync(folder, { recursive: true, force: true }) };
}

/**
 * The JSON that `n8n execute --rawOutput` wrote to `file`. n8n prints it indented, between log lines (2.x
 * logs before it, and either version may log after it, e.g. an error while closing its database): it runs
 * from the first line that starts with `{` to the first line that starts with `}`. At debug level n8n prints
 * it through its logger, coloured, after "info" on the first line. `problem` says why there is none.
 */
function readExecuteOutput(file) {
	let stdout;
	try {
		stdout = readFileSync(file, 'utf8');
	} catch (error) {
		return { stdout: '', problem: `reading the file failed (${error.message})` };
	}
	let text = stdout;
	let jsonStart = text.search(/^\{/m);
	if (jsonStart < 0) {
		text = stdout.replace(/\x1b\[[0-9;]*m/g, '');
		const logged = /\binfo\s+\{$/m.exec(text);
		jsonStart = logged ? logged.index + logged[0].length - 1 : -1;
	}
	if (jsonStart < 0) return { stdout, problem: 'it holds no JSON' };
	const jsonEnd = text.indexOf('\n}', jsonStart);
	try {
		return { stdout, data: JSON.parse(text.slice(jsonStart, jsonEnd < 0 ? undefined : jsonEnd + 2)) };
	} catch (error) {
		return { stdout, problem: `its JSON does not parse (${error.message})` };
	}
}

/** The node `n8n execute` starts a workflow from: an Execute Workflow Trigger, else a Manual Trigger (or the old Start). */
function cliStartNode(nodes) {
	return (
		nodes.find((node) => node.type === 'n8n-nodes-base.executeWorkflowTrigger') ??
		nodes.find((node) =>
			['@n8n/n8n-nodes-langchain.manualChatTrigger', 'n8n-nodes-base.start', 'n8n-nodes-base.manualTrigger'].includes(node.type),
		)
	);
}

/** Output items of a node in an `execute` result. */
export function outputOf(runData, nodeName) {
	return runData?.[nodeName]?.[0]?.data?.main?.[0]?.map((item) => item.json) ?? [];
}

/** Whether n8n `version` is `floor` or newer (x.y.z numbers). */
export function n8nAtLeast(version, floor) {
	const [a, b] = [version, floor].map((text) => text.split('.').map(Number));
	for (let part = 0; part < 3; part++) {
		if ((a[part] ?? 0) !== (b[part] ?? 0)) return (a[part] ?? 0) > (b[part] ?? 0);
	}
	return true;
}

/**
 * An execution's outcome from the public API's execution list. n8n 1.85 leaves `status` out of that list;
 * there `finished` is true exactly for a run that succeeded.
 */
export function executionStatus(execution) {
	if (execution.status) return execution.status;
	if (execution.finished) return 'success';
	return execution.data?.resultData?.error ? 'error' : 'unfinished';
}
