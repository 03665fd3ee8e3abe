#!/usr/bin/env node
// npm run bench: the Helena node against n8n's HTTP Request node doing the same job, both in the same real
// n8n (one `n8n execute` process per leg, so peak memory is per leg), against the sandbox with an injected
// round-trip latency and the vendor's rate limits switched on. Prints a table. Not a test: nothing here
// decides whether `npm test` passes.
//   npm run bench [-- --contacts 10000 --http-contacts 500 --latency 20]
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';

import { N8n, ensureN8n, packPackage, temporaryUserFolder } from '../scripts/lib/n8n.mjs';
import { benchCredentials, scenarios } from './workflows.mjs';

const require = createRequire(import.meta.url);
const { startSandbox } = require('../test/sandbox/index.js');

const { values } = parseArgs({
	options: {
		contacts: { type: 'string', default: '10000' },
		'http-contacts': { type: 'string', default: '500' },
		latency: { type: 'string', default: '20' },
		'get-items': { type: 'string', default: '1000' },
	},
});
const N = Number(values.contacts);
const N_HTTP = Number(values['http-contacts']);
const LATENCY = Number(values.latency);
const GET_ITEMS = Number(values['get-items']);

const install = ensureN8n();
const userFolder = temporaryUserFolder(packPackage(), 'helena-bench-');
const sandbox = await startSandbox({ port: 0, apiKey: 'bench-key', seed: 'empty', enforceRateLimits: true });
const n8n = new N8n({ install, userFolder: userFolder.folder, port: 5720 });
await n8n.importCredentials(benchCredentials(sandbox));

/** Peak resident memory of a child, read from /proc while it runs (VmHWM only grows). */
function watchPeakMemory(child) {
	const watch = { peakKb: 0 };
	const read = () => {
		try {
			const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
			if (match) watch.peakKb = Math.max(watch.peakKb, Number(match[1]));
		} catch {
			// the process has exited
		}
	};
	watch.timer = setInterval(read, 50);
	child.once('exit', () => clearInterval(watch.timer));
	return watch;
}

/** Runs one leg: fresh rate windows, then the workflow; returns what the table needs. */
async function leg(workflow, { nodeNames, latencyMs = LATENCY, limits = true }) {
	sandbox.setFaults({ latencyMs, enforceRateLimits: false });
	sandbox.setFaults({ enforceRateLimits: limits });
	await n8n.importWorkflow(workflow);
	sandbox.clearRequests();
	let memory;
	const result = await n8n.execute(workflow.id, { timeoutMs: 3_600_000, onSpawn: (child) => (memory = watchPeakMemory(child)) });
	if (!result.ok) throw new Error(`${workflow.name} failed: ${JSON.stringify(result.error) ?? result.raw.stdout.slice(-2000)}`);
	// Node time: the nodes doing the job (for HTTP Request with pagination, also the Split Out it needs).
	const tasks = nodeNames.map((name) => result.runData[name][0]);
	const requests = sandbox.requests.filter((request) => request.path.startsWith('/core'));
	return {
		items: tasks.at(-1).data.main[0].length,
		requests: requests.length,
		throttled: requests.filter((request) => request.status === 429).length,
		nodeMs: tasks.reduce((sum, task) => sum + task.executionTime, 0),
		peakMb: Math.round(memory.peakKb / 1024),
		arrivals: requests.map((request) => request.at),
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

const rows = [];
const row = (scenario, approach, r, extra = '') => rows.push({ scenario, approach, ...r, extra });
const ratio = (a, b) => (b === 0 ? 'n/a' : (a / b).toFixed(3));

console.error(`\nScenario 1: create or update ${N} contacts (Helena) vs ${N_HTTP} (HTTP Request), ${LATENCY} ms latency`);
const upsertHelena = await leg(scenarios.upsertHelena(N), { nodeNames: ['Helena'] });
const upsertHttp = await leg(scenarios.upsertHttp(sandbox.url, N_HTTP), { nodeNames: ['HTTP Request'] });
const perContact = (r, n) => r.nodeMs / n;
row('1 upsert contacts', `Helena Create or Update Many (${N})`, upsertHelena, `${perContact(upsertHelena, N).toFixed(3)} ms/contact`);
row(
	'1 upsert contacts',
	`HTTP Request, one call per item, 35/s (${N_HTTP})`,
	upsertHttp,
	`${perContact(upsertHttp, N_HTTP).toFixed(3)} ms/contact`,
);
const s1 = perContact(upsertHelena, N) / perContact(upsertHttp, N_HTTP);

sandbox.reset('empty');
sandbox.seedContacts(N);
console.error(`Scenario 2: Return All over ${sandbox.state.contacts.size} contacts, ${LATENCY} ms latency`);
const listHelena = await leg(scenarios.returnAllHelena(), { nodeNames: ['Helena'] });
const listHttp = await leg(scenarios.returnAllHttp(sandbox.url), { nodeNames: ['HTTP Request', 'Split Out'] });
row(
	'2 return all',
	'Helena Get Many (Return All)',
	listHelena,
	`${(listHelena.nodeMs / (listHelena.requests * LATENCY)).toFixed(2)}× of requests × latency`,
);
row('2 return all', 'HTTP Request pagination + Split Out', listHttp);

console.error(`Scenario 3: get contact by id for ${GET_ITEMS} items, 0 ms latency, limits off, Helena's pacing off`);
const ids = [...sandbox.state.contacts.keys()].slice(0, GET_ITEMS);
const getHelena = await leg(scenarios.getByIdHelena(ids, { paced: false }), { nodeNames: ['Helena'], latencyMs: 0, limits: false });
const getHttp = await leg(scenarios.getByIdHttp(sandbox.url, ids), { nodeNames: ['HTTP Request'], latencyMs: 0, limits: false });
row('3 get by id', `Helena Get (${GET_ITEMS} items, pacing off)`, getHelena, `${(getHelena.nodeMs / GET_ITEMS).toFixed(3)} ms/item`);
row('3 get by id', `HTTP Request (${GET_ITEMS} items)`, getHttp, `${(getHttp.nodeMs / GET_ITEMS).toFixed(3)} ms/item`);

console.error(`Scenario 4: rate budget, ${GET_ITEMS} requests with the vendor limits on, 0 ms latency`);
const budget = await leg(scenarios.getByIdHelena(ids), { nodeNames: ['Helena'], latencyMs: 0, limits: true });
const busiest = maxInWindow(budget.arrivals, 5000);
row('4 rate budget', `Helena Get (${GET_ITEMS} items, limits on)`, budget, `max ${busiest} requests in any 5 s`);

await sandbox.close();
userFolder.cleanup();

const pad = (text, width) => String(text).padEnd(width);
const header = ['Scenario', 'Approach', 'Items out', 'Requests', '429s', 'Node time (ms)', 'Peak RSS (MB)', 'Notes'];
const lines = rows.map((r) => [r.scenario, r.approach, r.items, r.requests, r.throttled, r.nodeMs, r.peakMb, r.extra]);
const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => String(line[i]).length)));
console.log(
	`\nn8n ${install.version}, sandbox latency ${LATENCY} ms, vendor rate limits on (except scenario 3, which measures per-item overhead with the limits and Helena's pacing off)\n`,
);
console.log(`| ${header.map((h, i) => pad(h, widths[i])).join(' | ')} |`);
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const line of lines) console.log(`| ${line.map((v, i) => pad(v, widths[i])).join(' | ')} |`);
console.log(`
Ratios (Helena / HTTP Request; lower is better):
  1. time per contact: ${ratio(perContact(upsertHelena, N), perContact(upsertHttp, N_HTTP))} (Helena is ${(1 / s1).toFixed(0)}× faster per contact; ${upsertHelena.requests} requests = ceil(${N}/100): ${upsertHelena.requests === Math.ceil(N / 100)})
  2. Return All time: ${ratio(listHelena.nodeMs, listHttp.nodeMs)}; Helena ${listHelena.requests} requests, ${(listHelena.nodeMs / (listHelena.requests * LATENCY)).toFixed(2)}× of ${listHelena.requests} × latency
  3. time per item: ${ratio(getHelena.nodeMs, getHttp.nodeMs)}; peak memory: ${ratio(getHelena.peakMb, getHttp.peakMb)}
  4. busiest 5-second window: ${busiest} requests (limit 200), 429 answers: ${budget.throttled}`);
