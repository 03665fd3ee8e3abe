// Verifies the node against a Helena account: one run of every read operation the node offers, on the account's
// own data, each answer held to the vendor's documented schema (contract/answers.json), one table out.
//   HELENA_API_KEY=… npm run smoke -- --base-url https://api.wts.chat [--write]
// The key is read from HELENA_API_KEY only (never an argument) and never printed. --write adds a few reversible
// writes (a tag created, renamed and deleted; a scheduled message a year ahead, to HELENA_SMOKE_PHONE, created,
// read back and cancelled), each undone even when a step fails. Nothing is sent to a contact.
// --only <text>[,<text>…] runs only the read steps whose operation contains one of the texts (e.g. --only "Department").
// It reads Helena's webhook event list first, straight from the node: a host that cannot be reached or a refused
// key stops the run there. Exit code: 0 when every answer conforms, 1 on a disagreement, a failed step or a stop,
// 2 on bad usage.
// See docs/verifying.md.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { runSmoke, tableOf, parseBaseUrl, redactText, wantedBy } = require('./lib/smoke/run.cjs');

const args = process.argv.slice(2);
const usage = 'usage: HELENA_API_KEY=… npm run smoke -- --base-url https://… [--write] [--only <operation>]';
let baseUrl;
let write = false;
let only;
for (let i = 0; i < args.length; i++) {
	if (args[i] === '--write') write = true;
	else if (args[i] === '--only') only = args[++i];
	else if (args[i] === '--base-url') baseUrl = args[++i];
	else if (args[i].startsWith('--base-url=')) baseUrl = args[i].slice('--base-url='.length);
	else {
		console.error(
			`smoke: unknown argument ${JSON.stringify(args[i].slice(0, 40))} (the key goes in HELENA_API_KEY, never as an argument)\n${usage}`,
		);
		process.exit(2);
	}
}
const apiKey = process.env.HELENA_API_KEY ?? '';
if (!apiKey.trim()) {
	console.error(`smoke: set HELENA_API_KEY to the account's API key\n${usage}`);
	process.exit(2);
}
// read as the node reads the credential's Base URL: a pasted /core, /core/v1 or /v1 is dropped
const base = parseBaseUrl(baseUrl, apiKey);
if (!('url' in base)) {
	console.error(`smoke: --base-url ${base.problem}; it is the API's address, e.g. https://api.wts.chat\n${usage}`);
	process.exit(2);
}
if (!wantedBy(only)) {
	console.error(`smoke: --only ${JSON.stringify(only)} names no step (e.g. --only "Department" or "Contact → Get")\n${usage}`);
	process.exit(2);
}

// Ctrl+C or SIGTERM: reads stop at once; with --write the run first undoes what it wrote (a second signal quits at
// once). The process ends through process.exit, which removes the temporary n8n folder (userFolder.cjs).
let stopRequested = false;
for (const [signal, code] of [
	['SIGINT', 130],
	['SIGTERM', 143],
	['SIGHUP', 129],
]) {
	process.on(signal, () => {
		if (!write || stopRequested) process.exit(code);
		stopRequested = true;
		console.error(`smoke: ${signal}: stopping after this step and undoing the writes made so far (again to quit at once)`);
	});
}

const say = (text) => console.error(redactText(text, apiKey));
console.log(`smoke: ${write ? 'reads and reversible writes' : 'reads only'} against ${base.url}`);
const { rows, stopped } = await runSmoke({
	baseUrl,
	apiKey,
	write,
	only,
	phone: process.env.HELENA_SMOKE_PHONE,
	log: (row) => {
		if (row.state === 'skipped') say(`skipped ${row.operation}: ${row.verdict.replace(/^skipped: /, '')}`);
		else if (row.state === 'not run') say(`not run ${row.operation}`);
		else say(`${row.ok ? 'ok  ' : 'FAIL'} ${row.operation}`);
	},
	notice: (text) => say(`smoke: ${text}`),
	stopRequested: () => stopRequested,
});
console.log(tableOf(rows, apiKey));
const count = (state) => rows.filter((row) => row.state === state).length;
const failed = rows.filter((row) => !row.ok && row.state !== 'not run').length;
console.log(
	`\nsmoke: ${rows.length} steps: ${count('conforms')} conform, ${failed} with a disagreement or a failure, ${count('skipped')} skipped, ${count('not run')} not run`,
);
if (stopped) console.log(redactText(`smoke: stopped ${stopped}`, apiKey));
process.exit(failed || stopped ? 1 : 0);
