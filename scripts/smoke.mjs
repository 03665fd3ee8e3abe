// Verifies the node against a Helena account: one run of every read operation the node offers, on the account's
// own data, each answer held to the vendor's documented schema (contract/answers.json), one table out.
//   HELENA_API_KEY=… npm run smoke -- --base-url https://api.wts.chat [--write]
// The key is read from HELENA_API_KEY only (never an argument) and never printed. --write adds a few reversible
// writes (a tag created, renamed and deleted; a scheduled message a year ahead, to HELENA_SMOKE_PHONE, created,
// read back and cancelled), each undone even when a step fails. Nothing is sent to a contact.
// --only <text>[,<text>…] runs only the read steps whose operation contains one of the texts (e.g. --only "Department").
// Exit code: 0 when every answer conforms, 1 on a disagreement or a failed step, 2 on bad usage.
// See docs/verifying.md.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { runSmoke, tableOf } = require('./lib/smoke/run.cjs');

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
if (!baseUrl || !/^https?:\/\/[^\s/]+/.test(baseUrl)) {
	console.error(`smoke: --base-url must be the API's address, e.g. https://api.wts.chat\n${usage}`);
	process.exit(2);
}
const apiKey = process.env.HELENA_API_KEY ?? '';
if (!apiKey.trim()) {
	console.error(`smoke: set HELENA_API_KEY to the account's API key\n${usage}`);
	process.exit(2);
}

console.log(`smoke: ${write ? 'reads and reversible writes' : 'reads only'} against ${new URL(baseUrl).origin}`);
const rows = await runSmoke({
	baseUrl,
	apiKey,
	write,
	only,
	phone: process.env.HELENA_SMOKE_PHONE,
	log: (row) => console.error(`${row.ok ? 'ok  ' : 'FAIL'} ${row.operation}`),
});
// the key never appears: the table holds paths, statuses and field names only
console.log(tableOf(rows).split(apiKey).join('***'));
const failed = rows.filter((row) => !row.ok).length;
console.log(`\nsmoke: ${rows.length} steps, ${failed} with a disagreement or a failure`);
process.exit(failed ? 1 : 0);
