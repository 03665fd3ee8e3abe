#!/usr/bin/env node
// npm run bench: the Helena node beside n8n's own floor (a NoOp node over the same items, in the same
// execution) and beside n8n's HTTP Request node doing the same job, all in one real n8n (one `n8n execute`
// process per leg, so peak memory is per leg), against the sandbox with an injected round-trip latency and
// the vendor's rate limits on. Prints tables. Not a test: nothing here decides whether `npm test` passes.
//   npm run bench [-- --contacts 10000 --http-contacts 500 --latency 20 --port 5750 --only upsert,curve]
//   --only campaign               the template campaign alone (1,000 recipients: batch, per item, HTTP Request; about 8 minutes
//                                 per way Helena counts the send family: --send-counting request,message)
//   --recipients 1000,10000 --campaign-legs batch,perItem,http   campaign sizes and ways to run it
//   --only sharing              1, 2 and 4 `n8n execute` processes with one credential updating contacts one per item at
//                               the same time (--processes 1,2,4 --updates 500), this build against --baseline: git refs,
//                               each packed from `git archive` into a temporary folder, named or not (default main;
//                               --baseline fixed=bead08f,halving=a4b92fc: the fixed pacing and the first learning one)
//   npm run bench -- --full     adds the 100,000-contact leg to the curve, the memory legs, the sustained run and sharing
//                               (2 × 100,000 contacts on one account: over 5 minutes; about 10 minutes more in all)
//   --only burst                one answer per burst in a running n8n: bursts of 1, 4 and 20 messages (--burst-sizes), a
//                               second apart (--burst-gap ms), the last delivered twice, a duplicate storm, a late delivery;
//                               Collect Burst beside Wait + Get Messages + Code + Get Conversation (bench/burst.mjs);
//                               --burst-quiet seconds (default 5, the operation's default), --burst-ways collect,handBuilt;
//                               n8n listens on --port or a free one
//   --skip-build                packs the dist already built (several benchmarks started side by side)
//   --cpu-prof <dir>            writes a V8 CPU profile of every n8n process into <dir>
import { execFileSync, execSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { parseArgs } from 'node:util';

import { N8n, ensureN8n, packPackage, prepareUserFolder, temporaryUserFolder } from '../scripts/lib/n8n.mjs';
import { burstBench } from './burst.mjs';
import { benchCredentials, contactAt, scenarios, useItemsServer } from './workflows.mjs';

const require = createRequire(import.meta.url);
const { startSandbox } = require('../test/sandbox/index.js');

const SECTIONS = ['upsert', 'returnall', 'peritem', 'budget', 'campaign', 'curve', 'burst', 'memory', 'sustained', 'sharing'];
const { values } = parseArgs({
	options: {
		contacts: { type: 'string', default: '10000' },
		'http-contacts': { type: 'string', default: '500' },
		latency: { type: 'string', default: '20' },
		'get-items': { type: 'string', default: '1000' },
		recipients: { type: 'string', default: '1000' },
		'send-counting': { type: 'string', default: 'request,message' },
		'campaign-legs': { type: 'string', default: 'batch,perItem,http' },
		processes: { type: 'string', default: '1,2,4' },
		updates: { type: 'string', default: '500' },
		'sharing-limits': { type: 'string', default: 'short' },
		baseline: { type: 'string', default: 'main' },
		'skip-build': { type: 'boolean', default: false },
		port: { type: 'string', default: '' },
		full: { type: 'boolean', default: false },
		only: { type: 'string', default: '' },
		'cpu-prof': { type: 'string', default: '' },
		'burst-sizes': { type: 'string', default: '1,4,20' },
		'burst-gap': { type: 'string', default: '1000' },
		'burst-quiet': { type: 'string', default: '5' },
		'burst-ways': { type: 'string', default: 'collect,handBuilt' },
	},
});
const N = Number(values.contacts);
const N_HTTP = Number(values['http-contacts']);
const LATENCY = Number(values.latency);
const PER_ITEM = Number(values['get-items']);
const RECIPIENTS = values.recipients.split(',').map(Number);
const SEND_COUNTING = values['send-counting'].split(',');
const CAMPAIGN_LEGS = new Set(values['campaign-legs'].split(','));
const PROCESSES = values.processes.split(',').map(Number);
const UPDATES = Number(values.updates);
const SHARING_LIMITS = values['sharing-limits'].split(',');
for (const limits of SHARING_LIMITS)
	if (!['short', 'both'].includes(limits)) throw new Error(`--sharing-limits: unknown "${limits}"; use short, both`);
const CURVE = values.full ? [1_000, 10_000, 100_000] : [1_000, 10_000];
const MEMORY_ITEMS = 100_000;
const FULL_ONLY = ['memory', 'sustained', 'sharing'];
const only = new Set(values.only ? values.only.split(',') : SECTIONS.filter((section) => values.full || !FULL_ONLY.includes(section)));
for (const section of only)
	if (!SECTIONS.includes(section)) throw new Error(`--only: unknown section "${section}"; use ${SECTIONS.join(', ')}`);

// Math.max(...values) overflows the stack past some 100,000 values (a 50-minute leg samples its memory that often)
const largest = (values) => values.reduce((most, value) => (value > most ? value : most), -Infinity);
const smallest = (values) => values.reduce((least, value) => (value < least ? value : least), Infinity);

/** A port nothing listens on (n8n execute does not listen, but its settings need one). */
async function freePort() {
	const server = createServer();
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address();
	await new Promise((resolve) => server.close(resolve));
	return port;
}

const install = ensureN8n();
const userFolder = temporaryUserFolder(packPackage({ build: !values['skip-build'] }), 'helena-bench-');
const sandbox = await startSandbox({ port: 0, apiKey: 'bench-key', seed: 'empty', enforceRateLimits: true });
const itemsServer = await serveContacts();
useItemsServer(itemsServer.url);
const nodeArgs = values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`] : [];
const n8n = new N8n({ install, userFolder: userFolder.folder, port: Number(values.port) || (await freePort()), nodeArgs });
await n8n.importCredentials(benchCredentials(sandbox));

/** The plain-items source: GET /contacts?count=N answers N contacts as one JSON list (see `plainItems`). */
async function serveContacts() {
	const server = createHttpServer((request, response) => {
		const count = Number(new URL(request.url, 'http://localhost').searchParams.get('count'));
		response.writeHead(200, { 'content-type': 'application/json' });
		response.end(JSON.stringify(Array.from({ length: count }, (_, i) => contactAt(i))));
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	return { url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

const CLOCK_TICK_MS = 10; // /proc/<pid>/stat counts CPU time in ticks of 1/100 s

/**
 * Resident memory and CPU time of a child, read from /proc while it runs: the peak (VmHWM only grows) and
 * timed samples of [time, RSS kB, CPU ms].
 */
function watchMemory(child) {
	const watch = { peakKb: 0, samples: [] };
	const read = () => {
		try {
			const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
			const peak = /VmHWM:\s+(\d+) kB/.exec(status);
			const now = /VmRSS:\s+(\d+) kB/.exec(status);
			// utime and stime are fields 14 and 15; the command name before them may hold spaces
			const [utime, stime] = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ').slice(11, 13).map(Number);
			if (peak) watch.peakKb = Math.max(watch.peakKb, Number(peak[1]));
			if (now) watch.samples.push([Date.now(), Number(now[1]), (utime + stime) * CLOCK_TICK_MS]);
		} catch {
			// the process has exited
		}
	};
	watch.timer = setInterval(read, 20);
	child.once('exit', () => clearInterval(watch.timer));
	return watch;
}

/** Milliseconds of [from, to] during which at least one request was at the sandbox (arrival to answer). */
function wireMs(requests, from, to) {
	const spans = requests
		.map((request) => [Math.max(from, request.at), Math.min(to, request.answeredAt ?? to)])
		.filter(([start, end]) => end > start)
		.sort((a, b) => a[0] - b[0]);
	let total = 0;
	let coveredTo = from;
	for (const [start, end] of spans) {
		if (end <= coveredTo) continue;
		total += end - Math.max(start, coveredTo);
		coveredTo = end;
	}
	return total;
}

/**
 * Runs one leg with fresh rate windows (a fresh account: each n8n process starts with an empty budget)
 * and returns what the tables need for the node under test (`node`) and the NoOp beside it.
 */
async function leg(workflow, { node = 'Helena', latencyMs = LATENCY, limits = true, extraNodes = [], service = '/core' } = {}) {
	sandbox.setFaults({ latencyMs, enforceRateLimits: false });
	sandbox.setFaults({ enforceRateLimits: limits });
	await n8n.importWorkflow(workflow);
	sandbox.clearRequests();
	let memory;
	const result = await n8n.execute(workflow.id, { timeoutMs: 3_600_000, onSpawn: (child) => (memory = watchMemory(child)) });
	if (!result.ok)
		throw new Error(
			`${workflow.name} failed (exit ${result.code}): ${result.unreadable ?? JSON.stringify(result.error)}\n${result.raw.stderr.slice(-2000)}`,
		);
	const task = result.runData[node][0];
	const nodeMs = task.executionTime + extraNodes.reduce((sum, name) => sum + result.runData[name][0].executionTime, 0);
	const requests = sandbox.requests.filter((request) => request.path.startsWith(service));
	const wire = wireMs(requests, task.startTime, task.startTime + nodeMs);
	const sampleAt = (time) => memory.samples.filter(([at]) => at <= time).at(-1) ?? [0, 0, 0];
	const rssAt = (time) => sampleAt(time)[1];
	const during = memory.samples.filter(([at]) => at >= task.startTime && at <= task.startTime + nodeMs).map(([, kb]) => kb);
	return {
		items: task.data.main[0].length,
		requests: requests.length,
		throttled: requests.filter((request) => request.status === 429).length,
		sendRequests: requests.filter((request) => /^\/chat\/v1\/send\//.test(request.path) && request.status !== 429).length,
		nodeMs,
		wireMs: wire,
		offWireMs: nodeMs - wire,
		// CPU the whole n8n process used while the node ran (20 ms samples, 10 ms ticks: coarse for short nodes)
		cpuMs: sampleAt(task.startTime + nodeMs + 20)[2] - sampleAt(task.startTime)[2],
		noopMs: result.runData.NoOp?.[0].executionTime,
		peakMb: Math.round(memory.peakKb / 1024),
		nodeGrowthMb: during.length ? Math.round((largest(during) - rssAt(task.startTime)) / 1024) : undefined,
		arrivals: requests.map((request) => request.at),
		/** When the first and last request of each kind arrived, relative to the node's start, and the longest pause. */
		timeline: [...new Set(requests.map((request) => `${request.method} ${request.path}`))].map((kind) => {
			const list = requests.filter((request) => `${request.method} ${request.path}` === kind);
			const at = list.map((request) => request.at - task.startTime).sort((a, b) => a - b);
			const pause = at.reduce((max, time, i) => (i ? Math.max(max, time - at[i - 1]) : max), 0);
			return `${kind}: ${list.length} from ${fixed(at[0] / 1000, 1)} s to ${fixed(at.at(-1) / 1000, 1)} s, longest pause ${fixed(pause / 1000, 1)} s, ${list.filter((request) => request.status === 429).length} × 429`;
		}),
		lastAnswer: largest([0, ...requests.map((request) => request.answeredAt ?? 0)]),
		firstArrival: smallest(requests.map((request) => request.at)),
		startTime: task.startTime,
	};
}

function maxInWindow(times, windowMs) {
	let max = 0;
	for (let first = 0, last = 0; last < times.length; last++) {
		while (times[last] - times[first] >= windowMs) first++;
		max = Math.max(max, last - first + 1);
	}
	return max;
}

const fixed = (value, digits = 1) => (value === undefined || !Number.isFinite(value) ? 'n/a' : value.toFixed(digits));
const perItemUs = (ms, n) => fixed((ms * 1000) / n, 1);
const times = (a, b) => (b > 0 ? `${fixed(a / b, 1)}×` : 'n/a');
const progress = (message) => process.stderr.write(`${message}\n`);
/** The machine is shared: the 1-minute load average beside each figure. */
const load = () => fixed(loadavg()[0], 1);

function table(header, lines) {
	const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => String(line[i]).length)));
	const pad = (text, width) => String(text).padEnd(width);
	return [
		`| ${header.map((h, i) => pad(h, widths[i])).join(' | ')} |`,
		`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
		...lines.map((line) => `| ${line.map((v, i) => pad(v, widths[i])).join(' | ')} |`),
	].join('\n');
}

const rows = [];
/** A row of the main table; `floor` is the NoOp over the same items in the same execution. */
const row = (scenario, approach, r, n) =>
	rows.push([
		scenario,
		approach,
		r.items,
		r.requests,
		r.throttled,
		r.nodeMs,
		r.wireMs,
		r.offWireMs,
		perItemUs(r.offWireMs, n),
		r.cpuMs,
		r.noopMs ?? '',
		r.noopMs === undefined ? '' : times(r.offWireMs, r.noopMs),
		r.peakMb,
	]);
const notes = [];

if (only.has('upsert')) {
	progress(`\nCreate or Update Many: ${N} contacts (Helena, auto-map and Define Below) vs ${N_HTTP} (HTTP Request), ${LATENCY} ms latency`);
	const autoMap = await leg(scenarios.upsertHelena(N));
	const plain = await leg(scenarios.upsertHelena(N, { plain: true }));
	// the node's fixed cost (its parameters, n8n's credential read, the first request) is what one contact costs
	const single = await leg(scenarios.upsertHelena(1, { plain: true, id: 'benchUpsertOne00' }));
	const defineBelow = await leg(scenarios.upsertHelena(N, { defineBelow: true }));
	const setFloor = await leg(scenarios.upsertSetFloor(N), { node: 'Edit Fields' });
	const http = await leg(scenarios.upsertHttp(sandbox.url, N_HTTP), { node: 'HTTP Request' });
	row('upsert', `Helena Create or Update Many, auto-map, Code node items (${N})`, autoMap, N);
	row('upsert', `Helena Create or Update Many, auto-map, plain items (${N})`, plain, N);
	row('upsert', 'Helena Create or Update Many, auto-map, plain items (1)', single, 1);
	row('upsert', `Helena Create or Update Many, Define Below (${N})`, defineBelow, N);
	row('upsert', `Edit Fields with the same 5 expressions (${N}), no request`, setFloor, N);
	row('upsert', `HTTP Request, one call per item, 35/s (${N_HTTP})`, http, N_HTTP);
	notes.push(
		`upsert: ${autoMap.requests} requests for ${N} contacts (ceil(N/100) = ${Math.ceil(N / 100)}); time per contact ${fixed(autoMap.nodeMs / N, 3)} ms (auto-map) vs ${fixed(http.nodeMs / N_HTTP, 1)} ms (HTTP Request): ${fixed(http.nodeMs / N_HTTP / (autoMap.nodeMs / N), 0)}× faster`,
		`upsert: plain items: first request ${plain.firstArrival - plain.startTime} ms after the node started, node ended ${plain.startTime + plain.nodeMs - plain.lastAnswer} ms after the last answer`,
		`upsert: plain items: off the wire ${plain.offWireMs} ms = ${single.offWireMs} ms fixed (the 1-contact leg: parameters, credential, first request) + ${perItemUs(plain.offWireMs - single.offWireMs, N - 1)} µs per further contact; NoOp ${perItemUs(plain.noopMs, N)} µs per contact; per-contact cost ${times(plain.offWireMs - single.offWireMs, plain.noopMs)} the NoOp's`,
		`upsert: auto-map's first request left ${autoMap.firstArrival - autoMap.startTime} ms after the node started; the node ended ${autoMap.startTime + autoMap.nodeMs - autoMap.lastAnswer} ms after the last answer`,
		`upsert: Define Below off the wire ${times(defineBelow.offWireMs, setFloor.nodeMs)} an Edit Fields node evaluating the same expressions (${setFloor.nodeMs} ms): n8n's expression cost is the floor there`,
	);
}

if (only.has('returnall')) {
	sandbox.reset('empty');
	sandbox.seedContacts(N);
	progress(`Return All over ${sandbox.state.contacts.size} contacts, ${LATENCY} ms latency`);
	const list = await leg(scenarios.returnAllHelena());
	const listHttp = await leg(scenarios.returnAllHttp(sandbox.url), { node: 'HTTP Request', extraNodes: ['Split Out'] });
	row('return all', `Helena Get Many, Return All (${N})`, list, N);
	row('return all', `HTTP Request pagination + Split Out (${N})`, listHttp, N);
	notes.push(
		`return all: ${list.requests} requests, node time ${fixed(list.nodeMs / (list.requests * LATENCY), 2)}× of requests × latency; HTTP Request ${times(listHttp.nodeMs, list.nodeMs)} Helena's time`,
	);
}

if (only.has('peritem')) {
	if (sandbox.state.contacts.size < PER_ITEM) sandbox.seedContacts(PER_ITEM - sandbox.state.contacts.size);
	const ids = [...sandbox.state.contacts.keys()].slice(0, PER_ITEM);
	progress(`Per-item operations over ${PER_ITEM} items, 0 ms latency, limits and Helena's pacing off`);
	for (const [operation, label] of [
		['get', 'Get'],
		['update', 'Update (name)'],
		['updateTags', 'Add Tags'],
	]) {
		const r = await leg(scenarios.perItemHelena(operation, ids, { paced: false }), { latencyMs: 0, limits: false });
		row('per item', `Helena ${label} (${PER_ITEM}, pacing off)`, r, PER_ITEM);
	}
	const getHttp = await leg(scenarios.getByIdHttp(sandbox.url, ids), { node: 'HTTP Request', latencyMs: 0, limits: false });
	row('per item', `HTTP Request Get (${PER_ITEM})`, getHttp, PER_ITEM);
}

if (only.has('budget')) {
	const ids = [...sandbox.state.contacts.keys()].slice(0, PER_ITEM);
	progress(`Rate budget: ${ids.length} requests with the vendor limits on, 0 ms latency`);
	const budget = await leg(scenarios.perItemHelena('get', ids), { latencyMs: 0, limits: true });
	row('rate budget', `Helena Get (${ids.length}, limits on)`, budget, ids.length);
	notes.push(
		`rate budget: busiest 5-second window ${maxInWindow(budget.arrivals, 5000)} requests (vendor limit 200), ${budget.throttled} answers 429`,
	);
}

const campaign = [];
const campaignNotes = [];
if (only.has('campaign')) {
	const { demo } = require('../test/sandbox/index.js');
	const sends = (r) => r.timeline.filter((line) => line.startsWith('POST /chat/v1/send/'));
	for (const counting of SEND_COUNTING)
		for (const recipients of RECIPIENTS) {
			progress(
				`Campaign: one template to ${recipients} recipients (${[...CAMPAIGN_LEGS].join(', ')}); the sandbox counts the send family per ${counting}; ${LATENCY} ms latency, limits on`,
			);
			const legs = [
				[
					'batch',
					'Helena Send Template to Many',
					() => leg(scenarios.campaignHelena('sendTemplateToMany', recipients, target()), { service: '/chat' }),
				],
				[
					'perItem',
					'Helena Send Template, one per item',
					() => leg(scenarios.campaignHelena('sendTemplate', recipients, target()), { service: '/chat' }),
				],
				[
					'http',
					'HTTP Request, one call per item, 35/s',
					() => leg(scenarios.campaignHttp(sandbox.url, recipients, target()), { node: 'HTTP Request', service: '/chat' }),
				],
			];
			for (const [key, label, run] of legs) {
				if (!CAMPAIGN_LEGS.has(key)) continue;
				sandbox.reset('empty');
				sandbox.setFaults({ sendCounting: counting });
				let r;
				try {
					r = await run();
				} catch (error) {
					// a leg whose execution fails (HTTP Request's retries ending on a 429) is a result, not the end of the run
					const requests = sandbox.requests.filter((request) => request.path.startsWith('/chat'));
					r = {
						items: 'failed',
						requests: requests.length,
						throttled: requests.filter((request) => request.status === 429).length,
						sendRequests: requests.filter((request) => /^\/chat\/v1\/send\//.test(request.path) && request.status !== 429).length,
						nodeMs: NaN,
						timeline: [`${String(error.message).split('\n')[0].slice(0, 300)}`],
					};
				}
				r.load = load();
				campaign.push([counting, recipients, label, r]);
				campaignNotes.push(...sends(r).map((line) => `per ${counting}, ${recipients}, ${key}: ${line}`));
				if (r.items === 'failed') campaignNotes.push(`per ${counting}, ${recipients}, ${key}: ${r.timeline[0]}`);
				// printed as it comes: a later leg that breaks the run does not take this one with it
				progress(
					`  ${label}: ${r.items} items out, ${r.requests} requests (${r.sendRequests} sends applied), ${r.throttled} × 429, ${fixed(r.nodeMs / 1000, 1)} s`,
				);
			}
		}
	sandbox.setFaults({ sendCounting: 'request' });
	function target() {
		return { channelNumber: '5511940000001', templateId: demo.templateId('boas_vindas') };
	}
}

const curve = [];
if (only.has('curve')) {
	for (const size of CURVE) {
		progress(
			`Curve: Create or Update Many over ${size} contacts (plain items), then Return All over them, ${LATENCY} ms latency, limits on`,
		);
		sandbox.reset('empty');
		const started = Date.now();
		const upsert = await leg(scenarios.upsertHelena(size, { plain: true, id: 'benchCurveUpsert' }));
		const list = await leg(scenarios.returnAllHelena());
		curve.push({ size, upsert, list, seconds: (Date.now() - started) / 1000 });
	}
}

const memory = [];
if (only.has('memory')) {
	progress(`Memory: ${MEMORY_ITEMS} contacts through a NoOp node, through Create or Update Many, and Return All over them`);
	const floorBatch = await leg(scenarios.contactsNoOp(MEMORY_ITEMS), { node: 'NoOp' });
	// the curve's legs at this size when it ran them
	let { upsert: batch, list } = curve.find(({ size }) => size === MEMORY_ITEMS) ?? {};
	if (!batch) {
		sandbox.reset('empty');
		batch = await leg(scenarios.upsertHelena(MEMORY_ITEMS, { plain: true, id: 'benchCurveUpsert' }));
		list = await leg(scenarios.returnAllHelena());
	}
	// Return All has no NoOp leg of its own: as many contacts as input items make an
	// execution whose result n8n cannot print (over V8's 512 MB string limit); its NoOp is in its own execution.
	memory.push(['Create or Update Many', floorBatch, batch], ['Return All', undefined, list]);
}

let sustained;
if (only.has('sustained')) {
	progress(
		`Sustained: Create or Update Many over ${MEMORY_ITEMS} contacts, then Return All over them, in one execution (one budget), ${LATENCY} ms latency, limits on`,
	);
	sandbox.reset('empty');
	const started = Date.now();
	const r = await leg(scenarios.sustained(MEMORY_ITEMS), { extraNodes: ['Helena Return All'] });
	sustained = {
		...r,
		seconds: (Date.now() - started) / 1000,
		busiest5s: maxInWindow(r.arrivals, 5_000),
		busiest5min: maxInWindow(r.arrivals, 300_000),
	};
}

/** A tarball of the package at a git ref (today's build on main): `git archive` into a temporary folder, built there. */
function packAt(ref) {
	const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
	const dir = mkdtempSync(path.join(tmpdir(), 'helena-baseline-'));
	process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
	execSync(`git archive ${JSON.stringify(ref)} | tar -x -C ${JSON.stringify(dir)}`, { cwd: root });
	symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
	execFileSync('npm', ['run', '--silent', 'build'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
	execFileSync('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
	return path.join(
		dir,
		readdirSync(dir).find((file) => file.endsWith('.tgz')),
	);
}

const sharing = [];
if (only.has('sharing')) {
	const most = Math.max(...PROCESSES);
	sandbox.reset('empty');
	const ids = sandbox.seedContacts(most * UPDATES).map((contact) => contact.id);
	const workflows = Array.from({ length: most }, (_, i) => scenarios.sharingUpdate(i, ids.slice(i * UPDATES, (i + 1) * UPDATES)));
	const builds = [
		['learning (this build)', packPackage({ build: !values['skip-build'] })],
		// --baseline fixed=bead08f,halving=a4b92fc: each named git ref packed and run beside this build
		...values.baseline.split(',').map((entry) => {
			const [name, ref] = entry.includes('=') ? entry.split('=') : ['baseline', entry];
			return [`${name} (${ref})`, packAt(ref)];
		}),
	];
	for (const build of builds) {
		const [pacing, tarball] = build;
		progress(`Sharing: preparing ${most} user folders with ${pacing} pacing`);
		// one folder per process, as on separate machines; the same credential (one API key: one account) in each
		const processes = [];
		for (let i = 0; i < most; i++) {
			const folder = mkdtempSync(path.join(tmpdir(), 'helena-bench-share-'));
			process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
			prepareUserFolder(folder, tarball);
			const instance = new N8n({
				install,
				userFolder: folder,
				port: Number(values.port || 6310) + 10 + 20 * builds.indexOf(build) + 2 * i,
			});
			await instance.importCredentials(benchCredentials(sandbox));
			await instance.importWorkflows(workflows);
			processes.push(instance);
		}
		for (const [count, limits] of PROCESSES.flatMap((count) => SHARING_LIMITS.map((limits) => [count, limits]))) {
			progress(`Sharing: ${count} process(es) × ${UPDATES} updates, ${pacing} pacing, ${limits} limits, load ${load()}`);
			// fresh windows; "short": only the 200 per 5 s, so that a run can go over the 1,000 per 5 minutes, which
			// "both" enforces too (any run of over 1,000 requests then lasts more than 5 minutes)
			const rateLimits = limits === 'both' ? null : [{ windowMs: 5_000, max: 200 }];
			sandbox.setFaults({ enforceRateLimits: false, latencyMs: LATENCY, rateLimits });
			sandbox.setFaults({ enforceRateLimits: true });
			sandbox.clearRequests();
			const loadBefore = load();
			const results = await Promise.all(
				processes.slice(0, count).map((instance, i) => instance.execute(workflows[i].id, { timeoutMs: 3_600_000 })),
			);
			const requests = sandbox.requests.filter((request) => request.path.startsWith('/core'));
			const applied = requests.filter((request) => request.status === 200);
			const admitted = requests.filter((request) => request.admittedAt !== undefined).map((request) => request.admittedAt);
			const span = (largest(admitted) - smallest(admitted)) / 1000;
			// while every process still had work: up to the first process's last admitted request
			const lastOf = workflows.slice(0, count).map((workflow, i) => {
				const mine = new Set(ids.slice(i * UPDATES, (i + 1) * UPDATES).map((id) => `/core/v2/contact/${id}`));
				return largest(requests.filter((request) => mine.has(request.decodedPath) && request.admittedAt).map((r) => r.admittedAt));
			});
			const together = admitted.filter((at) => at <= Math.min(...lastOf));
			const togetherSpan = (Math.min(...lastOf) - smallest(admitted)) / 1000;
			sharing.push({
				pacing,
				count,
				limits,
				requests: requests.length,
				throttled: requests.filter((request) => request.status === 429).length,
				failed: count * UPDATES - applied.length,
				failedExecutions: results.filter((result) => !result.ok).length,
				seconds: span,
				rate: applied.length / span,
				togetherRate: together.length / togetherSpan,
				busiest5s: maxInWindow(
					[...admitted].sort((a, b) => a - b),
					5_000,
				),
				load: `${loadBefore}–${load()}`,
			});
		}
	}
	sandbox.setFaults({ enforceRateLimits: false, rateLimits: null });
}

let bursts = [];
let burstLoad = '';
if (only.has('burst')) {
	const loadBefore = load();
	sandbox.reset('empty');
	sandbox.setFaults({ latencyMs: LATENCY, enforceRateLimits: false, rateLimits: null });
	sandbox.setFaults({ enforceRateLimits: true });
	bursts = await burstBench({
		install,
		userFolder: userFolder.folder,
		port: Number(values.port) || (await freePort()),
		sandbox,
		sizes: values['burst-sizes'].split(',').map(Number),
		gapMs: Number(values['burst-gap']),
		quietSeconds: Number(values['burst-quiet']),
		ways: values['burst-ways'].split(','),
		progress,
	});
	burstLoad = `${loadBefore}–${load()}`;
}

await sandbox.close();
itemsServer.close();
userFolder.cleanup();

console.log(
	`\nn8n ${install.version}; sandbox latency ${LATENCY} ms; vendor rate limits on except "per item" (pacing and limits off, 0 ms latency).`,
);
console.log(
	'Wire = time some request was at the sandbox; off the wire = node time - wire; NoOp = n8n passing the same items through a NoOp node in the same execution.\n',
);
if (rows.length) {
	console.log(
		table(
			[
				'Scenario',
				'Approach',
				'Items out',
				'Requests',
				'429s',
				'Node ms',
				'Wire ms',
				'Off wire ms',
				'Off wire µs/item',
				'CPU ms',
				'NoOp ms',
				'Off wire / NoOp',
				'Peak RSS MB',
			],
			rows,
		),
	);
	console.log(`\n${notes.map((note) => `  ${note}`).join('\n')}`);
}
if (campaign.length) {
	console.log(
		`\nTemplate campaigns (${LATENCY} ms latency, vendor limits on; fresh rate windows per leg). Each /chat/v1/send endpoint allows 1,000 requests per 2 min; "Counted per" is how the sandbox counts a batch there (the vendor's words: per request).\n`,
	);
	const lines = campaign.map(([counting, recipients, label, r]) => [
		counting,
		recipients,
		label,
		r.items,
		r.requests,
		r.sendRequests,
		r.throttled,
		fixed(r.nodeMs / 1000, 1),
		r.load,
	]);
	console.log(
		table(['Counted per', 'Recipients', 'Approach', 'Items out', 'Requests', 'Send requests', '429s', 'Node s', 'Load avg'], lines),
	);
	console.log(`\n${campaignNotes.map((note) => `  ${note}`).join('\n')}`);
}
if (sharing.length) {
	console.log(
		`\nSharing one account: processes updating contacts one per item at the same time (${UPDATES} each, ${LATENCY} ms latency). Limits "short": the account's 200 requests per 5 s enforced (40/s); "both": and its 1,000 per 5 minutes, where "of the limit" is the shortest span the two windows allow over the span measured\n`,
	);
	// both windows: 1,000 at 200 per 5 s, then nothing until the first of them leave the 5 minutes, and so on
	const shortestSpan = (admitted) => Math.floor((admitted - 1) / 1_000) * 300 + Math.floor(((admitted - 1) % 1_000) / 200) * 5;
	const lines = sharing.map((r) => [
		r.pacing,
		r.limits,
		r.count,
		r.requests,
		r.throttled,
		`${fixed((r.throttled / r.requests) * 100, 1)}%`,
		r.failed,
		r.failedExecutions,
		fixed(r.seconds, 1),
		fixed(r.rate, 1),
		r.limits === 'both'
			? `${fixed((shortestSpan(r.count * UPDATES - r.failed) / r.seconds) * 100, 0)}%`
			: `${fixed((r.rate / 40) * 100, 0)}%`,
		r.limits === 'both' ? '' : `${fixed((r.togetherRate / 40) * 100, 0)}%`,
		r.busiest5s,
		r.load,
	]);
	console.log(
		table(
			[
				'Pacing',
				'Limits',
				'Processes',
				'Requests',
				'429s',
				'429 share',
				'Items not applied',
				'Failed executions',
				'Span s',
				'Applied/s',
				'Of the limit',
				'Of the limit while all ran',
				'Busiest 5 s',
				'Load avg',
			],
			lines,
		),
	);
}
if (curve.length) {
	console.log(
		`\nScaling: Create or Update Many (plain items), then Return All over the same contacts (${LATENCY} ms latency, limits on, fresh rate windows per leg)\n`,
	);
	const lines = [];
	for (const { size, upsert, list } of curve) {
		for (const [label, r] of [
			['Create or Update Many', upsert],
			['Return All', list],
		]) {
			const seconds = r.nodeMs / 1000;
			lines.push([
				size,
				label,
				r.requests,
				r.throttled,
				fixed(seconds, 2),
				fixed(r.wireMs / 1000, 2),
				r.offWireMs,
				perItemUs(r.offWireMs, size),
				r.cpuMs,
				perItemUs(r.cpuMs, size),
				r.noopMs,
				times(r.cpuMs, r.noopMs),
				fixed(r.requests / seconds, 1),
				maxInWindow(r.arrivals, 5000),
				r.peakMb,
			]);
		}
	}
	console.log(
		table(
			[
				'Contacts',
				'Operation',
				'Requests',
				'429s',
				'Node s',
				'Wire s',
				'Off wire ms',
				'Off wire µs/item',
				'CPU ms',
				'CPU µs/item',
				'NoOp ms',
				'CPU / NoOp',
				'Requests/s',
				'Busiest 5 s',
				'Peak RSS MB',
			],
			lines,
		),
	);
	console.log(
		"  Off the wire includes the waits of the node's own pacing (190 requests per 5 s); CPU is what the n8n process used while the node ran.",
	);
	console.log(
		`\n  vendor limits: 200 requests per 5 s and 1,000 per 5 min; the node keeps 190 per 5 s. Curve legs took ${curve.map(({ size, seconds }) => `${size}: ${fixed(seconds, 0)} s`).join(', ')} (with n8n boots).`,
	);
}
if (bursts.length) {
	const quiet = Number(values['burst-quiet']);
	console.log(
		`\nOne answer per burst: a contact writes N messages ${values['burst-gap']} ms apart, one MESSAGE_RECEIVED each; quiet time ${quiet} s; ${LATENCY} ms latency, vendor limits on, load average ${burstLoad}. Reads = GET requests on the conversation; other = requests that are neither reads nor the answer (Collect Burst's claim and confirmation notes); delay = from the burst's last message to the answer at Helena\n`,
	);
	const ways = { collect: 'Collect Burst', handBuilt: 'Wait + Get Messages + Code + Get Conversation (by hand)' };
	const lines = bursts.map((r) => [
		ways[r.way],
		r.label,
		r.deliveries,
		r.executions,
		r.failed,
		r.answers,
		r.answerCount,
		`${r.reads} (${r.messageReads} + ${r.reads - r.messageReads - r.noteReads} + ${r.noteReads})`,
		fixed(r.reads / r.size, 2),
		r.otherRequests,
		r.throttled,
		fixed(r.delayMs / 1000, 2),
	]);
	console.log(
		table(
			[
				'Way',
				'Messages',
				'Deliveries',
				'Executions',
				'Failed',
				'Answers',
				'Messages in the answer',
				'Reads (messages + conversation + notes)',
				'Reads/message',
				'Other requests',
				'429s',
				'Delay s',
			],
			lines,
		),
	);
	// the issue's bar for Collect Burst, scenario by scenario, against the hand-built way's run of the same scenario
	for (const collect of bursts.filter((r) => r.way === 'collect')) {
		const byHand = bursts.find((r) => r.way === 'handBuilt' && r.label === collect.label);
		const checks = [
			`one answer with all ${collect.size}: ${collect.answers === 1 && collect.answerCount === String(collect.size) ? 'met' : 'NOT MET'}`,
			byHand ? `reads ${collect.reads} ≤ by hand ${byHand.reads} + 1: ${collect.reads <= byHand.reads + 1 ? 'met' : 'NOT MET'}` : undefined,
			`delay ≤ quiet time + 1 s: ${collect.delayMs !== undefined && collect.delayMs <= (quiet + 1) * 1000 ? 'met' : 'NOT MET'}`,
		];
		console.log(`  ${collect.label}: ${checks.filter(Boolean).join('; ')}`);
	}
}
if (sustained) {
	const s = sustained;
	console.log(
		`\nSustained: ${MEMORY_ITEMS} contacts created or updated, then Return All over them, in one execution (one request budget):`,
	);
	console.log(
		`  ${s.requests} requests, ${s.throttled} answers 429, node time ${fixed(s.nodeMs / 1000, 1)} s (${fixed(s.requests / (s.nodeMs / 1000), 2)} requests/s), busiest 5 s: ${s.busiest5s} (vendor limit 200), busiest 5 min: ${s.busiest5min} (vendor limit 1,000); peak RSS ${s.peakMb} MB`,
	);
	for (const line of s.timeline) console.log(`  ${line}`);
}
if (memory.length) {
	console.log(
		`\nMemory over ${MEMORY_ITEMS} items: RSS of the n8n process while the node ran, and its peak against a leg that passes the same items through a NoOp node only\n`,
	);
	const perItem = (mb) => fixed((mb * 1024 * 1024) / MEMORY_ITEMS, 0);
	const lines = memory.map(([label, floor, r]) => [
		label,
		r.nodeGrowthMb,
		perItem(r.nodeGrowthMb),
		r.peakMb,
		floor?.peakMb ?? 'n/a',
		floor ? perItem(r.peakMb - floor.peakMb) : 'n/a',
	]);
	console.log(
		table(
			['Operation', 'RSS growth while the node ran MB', 'bytes/item', 'Process peak MB', 'NoOp leg peak MB', 'Peak difference bytes/item'],
			lines,
		),
	);
	console.log("  The process peak comes after the nodes, when n8n execute prints the whole execution (every node's items) as JSON.");
}
