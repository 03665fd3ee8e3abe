// CI: the smoke run against the sandbox, in both modes (reads only, then with --write), over HTTP as against a
// real account. Fails when either run finds a disagreement or a failed step.
//   npm run smoke:sandbox
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// The sandbox is the dev API server of `npm run sandbox` as well as the tests' (see docs/development.md).
import sandboxModule from '../test/sandbox/index.js';

const { startSandbox, DEFAULT_API_KEY } = sandboxModule;
const smoke = path.join(path.dirname(fileURLToPath(import.meta.url)), 'smoke.mjs');

// the demo conversations carry history (messages both ways, with files): the message steps (Get, Get Status,
// Download Media) read it, as on a real account
const sandbox = await startSandbox();
let failed = 0;
try {
	for (const mode of [[], ['--write']]) {
		console.log(`\n== npm run smoke -- --base-url <sandbox> ${mode.join(' ')}`);
		// not spawnSync: the sandbox answers from this process while the child runs
		const child = await new Promise((resolve) => {
			const run = spawn(process.execPath, [smoke, '--base-url', sandbox.url, ...mode], {
				env: { ...process.env, HELENA_API_KEY: DEFAULT_API_KEY, HELENA_SMOKE_PHONE: '+55 11 99999-0001' },
				stdio: 'inherit',
			});
			run.on('close', (status) => resolve(status));
		});
		if (child !== 0) failed++;
	}
} finally {
	await sandbox.close();
}
if (failed) console.error(`smoke:sandbox: ${failed} of 2 runs failed`);
process.exit(failed ? 1 : 0);
