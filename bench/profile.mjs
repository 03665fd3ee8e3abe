#!/usr/bin/env node
// Summarises a V8 CPU profile of an n8n process (`npm run bench -- --cpu-prof <dir>`): where the CPU went
// while this package's code was running, from the first to the last sample with one of its frames on the
// stack, grouped by function and by package.
//   node bench/profile.mjs <file.cpuprofile> [--top 25] [--match /nodes/Helena/]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
	allowPositionals: true,
	options: { top: { type: 'string', default: '25' }, match: { type: 'string', default: '/n8n-nodes-helena/dist/' } },
});
const profile = JSON.parse(readFileSync(positionals[0], 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

const isOurs = (frame) => frame.url.includes(values.match);
/** A node's execute method: the window opens with it (n8n loads our modules at boot, long before). */
const isOurStart = (frame) => isOurs(frame) && frame.functionName === 'execute' && frame.url.endsWith('.node.js');
const isOurRun = (frame) => isOurs(frame) && frame.functionName !== '';

/** The frames of the stack of profile node `id`, innermost first. */
function stackOf(id) {
	const stack = [];
	for (let at = id; at !== undefined; at = parent.get(at)) stack.push(byId.get(at).callFrame);
	return stack;
}
const ours = new Map();
function hasOurFrame(id, test = isOurRun) {
	const key = `${id}:${test.name}`;
	if (!ours.has(key)) ours.set(key, stackOf(id).some(test));
	return ours.get(key);
}

const times = [];
let at = profile.startTime;
for (const delta of profile.timeDeltas) times.push((at += delta));
const first = profile.samples.findIndex((id) => hasOurFrame(id, isOurStart));
if (first < 0) {
	console.log(`No sample in a node's execute method from ${values.match}`);
	process.exit(0);
}
const last = profile.samples.findLastIndex((id) => hasOurFrame(id, isOurRun));

const where = (frame) => {
	const url = frame.url.replace(/^file:\/\//, '');
	const pkg =
		/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
		(url.includes(values.match) ? 'n8n-nodes-helena' : url ? 'node:internal' : '(vm)');
	return { pkg, name: `${frame.functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}` };
};
const byFunction = new Map();
const byPackage = new Map();
const inclusive = new Map();
const calls = new Map();
let total = 0;
let withOurs = 0;
for (let i = first; i <= last; i++) {
	const ms = (times[i + 1] ?? times[i]) - times[i];
	const node = byId.get(profile.samples[i]);
	const { pkg, name } = where(node.callFrame);
	const key = ['(idle)', '(program)', '(garbage collector)'].includes(node.callFrame.functionName) ? node.callFrame.functionName : pkg;
	byPackage.set(key, (byPackage.get(key) ?? 0) + ms);
	byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
	total += ms;
	if (hasOurFrame(profile.samples[i], isOurs)) {
		withOurs += ms;
		// inclusive time of each of our functions, and of what the innermost of them called
		const stack = stackOf(profile.samples[i]);
		const innermost = stack.findIndex(isOurs);
		for (const frame of new Set(stack.filter(isOurs).map((f) => where(f).name))) inclusive.set(frame, (inclusive.get(frame) ?? 0) + ms);
		const callee =
			innermost > 0
				? `${where(stack[innermost]).name.split(' ')[0]} -> ${where(stack[innermost - 1]).pkg}: ${where(stack[innermost - 1]).name}`
				: `${where(stack[0]).name} (self)`;
		calls.set(callee, (calls.get(callee) ?? 0) + ms);
	}
}
const ms = (us) => (us / 1000).toFixed(1).padStart(8);
const top = (map) => [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top));
console.log(
	`window: ${ms(times[last] - times[first])} ms from the first to the last sample in this package's operation code; ${ms(withOurs)} ms with its frames on the stack`,
);
console.log('\nself time by package (window):');
for (const [name, us] of top(byPackage)) console.log(`${ms(us)} ms  ${name}`);
console.log('\nself time by function (window):');
for (const [name, us] of top(byFunction)) console.log(`${ms(us)} ms  ${name}`);
console.log("\ninclusive time of this package's functions:");
for (const [name, us] of top(inclusive)) console.log(`${ms(us)} ms  ${name}`);
console.log('\nwhere the innermost of them spent it (self time of its callee, or its own):');
for (const [name, us] of top(calls)) console.log(`${ms(us)} ms  ${name}`);
