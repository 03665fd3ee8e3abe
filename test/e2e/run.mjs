// End-to-end: the packed package inside a real n8n (1.123.x by default; HELENA_N8N_VERSION picks another),
// running workflows headless against the Helena sandbox and checking their output.
//   npm run test:e2e
// Every file in suites/ is a suite; they run in file-name order and share context.mjs.
import { readdirSync } from 'node:fs';

import './context.mjs';

const suites = new URL('./suites/', import.meta.url);
for (const file of readdirSync(suites).filter((name) => name.endsWith('.mjs')).sort()) {
	await import(new URL(file, suites));
}
