// npm run test:queue: the packed package, unchanged, inside n8n's distributed engine: PostgreSQL and Redis
// (Debian packages, installed when missing), one main process, one webhook process, two workers.
//   1. Helena Trigger: activation through the main process subscribes once; 200 SESSION_NEW deliveries to
//      the webhook process become 200 executions on the workers, each with its delivered content;
//      deactivation unsubscribes.
//   2. Create or Update Many over 5,000 contacts on a worker: every contact stored once.
//   3. Two workers updating contacts at the same time with the vendor's rate limits on: 429s happen
//      (each worker paces itself, but not the other) and back-off absorbs them: no update lost.
// Everything it starts it stops, and it removes its folders. Ports: HELENA_QUEUE_PORT (n8n, default 5900,
// uses base..base+32), HELENA_QUEUE_PG_PORT (5950), HELENA_QUEUE_REDIS_PORT (5951).
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';

import { DEFAULT_N8N_VERSION, ensureN8n, outputOf, packPackage } from '../../scripts/lib/n8n.mjs';
import { credentialFor, triggerWorkflow } from '../../scripts/lib/workflows.mjs';
import { QueueCluster } from './cluster.mjs';
import { assertPortFree, ensureServers, startPostgres, startRedis } from './services.mjs';
import { phoneOf, updateWorkflow, upsertManyWorkflow } from './workflows.mjs';

const require = createRequire(import.meta.url);
const { startSandbox } = require('../sandbox/index.js');

const BASE_PORT = Number(process.env.HELENA_QUEUE_PORT ?? 5900);
const PG_PORT = Number(process.env.HELENA_QUEUE_PG_PORT ?? 5950);
const REDIS_PORT = Number(process.env.HELENA_QUEUE_REDIS_PORT ?? 5951);
const DELIVERIES = 200;
const UPSERT_CONTACTS = 5_000;
const UPDATES_PER_WORKFLOW = 300;
const API_KEY = 'queue-secret-key-51c9e0';

const TRIGGER_ID = 'queueTrigger0001';
const UPSERT = upsertManyWorkflow(UPSERT_CONTACTS);
const UPDATE_A = updateWorkflow('queueUpdateA0001', 'A', 0, UPDATES_PER_WORKFLOW);
const UPDATE_B = updateWorkflow('queueUpdateB0001', 'B', UPDATES_PER_WORKFLOW, UPDATES_PER_WORKFLOW);

const log = (message) => console.log(`# ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;
const runStarted = Date.now();
const figures = {};

/** @type {{ sandbox?: any, postgres?: any, redis?: any, cluster?: QueueCluster, tarball?: string }} */
const q = {};

/** Polls `read` until `accept` says yes or the time is up; returns the last value either way. */
async function eventually(read, accept, { timeoutMs = 60_000, intervalMs = 500 } = {}) {
	const deadline = Date.now() + timeoutMs;
	let value = await read();
	while (!accept(value) && Date.now() < deadline) {
		await sleep(intervalMs);
		value = await read();
	}
	return value;
}

/** Every execution of a workflow, through the main process's public API (pages of 250). */
async function executionsOf(workflowId, { includeData = false } = {}) {
	const all = [];
	let cursor;
	do {
		const query = new URLSearchParams({ workflowId, limit: '250', includeData: String(includeData) });
		if (cursor) query.set('cursor', cursor);
		const page = await q.cluster.main.api('GET', `/executions?${query}`);
		all.push(...page.data);
		cursor = page.nextCursor;
	} while (cursor);
	return all;
}

const finished = (list, count) =>
	list.length >= count &&
	list.every((execution) => execution.status !== 'new' && execution.status !== 'running' && execution.status !== 'waiting');

/** POST to a production webhook of the webhook process (not the main process). */
async function callWebhook(path) {
	const response = await fetch(`${q.cluster.webhook.url}/webhook/${path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: '{}',
	});
	return response.status;
}

/** Runs `work(index)` for 0..count-1 with at most `concurrency` at a time. */
async function pool(count, concurrency, work) {
	const results = new Array(count);
	let next = 0;
	await Promise.all(
		Array.from({ length: concurrency }, async () => {
			while (next < count) {
				const index = next++;
				results[index] = await work(index);
			}
		}),
	);
	return results;
}

/** Largest number of `times` inside any window of `windowMs`. */
function busiestWindow(times, windowMs) {
	const sorted = [...times].sort((a, b) => a - b);
	let max = 0;
	for (let first = 0, last = 0; last < sorted.length; last++) {
		while (sorted[last] - sorted[first] >= windowMs) first++;
		max = Math.max(max, last - first + 1);
	}
	return max;
}

async function cleanup() {
	const { cluster, sandbox, postgres, redis, tarball } = q;
	q.cluster = q.sandbox = q.postgres = q.redis = q.tarball = undefined;
	if (cluster) await cluster.stop().catch((error) => console.error(`# stopping n8n: ${error.message}`));
	if (sandbox) await sandbox.close().catch(() => {});
	await Promise.allSettled([redis?.stop(), postgres?.stop()]);
	cluster?.cleanup();
	if (tarball) rmSync(path.dirname(tarball), { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
	process.once(signal, () => {
		console.error(`# ${signal}: stopping everything the queue test started`);
		cleanup().finally(() => process.exit(130));
	});
}

before(async () => {
	log(`queue mode on n8n ${DEFAULT_N8N_VERSION}: PostgreSQL :${PG_PORT}, Redis :${REDIS_PORT}, n8n :${BASE_PORT}-${BASE_PORT + 32}`);
	const servers = ensureServers();
	const install = ensureN8n(DEFAULT_N8N_VERSION);
	const tarball = (q.tarball = packPackage());
	for (const [port, what] of [[PG_PORT, 'PostgreSQL'], [REDIS_PORT, 'Redis'], ...QueueCluster.ports(BASE_PORT)])
		await assertPortFree(port, what);
	[q.postgres, q.redis] = await Promise.all([
		startPostgres({ pgBin: servers.pgBin, port: PG_PORT }),
		startRedis({ redisServer: servers.redisServer, port: REDIS_PORT }),
	]);
	q.cluster = new QueueCluster({
		install,
		tarball,
		basePort: BASE_PORT,
		postgres: q.postgres,
		redis: q.redis,
		owner: { email: 'queue@helena.test', password: 'Queue-password-1' },
	});
	q.sandbox = await startSandbox({ port: 0, apiKey: API_KEY, seed: 'empty' });

	const started = Date.now();
	// The first CLI command migrates the empty PostgreSQL database; the processes start after it.
	await q.cluster.main.importCredentials([credentialFor(q.sandbox)]);
	await q.cluster.main.importWorkflows([triggerWorkflow(TRIGGER_ID), UPSERT, UPDATE_A, UPDATE_B]);
	log(`database migrated, credential and 4 workflows imported in ${seconds(Date.now() - started)}`);
	await q.cluster.start();
	figures.startup = Date.now() - started;
});

after(async () => {
	await cleanup();
	log(`figures: ${JSON.stringify(figures)}`);
	log(`queue test finished in ${seconds(Date.now() - runStarted)} (everything stopped, folders removed)`);
});

describe(`the package in n8n ${DEFAULT_N8N_VERSION} queue mode (main + webhook process + 2 workers, PostgreSQL, Redis)`, () => {
	test(
		`Helena Trigger: one subscription; ${DELIVERIES} deliveries to the webhook process run on the workers with their content; deactivation unsubscribes`,
		{ timeout: 240_000 },
		async () => {
			const { cluster, sandbox } = q;
			const started = Date.now();
			sandbox.clearRequests();
			await cluster.main.api('POST', `/workflows/${TRIGGER_ID}/activate`);
			assert.equal(
				await eventually(
					() => sandbox.state.subscriptions.size,
					(size) => size === 1,
					{ timeoutMs: 15_000 },
				),
				1,
			);
			const [subscription] = [...sandbox.state.subscriptions.values()];
			// WEBHOOK_URL of the main process is the webhook process: that is where Helena delivers.
			assert.match(subscription.url, new RegExp(`^${cluster.webhook.url}/webhook/.+\\?token=[A-Za-z0-9_-]{32,}$`));
			const created = sandbox.requests.filter(
				(request) => request.method === 'POST' && request.decodedPath === '/core/v1/webhook/subscription',
			);
			assert.equal(created.length, 1, 'activation created exactly one subscription');

			const deliveriesStarted = Date.now();
			const results = await pool(DELIVERIES, 10, () => sandbox.deliver('SESSION_NEW'));
			figures.deliverMs = Date.now() - deliveriesStarted;
			assert.deepEqual(
				results.map((result) => result.map((delivery) => delivery.status)),
				Array.from({ length: DELIVERIES }, () => [200]),
			);
			const delivered = new Map(
				sandbox.deliveries
					.filter((delivery) => delivery.eventType === 'SESSION_NEW')
					.map((delivery) => [delivery.body.content.id, delivery.body]),
			);
			assert.equal(delivered.size, DELIVERIES, 'every delivery carried a new session');

			const listed = await eventually(
				() => executionsOf(TRIGGER_ID),
				(list) => finished(list, DELIVERIES),
				{ timeoutMs: 180_000, intervalMs: 1000 },
			);
			figures.triggerExecutionsMs = Date.now() - deliveriesStarted;
			assert.equal(listed.length, DELIVERIES, `${DELIVERIES} executions, not ${listed.length}`);
			const executions = await executionsOf(TRIGGER_ID, { includeData: true });
			assert.deepEqual(
				executions.map((execution) => execution.status).filter((status) => status !== 'success'),
				[],
			);
			const received = new Map();
			for (const execution of executions) {
				assert.equal(execution.mode, 'webhook');
				const items = outputOf(execution.data.resultData.runData, 'Received');
				assert.equal(items.length, 1, `execution ${execution.id} has one item`);
				received.set(items[0].content.id, items[0]);
			}
			assert.equal(received.size, DELIVERIES, 'each delivery ran exactly once');
			for (const [id, body] of delivered) assert.deepEqual(received.get(id), body, `execution of session ${id} holds what Helena sent`);

			// Who did what: the webhook process enqueued every execution, the workers ran them, the main none.
			const ids = executions.map((execution) => String(execution.id));
			const enqueuedByWebhook = cluster.executionsLoggedBy(cluster.webhook, /Enqueued execution (\d+)/);
			const enqueuedByMain = cluster.executionsLoggedBy(cluster.main, /Enqueued execution (\d+)/);
			assert.deepEqual(
				ids.filter((id) => !enqueuedByWebhook.has(id)),
				[],
				'the webhook process enqueued every execution',
			);
			assert.deepEqual(
				ids.filter((id) => enqueuedByMain.has(id)),
				[],
				'the main process enqueued none',
			);
			const workerOf = cluster.workerOf();
			assert.deepEqual(
				ids.filter((id) => workerOf.get(id)?.length !== 1),
				[],
				'each execution ran on exactly one worker',
			);
			const perWorker = Object.fromEntries(
				cluster.workers.map((worker) => [worker.name, ids.filter((id) => workerOf.get(id)[0] === worker.name).length]),
			);
			figures.triggerPerWorker = perWorker;
			log(
				`${DELIVERIES} deliveries answered in ${seconds(figures.deliverMs)}, all executed ${seconds(figures.triggerExecutionsMs)} after the first: ${JSON.stringify(perWorker)}`,
			);

			sandbox.clearRequests();
			await cluster.main.api('POST', `/workflows/${TRIGGER_ID}/deactivate`);
			assert.equal(
				await eventually(
					() => sandbox.state.subscriptions.size,
					(size) => size === 0,
					{ timeoutMs: 15_000 },
				),
				0,
			);
			assert.deepEqual(
				sandbox.requests
					.filter((request) => request.method !== 'GET')
					.map((request) => [request.method, request.decodedPath, request.status]),
				[['DELETE', `/core/v1/webhook/subscription/${subscription.id}`, 200]],
			);
			figures.triggerMs = Date.now() - started;
		},
	);

	test(
		`Create or Update Many over ${UPSERT_CONTACTS.toLocaleString('en')} contacts on a worker: every contact stored once`,
		{ timeout: 240_000 },
		async () => {
			const { cluster, sandbox } = q;
			const started = Date.now();
			sandbox.reset('empty');
			sandbox.clearRequests();
			await cluster.main.api('POST', `/workflows/${UPSERT.id}/activate`);
			assert.equal(await callWebhook('helena-queue-upsert'), 200);

			const [execution] = await eventually(
				() => executionsOf(UPSERT.id),
				(list) => finished(list, 1),
				{ timeoutMs: 180_000, intervalMs: 1000 },
			);
			figures.upsertMs = Date.now() - started;
			await cluster.main.api('POST', `/workflows/${UPSERT.id}/deactivate`);
			assert.equal(execution?.status, 'success', `execution ${execution?.id} ${execution?.status}`);
			const workers = cluster.workerOf().get(String(execution.id));
			assert.equal(workers?.length, 1, 'ran on one worker');
			figures.upsertWorker = workers[0];

			const [withData] = (await executionsOf(UPSERT.id, { includeData: true })).filter((each) => each.id === execution.id);
			const output = outputOf(withData.data.resultData.runData, 'Helena');
			assert.equal(output.length, UPSERT_CONTACTS, 'one output item per contact');

			const batches = sandbox.requests.filter((request) => request.decodedPath === '/core/v2/contact/batch');
			assert.equal(batches.length, UPSERT_CONTACTS / 100);
			assert.ok(batches.every((request) => request.status === 200 && request.body.items.length === 100));
			assert.equal(sandbox.requests.length, batches.length, 'no other request');

			const byPhone = new Map();
			for (const contact of sandbox.state.contacts.values()) byPhone.set(contact.phoneNumber, (byPhone.get(contact.phoneNumber) ?? 0) + 1);
			assert.equal(sandbox.state.contacts.size, UPSERT_CONTACTS);
			const missingOrDoubled = Array.from({ length: UPSERT_CONTACTS }, (_, index) => phoneOf(index)).filter(
				(phone) => byPhone.get(phone) !== 1,
			);
			assert.deepEqual(missingOrDoubled, [], 'each generated phone stored exactly once');
			log(
				`${UPSERT_CONTACTS} contacts in ${batches.length} batch requests on ${workers[0]}, ${seconds(figures.upsertMs)} from the webhook call to the finished execution`,
			);
		},
	);

	test(
		`two workers updating ${2 * UPDATES_PER_WORKFLOW} contacts at once under the vendor's rate limits: 429s absorbed, no update lost`,
		{ timeout: 300_000 },
		async () => {
			const { cluster, sandbox } = q;
			const started = Date.now();
			const before = new Map([...sandbox.state.contacts.values()].map((contact) => [contact.phoneNumber, contact.annotation]));
			assert.equal(before.size, UPSERT_CONTACTS, 'the contacts of the previous test are there');
			for (const workflow of [UPDATE_A, UPDATE_B]) await cluster.main.api('POST', `/workflows/${workflow.id}/activate`);
			sandbox.clearRequests();
			sandbox.setFaults({ enforceRateLimits: true });
			try {
				assert.deepEqual(await Promise.all([callWebhook('helena-queue-update-a'), callWebhook('helena-queue-update-b')]), [200, 200]);
				const runs = await eventually(
					async () => [...(await executionsOf(UPDATE_A.id)), ...(await executionsOf(UPDATE_B.id))],
					(list) => finished(list, 2),
					{ timeoutMs: 240_000, intervalMs: 1000 },
				);
				figures.updatesMs = Date.now() - started;
				assert.deepEqual(
					runs.map((run) => run.status),
					['success', 'success'],
				);
				const [a, b] = runs;

				// Both workers ran one workflow each, and their runs overlapped in time.
				const workerOf = cluster.workerOf();
				const ranOn = [workerOf.get(String(a.id))?.[0], workerOf.get(String(b.id))?.[0]];
				assert.ok(ranOn[0] && ranOn[1] && ranOn[0] !== ranOn[1], `the two workflows ran on different workers (${ranOn.join(', ')})`);
				assert.ok(
					Date.parse(a.startedAt) < Date.parse(b.stoppedAt) && Date.parse(b.startedAt) < Date.parse(a.stoppedAt),
					'the two runs overlapped',
				);

				for (const run of runs) {
					const [withData] = (await executionsOf(run.workflowId, { includeData: true })).filter((each) => each.id === run.id);
					assert.equal(outputOf(withData.data.resultData.runData, 'Helena').length, UPDATES_PER_WORKFLOW);
				}

				const puts = sandbox.requests.filter((request) => request.method === 'PUT');
				assert.equal(puts.length, sandbox.requests.length, 'only updates were sent');
				const applied = puts.filter((request) => request.status === 200);
				const throttled = puts.filter((request) => request.status === 429);
				assert.deepEqual(
					puts.filter((request) => request.status !== 200 && request.status !== 429).map((request) => request.status),
					[],
				);
				assert.equal(applied.length, 2 * UPDATES_PER_WORKFLOW, 'each update applied once');
				assert.equal(new Set(applied.map((request) => request.decodedPath)).size, 2 * UPDATES_PER_WORKFLOW);
				const isA = (request) => Number(request.decodedPath.slice(-7)) < UPDATES_PER_WORKFLOW;
				const throttledA = throttled.filter(isA).length;
				const throttledB = throttled.length - throttledA;
				assert.ok(throttledA > 0 && throttledB > 0, `both workers were throttled (A ${throttledA}, B ${throttledB})`);
				const busiest = busiestWindow(
					applied.map((request) => request.admittedAt ?? request.at),
					5_000,
				);
				const offered = busiestWindow(
					puts.map((request) => request.at),
					5_000,
				);
				const gaps = (requests) =>
					requests
						.slice(1)
						.map((request, index) => request.at - requests[index].at)
						.sort((x, y) => x - y);
				const medianGap = (requests) => gaps(requests)[Math.floor(gaps(requests).length / 2)];
				figures.medianGapMs = { A: medianGap(puts.filter(isA)), B: medianGap(puts.filter((request) => !isA(request))) };
				figures.offeredBusiest5s = offered;
				assert.ok(busiest <= 200, `at most 200 admitted in any 5 s (${busiest})`);

				const after = new Map([...sandbox.state.contacts.values()].map((contact) => [contact.phoneNumber, contact.annotation]));
				const wrong = [];
				for (let index = 0; index < UPSERT_CONTACTS; index++) {
					const phone = phoneOf(index);
					const expected =
						index < UPDATES_PER_WORKFLOW
							? 'Updated by workflow A'
							: index < 2 * UPDATES_PER_WORKFLOW
								? 'Updated by workflow B'
								: before.get(phone);
					if (after.get(phone) !== expected) wrong.push(`${phone}: ${after.get(phone)} instead of ${expected}`);
				}
				assert.deepEqual(wrong, [], `the ${2 * UPDATES_PER_WORKFLOW} contacts hold their update, the others are untouched`);
				assert.equal(after.size, UPSERT_CONTACTS);
				Object.assign(figures, {
					updatesApplied: applied.length,
					updates429: throttled.length,
					updates429ByWorkflow: { A: throttledA, B: throttledB },
					busiest5s: busiest,
					updateWorkers: ranOn,
				});
				log(
					`${applied.length} updates applied on ${ranOn.join(' and ')} in ${seconds(figures.updatesMs)}; ${throttled.length} answers were 429 (A ${throttledA}, B ${throttledB}), retried; busiest 5 s: ${busiest} admitted`,
				);
			} finally {
				sandbox.setFaults({ enforceRateLimits: false });
				for (const workflow of [UPDATE_A, UPDATE_B]) await cluster.main.api('POST', `/workflows/${workflow.id}/deactivate`).catch(() => {});
			}
		},
	);
});
