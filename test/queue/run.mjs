// The queue-mode test on one n8n line (HELENA_N8N_VERSION; `npm run test:queue` runs all.mjs, which runs
// this file once per line): the packed package, unchanged, inside n8n's distributed engine. PostgreSQL,
// Redis and nginx (Debian packages, installed when missing), one main process, two webhook processes
// behind nginx on the public WEBHOOK_URL, two workers.
//   1. Helena Trigger: activation through the main process subscribes once, on the balancer's URL; 200
//      SESSION_NEW deliveries through nginx become 200 executions on the workers, each with its delivered
//      content; /webhook-test/ reaches the main process; deactivation unsubscribes.
//   2. A webhook process SIGKILLed while 300 deliveries stream in, and started again: nothing runs twice,
//      only deliveries inside it when it died can be lost (nginx hands refused connections and a starting
//      process's 404s to the other process), the restarted process rejoins.
//   3. A worker SIGKILLed while 300 executions run (the other worker stopped at first, so the victim surely
//      holds some, and started again to take over): Bull's stalled-job check hands what it held to a worker
//      again (n8n 1.x, the re-runs visible in the workers' logs) or fails it (n8n 2.x, which allows no stalled
//      job a second run): visible in the execution list, nothing else is lost, nothing runs twice unsaid.
//      Then it is started again and leaves the finished executions alone.
//   4. Create or Update Many over 5,000 contacts on a worker: every contact stored once; a batch sent again
//      only after an attempt the node got no answer to, and counted.
//   5. Two workers updating contacts at the same time with the vendor's rate limits on (arranged: one
//      execution per worker at a time, the sandbox holding the updates until both runs have begun, the
//      window just used up by another client of the account): 429s happen (each worker paces itself, not
//      the other, nor other clients) and back-off absorbs them: no update lost.
//   6. Send and Wait for Response (last: its contact would upset the counts of 4 and 5): a production execution
//      sends its question and waits; the approve link, opened through nginx, reaches a webhook process,
//      which resumes the execution; a worker finishes it with the answer.
//   7. One answer per burst (last, for the same reason): contacts write bursts at the same time, those of every other
//      contact delivered twice at once, two conversations' notes list lagging its writes by 5 s (the answer of one
//      held until both its duplicates claimed the burst), one's failing (503) until its executions gave up, its last
//      message then delivered again; whichever webhook process took each
//      delivery and whichever worker ran it, each conversation gets one answer with all its messages
//      (`node --test-name-pattern="One answer per burst" test/queue/run.mjs` runs it alone).
// What is asserted is what n8n and the package promise (each delivery runs once, no update lost, 429s
// absorbed), never how Bull happens to share the jobs out: where a scenario needs a worker busy, it is arranged.
// Everything it starts it stops, and it removes its folders. Ports: HELENA_QUEUE_PORT (n8n, default 5900,
// uses base..base+43), HELENA_QUEUE_PG_PORT (5950), HELENA_QUEUE_REDIS_PORT (5951), HELENA_QUEUE_NGINX_PORT (5952).
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';

import { DEFAULT_N8N_VERSION, ensureN8n, outputOf, packPackage } from '../../scripts/lib/n8n.mjs';
import { credentialFor, sendAndWaitWorkflow, sentLinks, triggerWorkflow } from '../../scripts/lib/workflows.mjs';
import { QueueCluster } from './cluster.mjs';
import { assertPortFree, ensureServers, startNginx, startPostgres, startRedis } from './services.mjs';
import { countBy, deliveryStream, inFlightAt, pool, tally } from './stream.mjs';
import { burstWorkflow, phoneOf, slowTriggerWorkflow, updateWorkflow, upsertManyWorkflow } from './workflows.mjs';

const require = createRequire(import.meta.url);
const { startSandbox } = require('../sandbox/index.js');

const BASE_PORT = Number(process.env.HELENA_QUEUE_PORT ?? 5900);
const PG_PORT = Number(process.env.HELENA_QUEUE_PG_PORT ?? 5950);
const REDIS_PORT = Number(process.env.HELENA_QUEUE_REDIS_PORT ?? 5951);
const NGINX_PORT = Number(process.env.HELENA_QUEUE_NGINX_PORT ?? 5952);
const DELIVERIES = 200;
const STREAM = 300;
const STREAM_CONCURRENCY = 10;
/**
 * Webhook-process scenario: killed as delivery KILL_AT leaves; deliveries from REJOIN_AT on wait for its
 * restart and for nginx's fail_timeout (test/queue/nginx.conf), after which nginx tries it again.
 */
const KILL_AT = 100;
const REJOIN_AT = 250;
const NGINX_FAIL_TIMEOUT_MS = 2000;
/** Worker scenario: each execution waits SLOW_SECONDS on its worker; the worker dies after starting KILL_AFTER_STARTS. */
const SLOW_SECONDS = 1;
const KILL_AFTER_STARTS = 20;
const UPSERT_CONTACTS = 5_000;
/**
 * How long the sandbox, in Helena's place, waits for a delivery's answer. Helena documents no timeout; the test
 * waits longer than nginx's proxy_read_timeout (30 s, test/queue/nginx.conf), so that every delivery ends with an
 * answer from nginx or n8n and is judged by what n8n did with it, not by how loaded the machine was. The slowest
 * answer is reported with the figures.
 */
const DELIVERY_TIMEOUT_MS = 45_000;
/** Time limits of the scenarios, upper bounds for a loaded 2-core machine: HELENA_QUEUE_TIME_SCALE (default 2) stretches them. */
const TIME_SCALE = Number(process.env.HELENA_QUEUE_TIME_SCALE ?? 2);
const within = (ms) => Math.round(ms * TIME_SCALE);
const UPDATES_PER_WORKFLOW = 300;
const API_KEY = 'queue-secret-key-51c9e0';

const TRIGGER_ID = 'queueTrigger0001';
const SLOW_TRIGGER = slowTriggerWorkflow('queueSlowTrig001', SLOW_SECONDS);
const UPSERT = upsertManyWorkflow(UPSERT_CONTACTS);
const UPDATE_A = updateWorkflow('queueUpdateA0001', 'A', 0, UPDATES_PER_WORKFLOW);
const UPDATE_B = updateWorkflow('queueUpdateB0001', 'B', UPDATES_PER_WORKFLOW, UPDATES_PER_WORKFLOW);
/** One answer per burst (last: its contacts would upset the counts of 4 and 5). */
const BURST_QUIET_SECONDS = 2;
const BURST = burstWorkflow('queueBurst000001', BURST_QUIET_SECONDS);
const BURST_TEXTS = ['oi', 'tudo bem?', 'queria saber do meu pedido', 'é o 4471'];
const BURST_GAP_MS = 700;
/**
 * The conversations by what their notes list does: 6 answer at once; 2 list a note only NOTES_LAG_MS after it was
 * written (a list that lags its writes); 1 answers 503 (Retry-After 1 s) to every notes list until its executions
 * gave up, then its last message is delivered once more. Every other conversation's deliveries go out twice at once.
 */
const BURST_KINDS = ['prompt', 'prompt', 'prompt', 'prompt', 'prompt', 'prompt', 'lagging', 'lagging', 'failing'];
const NOTES_LAG_MS = 5000;
const WAIT_PHONE = '+55 31 97777-0202';
const WAIT_QUESTION = 'Queue mode: can you confirm Friday 15:00? #Q1';
const SEND_AND_WAIT = sendAndWaitWorkflow('queueSendWait001', 'helena-queue-wait', '6a1f0c55-8f0e-4b61-9d6b-0c6a3c1d7e0c', {
	sendTo: 'phone',
	phoneNumber: WAIT_PHONE,
	message: WAIT_QUESTION,
});

const log = (message) => console.log(`# ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;
const runStarted = Date.now();
const figures = {};

/** @type {{ sandbox?: any, postgres?: any, redis?: any, nginx?: any, cluster?: QueueCluster, tarball?: string }} */
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

/** POST to a webhook through the balancer: `/webhook/` reaches a webhook process, `/webhook-test/` the main process. */
async function callWebhook(path, prefix = 'webhook') {
	const response = await fetch(`${q.nginx.url}/${prefix}/${path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: '{}',
	});
	return response.status;
}

/** The first call to a just-activated webhook: n8n 2.x registers it after the activate call has answered (404 until then, nothing started). */
const callActivatedWebhook = (path) =>
	eventually(
		() => callWebhook(path),
		(status) => status !== 404,
		{ timeoutMs: within(30_000), intervalMs: 500 },
	);

/**
 * Activates a Helena Trigger workflow through the main process; returns its one subscription (on the
 * balancer). Should test `t` fail before deactivating, the workflow is deactivated after it all the same.
 */
async function activateTrigger(t, workflowId) {
	const { cluster, sandbox } = q;
	t.after(async () => {
		if (!q.sandbox?.state.subscriptions.size) return;
		await cluster.main.api('POST', `/workflows/${workflowId}/deactivate`).catch(() => {});
		// n8n 2.x deletes the subscription after the deactivate call has answered: not in the next test's log.
		await eventually(
			() => q.sandbox.state.subscriptions.size,
			(size) => size === 0,
			{ timeoutMs: within(15_000) },
		);
	});
	sandbox.clearRequests();
	await cluster.main.api('POST', `/workflows/${workflowId}/activate`);
	// n8n 2.x registers the workflow's webhooks after the activate call has answered.
	assert.equal(
		await eventually(
			() => sandbox.state.subscriptions.size,
			(size) => size === 1,
			{ timeoutMs: within(15_000) },
		),
		1,
	);
	const [subscription] = [...sandbox.state.subscriptions.values()];
	// WEBHOOK_URL is the balancer: that is where Helena delivers.
	assert.match(subscription.url, new RegExp(`^${q.nginx.url}/webhook/.+\\?token=[A-Za-z0-9_-]{32,}$`));
	const created = sandbox.requests.filter(
		(request) => request.method === 'POST' && request.decodedPath === '/core/v1/webhook/subscription',
	);
	assert.equal(created.length, 1, 'activation created exactly one subscription');
	return subscription;
}

/** Deactivates through the main process: the one subscription is deleted, nothing else is sent. */
async function deactivateTrigger(workflowId, subscription) {
	const { cluster, sandbox } = q;
	sandbox.clearRequests();
	await cluster.main.api('POST', `/workflows/${workflowId}/deactivate`);
	assert.equal(
		await eventually(
			() => sandbox.state.subscriptions.size,
			(size) => size === 0,
			{ timeoutMs: within(15_000) },
		),
		0,
	);
	assert.deepEqual(
		sandbox.requests.filter((request) => request.method !== 'GET').map((request) => [request.method, request.decodedPath, request.status]),
		[['DELETE', `/core/v1/webhook/subscription/${subscription.id}`, 200]],
	);
}

/** The highest execution id of a workflow so far (0 for none): later ones are above it. */
const lastExecutionId = async (workflowId) => Math.max(0, ...(await executionsOf(workflowId)).map((execution) => Number(execution.id)));

/**
 * An execution a killed webhook process stored but never enqueued stays "new" for good. Taken as such when
 * it has been "new" this long while no execution of the workflow was running or waiting (a queued one
 * starts within moments on an idle worker).
 */
const STUCK_NEW_MS = 20_000;

/**
 * Waits until at least `count` executions of the workflow above id `after` have finished (or are stuck
 * "new", above) and no more appear; returns those, with data.
 */
async function settledExecutions(workflowId, count, { after = 0, timeoutMs }) {
	const since = async (options) => (await executionsOf(workflowId, options)).filter((execution) => Number(execution.id) > after);
	const newSince = new Map();
	const settled = (list, atLeast) => {
		const now = Date.now();
		const busy = list.some((execution) => execution.status === 'running' || execution.status === 'waiting');
		for (const execution of list) {
			if (execution.status !== 'new' || busy) newSince.delete(execution.id);
			else if (!newSince.has(execution.id)) newSince.set(execution.id, now);
		}
		const stuck = (execution) => execution.status === 'new' && now - (newSince.get(execution.id) ?? now) >= STUCK_NEW_MS;
		return (
			list.length >= atLeast &&
			finished(
				list.filter((execution) => !stuck(execution)),
				0,
			)
		);
	};
	await eventually(
		() => since(),
		(list) => settled(list, count),
		{ timeoutMs, intervalMs: 1000 },
	);
	// A delivery answered with an error may still have become an execution: give stragglers a moment.
	await sleep(3000);
	await eventually(
		() => since(),
		(list) => settled(list, 0),
		{ timeoutMs: within(30_000), intervalMs: 1000 },
	);
	return since({ includeData: true });
}

/** The balancer's log lines for Helena's deliveries since line `from`. */
const deliveriesThroughNginx = (from) =>
	q.nginx
		.requests()
		.slice(from)
		.filter((request) => request.path.startsWith('/webhook/'));
const lastUpstream = (request) => request.upstreams.at(-1);

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
	const { cluster, sandbox, postgres, redis, nginx, tarball } = q;
	q.cluster = q.sandbox = q.postgres = q.redis = q.nginx = q.tarball = undefined;
	if (cluster) await cluster.stop().catch((error) => console.error(`# stopping n8n: ${error.message}`));
	if (sandbox) await sandbox.close().catch(() => {});
	await Promise.allSettled([nginx?.stop(), redis?.stop(), postgres?.stop()]);
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
	log(
		`queue mode on n8n ${DEFAULT_N8N_VERSION}: PostgreSQL :${PG_PORT}, Redis :${REDIS_PORT}, nginx :${NGINX_PORT}, n8n :${BASE_PORT}-${BASE_PORT + 43}`,
	);
	const servers = ensureServers();
	const install = ensureN8n(DEFAULT_N8N_VERSION);
	const tarball = (q.tarball = packPackage());
	for (const [port, what] of [[PG_PORT, 'PostgreSQL'], [REDIS_PORT, 'Redis'], [NGINX_PORT, 'nginx'], ...QueueCluster.ports(BASE_PORT)])
		await assertPortFree(port, what);
	[q.postgres, q.redis, q.nginx] = await Promise.all([
		startPostgres({ pgBin: servers.pgBin, port: PG_PORT }),
		startRedis({ redisServer: servers.redisServer, port: REDIS_PORT }),
		startNginx({ nginx: servers.nginx, port: NGINX_PORT, webhookPorts: QueueCluster.webhookPorts(BASE_PORT), mainPort: BASE_PORT }),
	]);
	const webhookUrl = `${q.nginx.url}/`;
	q.cluster = new QueueCluster({
		install,
		tarball,
		basePort: BASE_PORT,
		postgres: q.postgres,
		redis: q.redis,
		webhookUrl,
		owner: { email: 'queue@helena.test', password: 'Queue-password-1' },
	});
	q.sandbox = await startSandbox({ port: 0, apiKey: API_KEY, seed: 'empty', deliveryTimeoutMs: DELIVERY_TIMEOUT_MS });

	const started = Date.now();
	// The first CLI command migrates the empty PostgreSQL database; the processes start after it.
	await q.cluster.main.importCredentials([credentialFor(q.sandbox)]);
	await q.cluster.main.importWorkflows([triggerWorkflow(TRIGGER_ID), SLOW_TRIGGER, UPSERT, UPDATE_A, UPDATE_B, SEND_AND_WAIT, BURST]);
	log(`database migrated, credential and 7 workflows imported in ${seconds(Date.now() - started)}`);
	await q.cluster.start();
	figures.startup = Date.now() - started;
});

after(async () => {
	await cleanup();
	log(`figures: ${JSON.stringify(figures)}`);
	log(`queue test finished in ${seconds(Date.now() - runStarted)} (everything stopped, folders removed)`);
});

describe(`the package in n8n ${DEFAULT_N8N_VERSION} queue mode (main, 2 webhook processes behind nginx, 2 workers, PostgreSQL, Redis)`, () => {
	test(
		`Helena Trigger: one subscription on the balancer; ${DELIVERIES} deliveries through nginx run on the workers with their content; /webhook-test/ reaches the main process; deactivation unsubscribes`,
		{ timeout: within(240_000) },
		async (t) => {
			const { cluster, sandbox, nginx } = q;
			const started = Date.now();
			const subscription = await activateTrigger(t, TRIGGER_ID);
			const nginxFrom = nginx.requests().length;

			const deliveriesStarted = Date.now();
			const results = await pool(DELIVERIES, STREAM_CONCURRENCY, () => sandbox.deliver('SESSION_NEW'));
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
				{ timeoutMs: within(180_000), intervalMs: 1000 },
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

			// Who did what: nginx spread the deliveries over both webhook processes, they enqueued every
			// execution, the workers ran them, the main process none.
			const through = deliveriesThroughNginx(nginxFrom);
			assert.deepEqual(
				through.map((request) => [request.status, request.upstreams.length]),
				Array.from({ length: DELIVERIES }, () => [200, 1]),
				'each delivery reached one webhook process, first time',
			);
			const ids = executions.map((execution) => String(execution.id));
			const enqueued = cluster.enqueuedBy();
			const perWebhook = Object.fromEntries([...enqueued].map(([name, set]) => [name, ids.filter((id) => set.has(id)).length]));
			figures.triggerPerWebhookProcess = perWebhook;
			assert.deepEqual(
				ids.filter((id) => [...enqueued.values()].filter((set) => set.has(id)).length !== 1),
				[],
				'one webhook process enqueued each execution',
			);
			assert.ok(
				Object.values(perWebhook).every((count) => count > 0),
				`both webhook processes took deliveries (${JSON.stringify(perWebhook)})`,
			);
			const enqueuedByMain = cluster.executionsLoggedBy(cluster.main, /Enqueued execution (\d+)/);
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
				`${DELIVERIES} deliveries answered in ${seconds(figures.deliverMs)} (${JSON.stringify(perWebhook)}), all executed ${seconds(figures.triggerExecutionsMs)} after the first: ${JSON.stringify(perWorker)}`,
			);

			// The editor's test webhooks live in the main process: the balancer sends /webhook-test/ there.
			const testFrom = nginx.requests().length;
			await callWebhook('helena-queue-routing-check', 'webhook-test');
			// nginx writes its log line just after it has answered.
			const routed = await eventually(
				() => nginx.requests().slice(testFrom),
				(lines) => lines.length > 0,
				{ timeoutMs: 5000, intervalMs: 100 },
			);
			assert.deepEqual(
				routed.map((request) => [request.path, request.upstreams]),
				[['/webhook-test/helena-queue-routing-check', [`127.0.0.1:${cluster.main.port}`]]],
			);

			await deactivateTrigger(TRIGGER_ID, subscription);
			figures.triggerMs = Date.now() - started;
		},
	);

	test(
		`a webhook process SIGKILLed during ${STREAM} deliveries and started again: none runs twice, only deliveries inside it when it died can be lost, it rejoins`,
		{ timeout: within(300_000) },
		async (t) => {
			const { cluster, sandbox, nginx } = q;
			const subscription = await activateTrigger(t, TRIGGER_ID);
			const after = await lastExecutionId(TRIGGER_ID);
			const victim = cluster.webhooks[0];
			const victimAddress = `127.0.0.1:${victim.port}`;
			const nginxFrom = nginx.requests().length;
			let killedAt;
			let deadAt;
			let readyAt;
			let restarted;
			const started = Date.now();
			const entries = await deliveryStream(sandbox, {
				count: STREAM,
				concurrency: STREAM_CONCURRENCY,
				async beforeSend(index) {
					if (index === KILL_AT) {
						killedAt = Date.now();
						await cluster.kill(victim);
						deadAt = Date.now();
						restarted = cluster.startProcess(victim).then(async () => {
							readyAt = Date.now();
							await sleep(NGINX_FAIL_TIMEOUT_MS);
						});
						restarted.catch(() => {});
					}
					if (index >= REJOIN_AT) await restarted;
				},
			});
			const streamMs = Date.now() - started;
			const answeredOk = entries.filter((entry) => entry.status === 200).length;
			// At least the deliveries answered 200 that were not inside the killed process.
			const executions = await settledExecutions(TRIGGER_ID, answeredOk - inFlightAt(entries, killedAt).length, {
				after,
				timeoutMs: within(180_000),
			});
			const result = tally(entries, executions);
			// Inside the dying process: sent before it was gone, not answered when the kill was sent.
			const inFlight = inFlightAt(entries, killedAt).concat(entries.filter((entry) => entry.at > killedAt && entry.at <= deadAt));
			const through = deliveriesThroughNginx(nginxFrom);
			const nginxFigures = {
				retriedOnTheOther: through.filter((request) => request.upstreams.length > 1).length,
				// answered 404 (nothing started) by a process that did not know the webhook yet, then passed on
				handedOnAfter404: through.filter((request) => request.upstreamStatuses.includes(404)).length,
				failedAnswers: countBy(
					through.filter((request) => request.status !== 200).map((request) => `${request.status} from ${lastUpstream(request)}`),
				),
				servedByRestarted: through.filter(
					(request) => request.at >= readyAt && lastUpstream(request) === victimAddress && request.status === 200,
				).length,
			};
			const { lostIds, ...counts } = result;
			figures.webhookKill = {
				...counts,
				inFlightAtKill: inFlight.length,
				slowestAnswerMs: Math.max(...entries.map((entry) => entry.durationMs)),
				killMs: deadAt - killedAt,
				restartMs: readyAt - killedAt,
				streamMs,
				...nginxFigures,
			};
			log(`webhook process killed: ${JSON.stringify(figures.webhookKill)}`);

			assert.deepEqual(result.strangers, []);
			assert.equal(result.duplicated, 0, 'no delivery ran twice');
			// A process killed after it stored an execution and before it enqueued it leaves that one "new".
			const stuck = executions.filter((execution) => execution.status !== 'success');
			figures.webhookKill.storedNeverEnqueued = stuck.length;
			assert.deepEqual(
				stuck.filter((execution) => execution.status !== 'new').map((execution) => execution.status),
				[],
				'every execution finished, except any stored but never enqueued by the killed process',
			);
			assert.ok(stuck.length <= inFlight.length, `only deliveries inside the killed process can be stuck (${stuck.length})`);
			// What can be lost: deliveries inside the process when it died, not yet answered (nginx answers 502:
			// the request was sent, so it is not handed on) or, on n8n 1.x, which answers 200 before it stores and
			// enqueues, answered just before the kill. Everything sent after it was gone reached a live process:
			// nginx handed on the refused connections, and the 404s of the restarting process (nothing started).
			const lost = new Set(lostIds);
			const afterDeath = entries.filter((entry) => entry.at > deadAt);
			assert.deepEqual(
				afterDeath.filter((entry) => entry.status !== 200 || lost.has(entry.body.content.id)).map((entry) => entry.status ?? entry.error),
				[],
				'every delivery sent after the process was gone was answered 200 and executed',
			);
			if (cluster.install.major >= 2) assert.equal(result.lostAfter200, 0, 'n8n 2.x: every delivery answered 200 became an execution');
			assert.deepEqual(
				Object.keys(nginxFigures.failedAnswers).filter((key) => key !== `502 from ${victimAddress}`),
				[],
				'the only failed answers were 502s for deliveries inside the killed process',
			);
			assert.ok(nginxFigures.servedByRestarted > 0, 'the restarted process took deliveries again');
			await deactivateTrigger(TRIGGER_ID, subscription);
		},
	);

	test(
		`a worker SIGKILLed during ${STREAM} executions: what it held runs again (1.x) or fails (2.x), visibly; nothing else is lost`,
		{ timeout: within(420_000) },
		async (t) => {
			const { cluster, sandbox } = q;
			const subscription = await activateTrigger(t, SLOW_TRIGGER.id);
			const [victim, survivor] = cluster.workers;
			const startsBefore = cluster.executionsLoggedBy(victim, /Worker started execution (\d+)/).size;
			const unfinishedInLog = () => {
				const finishedIds = cluster.executionsLoggedBy(victim, /Worker finished execution (\d+)/);
				return [...cluster.executionsLoggedBy(victim, /Worker started execution (\d+)/)].filter((id) => !finishedIds.has(id));
			};
			let killedAt;
			let deadAt;
			// Logged as started and not as finished: its last log lines may not have left the process, so an
			// execution stored as finished before the worker died is not held (below).
			let startedNotFinishedInLog = [];
			// The victim must hold executions when it dies, whichever worker Bull favours: the other worker is
			// stopped, so the victim alone takes the first executions, and is started again while the stream runs,
			// to take over what the victim held. The kill comes once the victim has started KILL_AFTER_STARTS, the
			// survivor is ready, and the victim's log shows executions started and not finished.
			await cluster.stopProcess(survivor);
			const survivorBack = cluster.startProcess(survivor).then(() => true);
			survivorBack.catch(() => {});
			const killer = (async () => {
				let survivorReady = false;
				survivorBack.then(() => (survivorReady = true)).catch(() => {});
				const ready = await eventually(
					() =>
						survivorReady &&
						cluster.executionsLoggedBy(victim, /Worker started execution (\d+)/).size - startsBefore >= KILL_AFTER_STARTS &&
						unfinishedInLog().length > 0,
					(yes) => yes,
					{ timeoutMs: within(120_000), intervalMs: 100 },
				);
				await survivorBack;
				assert.ok(ready, `the victim held executions after ${KILL_AFTER_STARTS} starts, with the other worker ready`);
				killedAt = Date.now();
				await cluster.kill(victim);
				deadAt = Date.now();
				startedNotFinishedInLog = unfinishedInLog();
			})();
			killer.catch(() => {}); // awaited below, after the stream
			const started = Date.now();
			const entries = await deliveryStream(sandbox, { count: STREAM, concurrency: STREAM_CONCURRENCY });
			const deliverMs = Date.now() - started;
			await killer;
			// The killed worker stays down until Bull has handed its executions to the other worker: started
			// again at once with the same ~/.n8n, n8n would mark them crashed from its event log instead.
			const executions = await settledExecutions(SLOW_TRIGGER.id, STREAM, { timeoutMs: within(300_000) });
			const allDoneAt = Math.max(...executions.map((execution) => Date.parse(execution.stoppedAt)));
			const restartStarted = Date.now();
			await cluster.startProcess(victim);
			const restartMs = Date.now() - restartStarted;
			// Started again, it finds the executions it held in its event log, already finished elsewhere: they stay as they are.
			await sleep(3000);
			const afterRestart = countBy((await executionsOf(SLOW_TRIGGER.id)).map((execution) => execution.status));
			const result = tally(entries, executions);
			const workerOf = cluster.workerOf();
			const ranTwice = executions.map((execution) => String(execution.id)).filter((id) => (workerOf.get(id)?.length ?? 0) > 1);
			const storedFinishedBeforeDeath = new Set(
				executions
					.filter((execution) => execution.status === 'success' && Date.parse(execution.stoppedAt) <= deadAt)
					.map((execution) => String(execution.id)),
			);
			const heldAtKill = startedNotFinishedInLog.filter((id) => !storedFinishedBeforeDeath.has(id));
			const held = executions.filter((execution) => heldAtKill.includes(String(execution.id)));
			const recoveredAt = Math.max(...held.map((execution) => Date.parse(execution.stoppedAt)));
			const { lostIds: _lostIds, ...workerCounts } = result;
			figures.workerKill = {
				...workerCounts,
				deliverMs,
				heldByKilledWorker: heldAtKill.length,
				finishedAsItDied: startedNotFinishedInLog.length - heldAtKill.length,
				ranTwice: ranTwice.length,
				ranTwiceOn: countBy(ranTwice.map((id) => workerOf.get(id).join(' then '))),
				heldFinishedMsAfterKill: recoveredAt - killedAt,
				allFinishedMsAfterKill: allDoneAt - killedAt,
				restartMs,
				statusesAfterRestart: afterRestart,
			};
			log(`worker killed: ${JSON.stringify(figures.workerKill)}`);

			figures.workerKill.slowestAnswerMs = Math.max(...entries.map((entry) => entry.durationMs));
			assert.deepEqual(
				Object.keys(result.answered).filter((answer) => answer !== '200'),
				[],
				'every delivery was answered 200',
			);
			assert.deepEqual(result.strangers, []);
			assert.equal(result.executions, STREAM, 'one execution per delivery');
			assert.equal(result.duplicated, 0, 'no delivery ran in two executions');
			assert.ok(heldAtKill.length > 0, 'the killed worker held executions when it died');
			const failedIds = executions.filter((execution) => execution.status !== 'success').map((execution) => String(execution.id));
			if (cluster.install.major >= 2) {
				// n8n 2.x runs Bull with maxStalledCount 0 whatever the settings (packages/cli/src/scaling/scaling.service.ts):
				// a stalled job fails instead of running again. Held = logged as started; a job taken but not yet
				// logged fails the same way.
				assert.deepEqual(
					heldAtKill.filter((id) => !failedIds.includes(id)),
					[],
					'the executions the killed worker held failed',
				);
				assert.deepEqual(
					failedIds.filter((id) => (workerOf.get(id) ?? []).some((name) => name !== victim.name)),
					[],
					'the failed ones were taken by the killed worker only, none by the live one',
				);
				assert.ok(failedIds.length <= cluster.concurrency, `no more than the worker's concurrency failed (${failedIds.length})`);
				assert.deepEqual(
					executions.filter(
						(execution) => execution.status !== 'success' && execution.status !== 'error' && execution.status !== 'crashed',
					),
					[],
					'they show as error (or crashed) in the execution list',
				);
				assert.equal(result.statuses.success, STREAM - failedIds.length);
				assert.deepEqual(ranTwice, [], 'none ran twice');
				assert.equal(result.lost, failedIds.length, 'the failed ones are the only deliveries without a finished run');
			} else {
				assert.deepEqual(result.statuses, { success: STREAM }, 'every execution finished successfully');
				assert.equal(result.lost, 0, 'every delivery ran');
				assert.deepEqual(
					ranTwice.filter((id) => !startedNotFinishedInLog.includes(id)),
					[],
					'only executions the killed worker held ran a second time',
				);
			}
			assert.deepEqual(afterRestart, result.statuses, 'the restarted worker left the finished executions alone');
			await deactivateTrigger(SLOW_TRIGGER.id, subscription);
		},
	);

	test(
		`Create or Update Many over ${UPSERT_CONTACTS.toLocaleString('en')} contacts on a worker: every contact stored once`,
		{ timeout: within(240_000) },
		async () => {
			const { cluster, sandbox } = q;
			const started = Date.now();
			sandbox.reset('empty');
			sandbox.clearRequests();
			await cluster.main.api('POST', `/workflows/${UPSERT.id}/activate`);
			assert.equal(await callActivatedWebhook('helena-queue-upsert'), 200);

			const [execution] = await eventually(
				() => executionsOf(UPSERT.id),
				(list) => finished(list, 1),
				{ timeoutMs: within(180_000), intervalMs: 1000 },
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
			assert.deepEqual(
				sandbox.requests.filter((request) => !batches.includes(request)).map((request) => `${request.method} ${request.decodedPath}`),
				[],
				'no other request',
			);
			assert.ok(batches.every((request) => request.body.items.length === 100));
			// The node sends a batch again only when an attempt brought it no answer it could use (the batch
			// upserts by phone, so the transport may repeat it): each batch's attempts, in order.
			const attemptsOf = new Map();
			for (const request of batches) {
				const key = request.body.items.map((item) => item.phoneNumber).join();
				attemptsOf.set(key, [...(attemptsOf.get(key) ?? []), request]);
			}
			const repeated = [...attemptsOf.values()].filter((attempts) => attempts.length > 1);
			figures.upsertRepeats = repeated.flatMap((attempts) =>
				attempts.slice(0, -1).map((request) => ({
					status: request.status,
					answeredMs: request.answeredAt === undefined ? null : request.answeredAt - request.at,
					clientGoneMs: request.clientGoneAt === undefined ? null : request.clientGoneAt - request.at,
				})),
			);
			assert.equal(attemptsOf.size, UPSERT_CONTACTS / 100, 'every batch of 100 sent');
			assert.deepEqual(
				[...attemptsOf.values()].map((attempts) => attempts.at(-1).status).filter((status) => status !== 200),
				[],
				"every batch's last attempt answered 200",
			);
			assert.equal(batches.length, UPSERT_CONTACTS / 100 + figures.upsertRepeats.length);
			assert.deepEqual(
				figures.upsertRepeats.filter((attempt) => attempt.status === 200 && attempt.clientGoneMs === null),
				[],
				'a batch was repeated only after an attempt whose 200 the node never received (it had hung up) or that failed',
			);

			const byPhone = new Map();
			for (const contact of sandbox.state.contacts.values()) byPhone.set(contact.phoneNumber, (byPhone.get(contact.phoneNumber) ?? 0) + 1);
			assert.equal(sandbox.state.contacts.size, UPSERT_CONTACTS);
			const missingOrDoubled = Array.from({ length: UPSERT_CONTACTS }, (_, index) => phoneOf(index)).filter(
				(phone) => byPhone.get(phone) !== 1,
			);
			assert.deepEqual(missingOrDoubled, [], 'each generated phone stored exactly once');
			log(
				`${UPSERT_CONTACTS} contacts in ${batches.length} batch requests (${figures.upsertRepeats.length} repeated: ${JSON.stringify(figures.upsertRepeats)}) on ${workers[0]}, ${seconds(figures.upsertMs)} from the webhook call to the finished execution`,
			);
		},
	);

	test(
		`two workers updating ${2 * UPDATES_PER_WORKFLOW} contacts at once under the vendor's rate limits: 429s absorbed, no update lost`,
		{ timeout: within(300_000) },
		async () => {
			const { cluster, sandbox } = q;
			const before = new Map([...sandbox.state.contacts.values()].map((contact) => [contact.phoneNumber, contact.annotation]));
			assert.equal(before.size, UPSERT_CONTACTS, 'the contacts of the previous test are there');
			// Two workers busy at once, arranged rather than hoped for (Bull hands a job to whichever worker asks
			// first): each worker now takes one execution at a time, and the sandbox holds every update until both
			// runs have sent their first. A's worker is busy with A, so only the other worker can take B, and
			// neither run can end before the other has begun.
			await Promise.all(cluster.workers.map((worker) => cluster.stopProcess(worker)));
			await Promise.all(cluster.workers.map((worker) => cluster.startProcess(worker, { concurrency: 1 })));
			const started = Date.now();
			for (const workflow of [UPDATE_A, UPDATE_B]) await cluster.main.api('POST', `/workflows/${workflow.id}/activate`);
			sandbox.clearRequests();
			sandbox.setFaults({ enforceRateLimits: true });
			const isA = (path) => Number(path.slice(-7)) < UPDATES_PER_WORKFLOW;
			const hold = sandbox.hold({ method: 'PUT' });
			try {
				const heldOf = async (label, webhookPath, isOurs) => {
					assert.equal(await callActivatedWebhook(webhookPath), 200);
					const held = await eventually(
						() => hold.waiting.filter(isOurs),
						(paths) => paths.length > 0,
						{ timeoutMs: within(60_000), intervalMs: 100 },
					);
					assert.ok(held.length > 0, `workflow ${label} started and sent its first update`);
				};
				await heldOf('A', 'helena-queue-update-a', isA);
				await heldOf('B', 'helena-queue-update-b', (path) => !isA(path));
				// Another client of the same account (a third worker, another integration) has just used up the
				// 5-second window: the held first update of each run meets a 429, however fast this machine runs
				// the workers; after that, the two paced workers together exceed the limit whenever they are fast.
				let otherClient = 0;
				while (sandbox.faults.limiter.admit(sandbox.apiKey, Date.now())) otherClient++;
				figures.updatesOtherClient = otherClient;
				hold.release();
				const runs = await eventually(
					async () => [...(await executionsOf(UPDATE_A.id)), ...(await executionsOf(UPDATE_B.id))],
					(list) => finished(list, 2),
					{ timeoutMs: within(240_000), intervalMs: 1000 },
				);
				figures.updatesMs = Date.now() - started;
				assert.deepEqual(
					runs.map((run) => run.status),
					['success', 'success'],
				);
				const [a, b] = runs;

				// The arrangement above held: one workflow on each worker, the two runs overlapping in time.
				const workerOf = cluster.workerOf();
				const ranOn = [workerOf.get(String(a.id)), workerOf.get(String(b.id))];
				assert.ok(
					ranOn[0]?.length === 1 && ranOn[1]?.length === 1 && ranOn[0][0] !== ranOn[1][0],
					`each workflow ran once, on its own worker (${ranOn.map((names) => names?.join(' then ') ?? 'none').join(', ')})`,
				);
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
				const throttledA = throttled.filter((request) => isA(request.decodedPath)).length;
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
				figures.medianGapMs = {
					A: medianGap(puts.filter((request) => isA(request.decodedPath))),
					B: medianGap(puts.filter((request) => !isA(request.decodedPath))),
				};
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
					updateWorkers: ranOn.map((names) => names[0]),
				});
				log(
					`${applied.length} updates applied on ${ranOn.map((names) => names[0]).join(' and ')} in ${seconds(figures.updatesMs)}; ${throttled.length} answers were 429 (A ${throttledA}, B ${throttledB}), retried; busiest 5 s: ${busiest} admitted`,
				);
			} finally {
				hold.release();
				sandbox.setFaults({ enforceRateLimits: false });
				for (const workflow of [UPDATE_A, UPDATE_B]) await cluster.main.api('POST', `/workflows/${workflow.id}/deactivate`).catch(() => {});
			}
		},
	);

	test(
		'Send and Wait for Response: the approve link, opened through nginx, reaches a webhook process, which resumes the waiting execution; a worker finishes it',
		{ timeout: within(240_000) },
		async () => {
			const { cluster, sandbox } = q;
			sandbox.chat.contactWrites(WAIT_PHONE, 'oi');
			await cluster.main.api('POST', `/workflows/${SEND_AND_WAIT.id}/activate`);
			try {
				assert.equal(await callActivatedWebhook('helena-queue-wait'), 200);
				const { links } = await eventually(
					() => sentLinks(sandbox, WAIT_QUESTION),
					(sent) => sent.links.length === 2,
					{ timeoutMs: within(60_000), intervalMs: 250 },
				);
				assert.equal(links.length, 2, 'the question with its two links reached Helena');
				assert.ok(links[0].startsWith(`${q.nginx.url}/webhook-waiting/`), `the link points at the balancer: ${links[0]}`);
				const id = new URL(links[0]).pathname.split('/')[2];
				const waiting = await eventually(
					() => cluster.main.api('GET', `/executions/${id}`),
					(execution) => execution.status === 'waiting',
					{ timeoutMs: within(60_000) },
				);
				assert.equal(waiting.status, 'waiting');

				const from = q.nginx.requests().length;
				const answer = await fetch(links[0], { headers: { 'user-agent': 'Mozilla/5.0 (queue test)' } });
				assert.equal(answer.status, 200);
				assert.match(await answer.text(), /Your answer was recorded/);
				const done = await eventually(
					() => cluster.main.api('GET', `/executions/${id}?includeData=true`),
					(execution) => execution.finished || execution.status === 'error',
					{ timeoutMs: within(90_000) },
				);
				assert.equal(done.status, 'success');
				const [item] = outputOf(done.data.resultData.runData, 'Done');
				assert.equal(item.response, 'approved');
				assert.equal(item.respondedBy.phoneNumber, WAIT_PHONE);

				const opened = q.nginx
					.requests()
					.slice(from)
					.filter((request) => request.path.startsWith('/webhook-waiting/'));
				const webhookPorts = QueueCluster.webhookPorts(BASE_PORT).map(String);
				assert.equal(opened.length, 1);
				const upstream = lastUpstream(opened[0]);
				assert.ok(webhookPorts.includes(upstream?.split(':').pop()), `a webhook process answered the link (${upstream})`);
				const workers = cluster.workerOf().get(String(id)) ?? [];
				assert.ok(workers.length > 0, 'a worker ran the execution');
				figures.sendAndWait = { webhookProcess: upstream, workers };
				log(`Send and Wait: the link reached ${upstream}, execution ${id} ran on ${workers.join(' then ')}`);
			} finally {
				await cluster.main.api('POST', `/workflows/${SEND_AND_WAIT.id}/deactivate`).catch(() => {});
			}
		},
	);

	test(
		`One answer per burst: ${BURST_KINDS.length} contacts each write ${BURST_TEXTS.length} messages ${BURST_GAP_MS} ms apart at the same time, every delivery of every other burst sent twice at once, two conversations' notes list lagging its writes by ${NOTES_LAG_MS / 1000} s, one's failing until its executions gave up (then its last message is delivered again); the deliveries reach both webhook processes, the workers run them, and each conversation gets one answer with all its messages`,
		{ timeout: within(300_000) },
		async (t) => {
			const { cluster, sandbox } = q;
			await activateTrigger(t, BURST.id);
			const from = await lastExecutionId(BURST.id);
			const nginxFrom = q.nginx.requests().length;
			sandbox.clearRequests();
			t.after(() => {
				sandbox.misbehaviour.clear();
				sandbox.faults.scripted.length = 0;
			});

			/** A note younger than NOTES_LAG_MS is not listed yet (written, stamped, but not in the list). */
			const lagging = (answer) => ({
				...answer,
				items: answer.items.filter((note) => Date.parse(note.createdAt) < Date.now() - NOTES_LAG_MS),
			});
			const notesOf = (sessionId) => new RegExp(`/session/${sessionId}/note$`);
			const isClaim = (request) =>
				request.method === 'POST' && request.decodedPath.endsWith('/note') && /claim [0-9a-f]+\)$/.test(request.body?.text ?? '');
			/**
			 * The conversation's answer is held until `claims` executions claimed its burst: duplicates that all read the
			 * history before any answer, so only the claims (listed 5 s late) can keep them to one.
			 */
			const holdAnswerUntilClaims = async (sessionId, claims) => {
				const hold = sandbox.hold({ method: 'POST', path: new RegExp(`/session/${sessionId}/message$`) });
				await eventually(
					() => sandbox.requests.filter((request) => isClaim(request) && request.decodedPath.includes(sessionId)).length,
					(count) => count >= claims,
					{ timeoutMs: within(30_000), intervalMs: 200 },
				);
				hold.release();
			};
			const heldAnswers = [];
			// every delivery of every other burst goes out twice at the same moment (a retry racing the first attempt)
			const twice = (index) => index % 2 === 0;
			sandbox.deliverTwice(
				(eventType, content) => eventType === 'MESSAGE_RECEIVED' && twice(Number(/\((\d+)\)$/.exec(content.text)?.[1]) - 1),
			);
			let bursts;
			try {
				bursts = await Promise.all(
					BURST_KINDS.map(async (kind, index) => {
						await sleep(index * 150);
						const phone = `+55|3197${String(7000000 + index)}`;
						const texts = BURST_TEXTS.map((text) => `${text} (${index + 1})`);
						// the first message opens the conversation: its notes misbehave from then on
						const { id: sessionId } = sandbox.chat.contactWrites(phone, texts[0]);
						if (kind === 'lagging') sandbox.misbehaviour.always({ method: 'GET', path: notesOf(sessionId), reshape: lagging });
						if (kind === 'lagging' && twice(index)) heldAnswers.push(holdAnswerUntilClaims(sessionId, 2));
						if (kind === 'failing') sandbox.failNext(1000, { status: 503, retryAfterSeconds: 1, method: 'GET', path: notesOf(sessionId) });
						await sleep(BURST_GAP_MS);
						const { messages } = await sandbox.chat.contactWritesBurst(phone, texts.slice(1), { gapMs: BURST_GAP_MS });
						return { kind, texts, sessionId, lastId: messages.at(-1).id };
					}),
				);
				await sandbox.waitForDeliveries();
			} finally {
				sandbox.deliverTwice(undefined);
			}
			const doubled = BURST_KINDS.filter((_, index) => twice(index)).length;
			const delivered = (BURST_KINDS.length + doubled) * BURST_TEXTS.length;
			await Promise.all(heldAnswers);
			const firstRound = await settledExecutions(BURST.id, delivered, { after: from, timeoutMs: within(120_000) });
			assert.equal(firstRound.length, delivered, `one execution per delivery: ${firstRound.length}, not ${delivered}`);
			const answersIn = (sessionId) =>
				sandbox.chat
					.history(sessionId)
					.filter((message) => message.direction === 'TO_HUB')
					.map((message) => message.text);
			const sessionOf = (execution) => outputOf(execution.data?.resultData?.runData, 'Helena Trigger')[0]?.content?.sessionId;

			// the failing conversation: every execution that claimed its burst gave up on the notes list, withdrew its
			// claim and failed; none answered. Then Helena lists the notes again, and its last message comes once more.
			const failing = bursts.find((burst) => burst.kind === 'failing');
			const failed = firstRound.filter((execution) => execution.status !== 'success');
			assert.ok(failed.length >= 1, 'an execution of the failing conversation claimed its burst and gave up');
			for (const execution of failed) {
				const error = execution.data?.resultData?.error;
				assert.equal(sessionOf(execution), failing.sessionId, `execution ${execution.id} failed: ${error?.message}`);
				assert.match(error?.message ?? '', /Helena answered 503 .*after 10 attempts/);
				assert.match(error?.description ?? '', /The burst did not go on from this execution\. The claim note was deleted again\./);
			}
			assert.deepEqual(answersIn(failing.sessionId), []);
			sandbox.faults.scripted.length = 0;
			await sandbox.redeliver((entry) => entry.eventType === 'MESSAGE_RECEIVED' && entry.body.content.id === failing.lastId);
			const deliveries = delivered + 1;
			const executions = await settledExecutions(BURST.id, deliveries, { after: from, timeoutMs: within(60_000) });
			// a burst answered twice would show up within the quiet time
			await sleep(BURST_QUIET_SECONDS * 1000 + 2000);
			assert.equal(executions.length, deliveries, `one execution per delivery: ${executions.length}, not ${deliveries}`);
			assert.deepEqual(
				executions.filter((execution) => execution.status !== 'success').map((execution) => execution.id),
				failed.map((execution) => execution.id),
			);

			assert.deepEqual(
				bursts.map(({ sessionId }) => answersIn(sessionId)),
				bursts.map(({ texts }) => [`Recebi ${texts.length}: ${texts.join('\n')}`]),
			);
			const through = deliveriesThroughNginx(nginxFrom);
			assert.equal(through.length, deliveries);
			const perWebhook = countBy(through.map(lastUpstream));
			assert.equal(Object.keys(perWebhook).length, 2, `both webhook processes took deliveries (${JSON.stringify(perWebhook)})`);
			const workerOf = cluster.workerOf();
			const perWorker = countBy(executions.map((execution) => workerOf.get(String(execution.id))?.join(' then ') ?? 'none'));
			const reads = sandbox.requests.filter((request) => request.method === 'GET' && request.decodedPath.startsWith('/chat/v1/session/'));
			// more claims than conversations: duplicates that both found their message the newest, and the claim decided
			const claims = sandbox.requests.filter(isClaim).length;
			const notesLists = {};
			for (const { kind, sessionId } of bursts)
				notesLists[kind] = (notesLists[kind] ?? 0) + reads.filter((request) => notesOf(sessionId).test(request.decodedPath)).length;
			figures.burst = {
				deliveries,
				perWebhook,
				perWorker,
				claims,
				failedExecutions: failed.length,
				notesLists,
				readsPerMessage: Number((reads.length / deliveries).toFixed(2)),
			};
			log(
				`bursts: ${deliveries} deliveries ${JSON.stringify(perWebhook)}, executions ${JSON.stringify(perWorker)}, ${reads.length} reads (notes lists by kind ${JSON.stringify(notesLists)}), ${claims} claim notes, ${failed.length} executions gave up on the failing notes list, one answer each`,
			);
		},
	);
});
