#!/usr/bin/env node
// node bench/pacing-model.mjs [--processes 1,2,4,8] [--updates 500] [--seeds 3] [--baseline <git ref>]
// The built package's request budget (dist/nodes/Helena/transport/budget.js), one per simulated n8n process, all
// sharing one simulated account that admits 200 requests per sliding 5 s ("short") and, in a second set of legs,
// 1,000 per 5 minutes too ("both"). No n8n and no sandbox: a virtual clock, so minutes take a second and every run
// with the same seed gives the same table. It models each process as `npm run bench -- --only sharing` runs it: one
// request in flight, a round trip of 20 ms, the node's and n8n's own work per item (--cpu-ms, drawn between half and
// one and a half times it), a 429 answered by the node's retry rule (full-jitter back-off from 0.5 s, 10 attempts,
// 120 s of waits at most). Use it to see what a change to the pacing does before measuring it in real n8n processes.
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

const { values } = parseArgs({
	options: {
		processes: { type: 'string', default: '1,2,4,8' },
		updates: { type: 'string', default: '500' },
		'cpu-ms': { type: 'string', default: '2,20,40,80' },
		stagger: { type: 'string', default: '0,750,1500' },
		seeds: { type: 'string', default: '3' },
		latency: { type: 'string', default: '20' },
		baseline: { type: 'string', default: '' },
	},
});

/** The budget of this build, or of `--baseline` (its budget.ts alone, compiled into a temporary folder). */
function loadBudget(ref) {
	if (!ref) {
		const built = path.join(root, 'dist/nodes/Helena/transport/budget.js');
		if (!existsSync(built)) throw new Error(`${built} is missing: run npm run build first`);
		return createRequire(import.meta.url)(built);
	}
	const dir = mkdtempSync(path.join(tmpdir(), 'helena-model-'));
	process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
	const source = execFileSync('git', ['show', `${ref}:nodes/Helena/transport/budget.ts`], { cwd: root, encoding: 'utf8' });
	const ts = createRequire(import.meta.url)('typescript');
	const { outputText } = ts.transpileModule(source, {
		compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
	});
	writeFileSync(path.join(dir, 'budget.js'), outputText);
	symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
	return createRequire(import.meta.url)(path.join(dir, 'budget.js'));
}
const { RequestBudget, HELENA_RATE_WINDOWS } = loadBudget(values.baseline);
const list = (text) => text.split(',').map(Number);

/** One run: `processes` budgets sharing an account; returns what the account saw. */
async function run({ processes, updates, cpuMs, staggerMs, seed, limits }) {
	let random = seed;
	const next = () => (random = (random * 1103515245 + 12345) % 2147483648) / 2147483648;
	let now = 0;
	const timers = [];
	const sleep = (ms) => new Promise((resolve) => timers.push({ at: now + Math.max(0, ms), resolve }));
	const clock = { now: () => now, sleep };
	const admitted = [];
	const windows =
		limits === 'both'
			? [
					[5_000, 200],
					[300_000, 1_000],
				]
			: [[5_000, 200]];
	const admit = () => {
		for (const [ms, max] of windows) {
			let inWindow = 0;
			for (let i = admitted.length - 1; i >= 0 && admitted[i] > now - ms; i--) inWindow++;
			if (inWindow >= max) return false;
		}
		admitted.push(now);
		return true;
	};
	const seen = { requests: 0, refused: 0, failed: 0, finished: [] };
	async function process(index) {
		const budget = new RequestBudget(HELENA_RATE_WINDOWS, clock);
		await sleep(index * staggerMs);
		for (let item = 0; item < updates; item++) {
			await sleep(cpuMs * (0.5 + next()));
			for (let attempt = 1, waited = 0; ; attempt++) {
				await budget.take();
				await sleep(LATENCY / 2);
				const ok = admit();
				seen.requests++;
				await sleep(LATENCY / 2);
				if (ok) {
					budget.admitted?.(); // a baseline from before the budget heard of admissions has none
					break;
				}
				seen.refused++;
				const wait = Math.round(next() * Math.min(20_000, 500 * 2 ** (attempt - 1)));
				if (attempt >= 10 || waited + wait > 120_000) {
					seen.failed++;
					break;
				}
				waited += wait;
				budget.learnFrom429?.(false); // nor does the fixed pacing learn
				budget.holdFor(wait);
				await sleep(wait);
			}
		}
		seen.finished.push(now);
	}
	let done = false;
	Promise.all(Array.from({ length: processes }, (_, index) => process(index))).then(() => (done = true));
	while (!done) {
		await new Promise((resolve) => setImmediate(resolve));
		if (done || !timers.length) break;
		timers.sort((a, b) => a.at - b.at);
		const timer = timers.shift();
		now = timer.at;
		timer.resolve();
	}
	const span = (admitted.at(-1) - admitted[0]) / 1000;
	// the shortest span the windows allow for these requests: 200 per 5 s, and 1,000 per 5 minutes with "both"
	const n = admitted.length - 1;
	const shortest = limits === 'both' ? Math.floor(n / 1_000) * 300 + Math.floor((n % 1_000) / 200) * 5 : n / 40;
	const together = admitted.filter((at) => at <= Math.min(...seen.finished)).length;
	const togetherSpan = (Math.min(...seen.finished) - admitted[0]) / 1000;
	return {
		...seen,
		ofLimit: shortest / span,
		ofLimitTogether: limits === 'both' ? undefined : together / 40 / togetherSpan,
	};
}

const LATENCY = Number(values.latency);
const rows = [];
for (const limits of ['short', 'both'])
	for (const processes of list(values.processes)) {
		const runs = [];
		for (const cpuMs of list(values['cpu-ms']))
			for (const staggerMs of list(values.stagger))
				for (let seed = 1; seed <= Number(values.seeds); seed++)
					runs.push(await run({ processes, updates: Number(values.updates), cpuMs, staggerMs, seed, limits }));
		const mean = (key) => runs.reduce((sum, r) => sum + r[key], 0) / runs.length;
		const low = (key) => Math.min(...runs.map((r) => r[key]));
		const percent = (value) => `${(value * 100).toFixed(1)}%`;
		rows.push([
			limits,
			processes,
			runs.length,
			percent(mean('ofLimit')),
			percent(low('ofLimit')),
			limits === 'both' ? '' : percent(mean('ofLimitTogether')),
			percent(runs.reduce((sum, r) => sum + r.refused / r.requests, 0) / runs.length),
			percent(Math.max(...runs.map((r) => r.refused / r.requests))),
			runs.reduce((sum, r) => sum + r.failed, 0),
		]);
	}

const head = ['Limits', 'Processes', 'Runs', 'Of the limit', 'Lowest', 'While all ran', '429 share', 'Highest 429 share', 'Items failed'];
const widths = head.map((title, i) => Math.max(title.length, ...rows.map((row) => String(row[i]).length)));
const line = (cells) => `| ${cells.map((cell, i) => String(cell).padEnd(widths[i])).join(' | ')} |`;
console.log(
	`Model of ${values.baseline ? `the budget of ${values.baseline}` : "this build's budget"}: each process updates ${values.updates} contacts one per item; CPU per item ${values['cpu-ms']} ms, starts ${values.stagger} ms apart, ${values.seeds} seeds each\n`,
);
console.log([line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n'));
