// End-to-end: the packed package inside a real n8n (1.123.x by default; HELENA_N8N_VERSION picks another),
// running workflows headless against the Helena sandbox and checking their output.
//   npm run test:e2e
//   node test/e2e/run.mjs examples ai   only the suites whose file names contain one of the words
// Every file in suites/ is a suite; they run in file-name order and share context.mjs.
import { readdirSync } from 'node:fs';

import './context.mjs';

const suites = new URL('./suites/', import.meta.url);
const only = process.argv.slice(2);
const chosen = (name) => name.endsWith('.mjs') && (!only.length || only.some((word) => name.includes(word)));
for (const file of readdirSync(suites).filter(chosen).sort()) {
	await import(new URL(file, suites));
}
