// n8n in queue mode as teams run it: one main process (editor, public API, activation), two webhook
// processes behind a load balancer (receive deliveries, enqueue executions), two workers (run them),
// sharing PostgreSQL and Redis. Each process has its own user folder, as on separate machines, with the
// packed package installed.
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { N8n, temporaryUserFolder } from '../../scripts/lib/n8n.mjs';

const log = (message) => console.log(`# ${message}`);

/**
 * The environment every process of the cluster shares (the README's "Scaling with queue mode" lists the
 * same variables): queue mode, the same Redis, database and encryption key, and the public webhook URL.
 */
export function queueEnv({ postgres, redis, webhookUrl }) {
	return {
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(redis.port),
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: '127.0.0.1',
		DB_POSTGRESDB_PORT: String(postgres.port),
		DB_POSTGRESDB_DATABASE: postgres.database,
		DB_POSTGRESDB_USER: postgres.user,
		DB_POSTGRESDB_PASSWORD: postgres.password,
		WEBHOOK_URL: webhookUrl,
		N8N_LOG_LEVEL: 'info',
		N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '10',
	};
}

export class QueueCluster {
	/**
	 * @param {{ install: any, tarball: string, basePort: number, postgres: any, redis: any, owner: any, webhookUrl: string, webhooks?: number, workers?: number, concurrency?: number }} options
	 */
	constructor({ install, tarball, basePort, postgres, redis, owner, webhookUrl, webhooks = 2, workers = 2, concurrency = 5 }) {
		this.install = install;
		this.concurrency = concurrency;
		this.folders = [];
		const base = temporaryUserFolder(tarball, 'helena-queue-main-');
		this.folders.push(base.folder);
		const folderLike = (prefix) => {
			const folder = mkdtempSync(path.join(tmpdir(), prefix));
			this.folders.push(folder);
			mkdirSync(path.join(folder, '.n8n'), { recursive: true });
			cpSync(path.join(base.folder, '.n8n/nodes'), path.join(folder, '.n8n/nodes'), { recursive: true });
			return folder;
		};
		const env = queueEnv({ postgres, redis, webhookUrl });
		this.main = new N8n({ install, userFolder: base.folder, port: basePort, env, owner });
		this.webhooks = QueueCluster.webhookPorts(basePort, webhooks).map((port, index) => {
			const webhook = new N8n({ install, userFolder: folderLike(`helena-queue-webhook${index + 1}-`), port, env, owner });
			webhook.name = `webhook ${index + 1}`;
			return webhook;
		});
		this.workers = Array.from({ length: workers }, (_, index) => {
			const port = basePort + 10 + 10 * webhooks + index * 10;
			const healthPort = port + 2;
			const worker = new N8n({
				install,
				userFolder: folderLike(`helena-queue-worker${index + 1}-`),
				port,
				env: {
					...env,
					QUEUE_HEALTH_CHECK_ACTIVE: 'true',
					QUEUE_HEALTH_CHECK_PORT: String(healthPort),
					N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
				},
			});
			worker.name = `worker ${index + 1}`;
			worker.healthUrl = `http://127.0.0.1:${healthPort}/healthz/readiness`;
			return worker;
		});
		this.main.name = 'main';
	}

	get processes() {
		return [this.main, ...this.webhooks, ...this.workers];
	}

	/** Ports of the webhook processes of a cluster on `basePort` (each also takes the next port, for n8n's task broker). */
	static webhookPorts(basePort, webhooks = 2) {
		return Array.from({ length: webhooks }, (_, index) => basePort + 10 + index * 10);
	}

	/** The ports a cluster on `basePort` listens on: main, webhook processes, each worker's health server. */
	static ports(basePort, { webhooks = 2, workers = 2 } = {}) {
		return [
			[basePort, 'n8n main'],
			...QueueCluster.webhookPorts(basePort, webhooks).map((port, index) => [port, `n8n webhook process ${index + 1}`]),
			...Array.from({ length: workers }, (_, index) => [
				basePort + 12 + 10 * webhooks + index * 10,
				`n8n worker ${index + 1} health server`,
			]),
		];
	}

	/** The main process first (it owns the database schema), then the webhook processes and the workers side by side. */
	async start() {
		let started = Date.now();
		await this.main.start({ timeoutMs: 180_000 });
		log(`n8n ${this.install.version} main ready on ${this.main.url} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
		started = Date.now();
		await Promise.all([...this.webhooks, ...this.workers].map((n8n) => this.startProcess(n8n)));
		log(
			`${this.webhooks.length} webhook processes (${this.webhooks.map((webhook) => webhook.port).join(', ')}) and ${this.workers.length} workers (concurrency ${this.concurrency}) ready in ${((Date.now() - started) / 1000).toFixed(1)}s`,
		);
		await this.main.signIn();
		await this.main.createApiKey();
	}

	/**
	 * Starts (or starts again) a webhook process or a worker; resolves when it reports ready. A worker runs at most
	 * `concurrency` executions at a time (the cluster's unless given): it takes no job from the queue while it holds that many.
	 */
	startProcess(n8n, { concurrency = this.concurrency } = {}) {
		if (this.webhooks.includes(n8n)) return n8n.start({ args: ['webhook'], readyUrl: `${n8n.url}/healthz/readiness`, timeoutMs: 180_000 });
		n8n.concurrency = concurrency;
		return n8n.start({ args: ['worker', `--concurrency=${concurrency}`], readyUrl: n8n.healthUrl, timeoutMs: 180_000 });
	}

	/** Stops a process gracefully (SIGTERM), keeping what it logged, so it can be started again. */
	async stopProcess(n8n) {
		await n8n.stop();
		n8n.previousLogs = (n8n.previousLogs ?? '') + n8n.logs;
		n8n.logs = '';
	}

	/** SIGKILL, as when a machine or container dies: no graceful shutdown. Keeps what it logged. */
	async kill(n8n) {
		const exited = new Promise((resolve) => n8n.process.once('exit', resolve));
		n8n.process.kill('SIGKILL');
		await exited;
		n8n.previousLogs = (n8n.previousLogs ?? '') + n8n.logs;
	}

	/** Everything a process logged, over all its lives. */
	logsOf(n8n) {
		return (n8n.previousLogs ?? '') + (n8n.logs ?? '');
	}

	/** Which process logged `pattern` (a RegExp with one capture group: the execution id) for which ids. */
	executionsLoggedBy(n8n, pattern) {
		const ids = new Set();
		for (const match of this.logsOf(n8n).matchAll(new RegExp(pattern, 'g'))) ids.add(match[1]);
		return ids;
	}

	/** Execution ids each webhook process (by name) reports having enqueued. */
	enqueuedBy() {
		return new Map(this.webhooks.map((webhook) => [webhook.name, this.executionsLoggedBy(webhook, /Enqueued execution (\d+)/)]));
	}

	/** Execution ids each worker reports having started: id → worker names, one per start. */
	workerOf() {
		const byId = new Map();
		for (const worker of this.workers) {
			for (const match of this.logsOf(worker).matchAll(/Worker started execution (\d+)/g)) {
				byId.set(match[1], [...(byId.get(match[1]) ?? []), worker.name]);
			}
		}
		return byId;
	}

	async stop() {
		// A process killed and not started again has exited by signal (exitCode null): stopping it would wait forever.
		const running = [...this.webhooks, ...this.workers].filter(
			(n8n) => n8n.process && n8n.process.exitCode === null && n8n.process.signalCode === null,
		);
		await Promise.allSettled(running.map((n8n) => n8n.stop()));
		await this.main.stop();
	}

	cleanup() {
		for (const folder of this.folders) rmSync(folder, { recursive: true, force: true });
	}
}
