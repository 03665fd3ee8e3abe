// n8n in queue mode as teams run it: one main process (editor, public API, activation), one webhook
// process (receives deliveries, enqueues executions), two workers (run them), sharing PostgreSQL and Redis.
// Each process has its own user folder, as on separate machines, with the packed package installed.
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
	 * @param {{ install: any, tarball: string, basePort: number, postgres: any, redis: any, owner: any, workers?: number, concurrency?: number }} options
	 */
	constructor({ install, tarball, basePort, postgres, redis, owner, workers = 2, concurrency = 5 }) {
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
		const webhookPort = basePort + 10;
		const env = queueEnv({ postgres, redis, webhookUrl: `http://127.0.0.1:${webhookPort}/` });
		this.main = new N8n({ install, userFolder: base.folder, port: basePort, env, owner });
		this.webhook = new N8n({ install, userFolder: folderLike('helena-queue-webhook-'), port: webhookPort, env, owner });
		this.workers = Array.from({ length: workers }, (_, index) => {
			const port = basePort + 20 + index * 10;
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
		this.webhook.name = 'webhook';
	}

	get processes() {
		return [this.main, this.webhook, ...this.workers];
	}

	/** The ports a cluster on `basePort` listens on: main, webhook process, each worker's health server. */
	static ports(basePort, workers = 2) {
		return [
			[basePort, 'n8n main'],
			[basePort + 10, 'n8n webhook process'],
			...Array.from({ length: workers }, (_, index) => [basePort + 22 + index * 10, `n8n worker ${index + 1} health server`]),
		];
	}

	/** The main process first (it owns the database schema), then the webhook process and the workers side by side. */
	async start() {
		let started = Date.now();
		await this.main.start({ timeoutMs: 180_000 });
		log(`n8n ${this.install.version} main ready on ${this.main.url} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
		started = Date.now();
		await Promise.all([
			this.webhook.start({ args: ['webhook'], readyUrl: `${this.webhook.url}/healthz/readiness`, timeoutMs: 180_000 }),
			...this.workers.map((worker) =>
				worker.start({ args: ['worker', `--concurrency=${this.concurrency}`], readyUrl: worker.healthUrl, timeoutMs: 180_000 }),
			),
		]);
		log(
			`webhook process on ${this.webhook.url} and ${this.workers.length} workers (concurrency ${this.concurrency}) ready in ${((Date.now() - started) / 1000).toFixed(1)}s`,
		);
		await this.main.signIn();
		await this.main.createApiKey();
	}

	/** Which process logged `pattern` (a RegExp with one capture group: the execution id) for which ids. */
	executionsLoggedBy(n8n, pattern) {
		const ids = new Set();
		for (const match of (n8n.logs ?? '').matchAll(new RegExp(pattern, 'g'))) ids.add(match[1]);
		return ids;
	}

	/** Execution ids each worker reports having started. */
	workerOf() {
		const byId = new Map();
		for (const worker of this.workers) {
			for (const id of this.executionsLoggedBy(worker, /Worker started execution (\d+)/)) {
				byId.set(id, [...(byId.get(id) ?? []), worker.name]);
			}
		}
		return byId;
	}

	async stop() {
		await Promise.allSettled([this.webhook, ...this.workers].map((n8n) => n8n.stop()));
		await this.main.stop();
	}

	cleanup() {
		for (const folder of this.folders) rmSync(folder, { recursive: true, force: true });
	}
}
