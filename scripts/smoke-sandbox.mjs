// CI: the smoke run against the sandbox, in both modes (reads only, then with --write), over HTTP as against a
// real account. Fails when either run finds a disagreement or a failed step.
//   npm run smoke:sandbox
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// The sandbox is the dev API server of `npm run sandbox` as well as the tests' (see docs/development.md).
import sandboxModule from '../test/sandbox/index.js';

const { startSandbox, DEFAULT_API_KEY, demo } = sandboxModule;
const smoke = path.join(path.dirname(fileURLToPath(import.meta.url)), 'smoke.mjs');

const sandbox = await startSandbox();
// the demo data has conversations but no messages: a contact writes in and sends a file, so that the message
// steps (Get, Get Status, Download Media) have something to read, as on a real account
sandbox.chat.contactWrites(demo.contactPhone(1), 'Olá, tudo bem?');
sandbox.chat.contactSendsFile(demo.contactPhone(1), { name: 'pedido.pdf', mimeType: 'application/pdf', size: 2048 });
// and the account answers (a send, for Get Status), before the smoke run starts
const channel = [...sandbox.state.channels.values()].find((candidate) => candidate.name === 'WhatsApp Comercial');
const sent = await fetch(`${sandbox.url}/chat/v1/send/text`, {
	method: 'POST',
	headers: { authorization: `Bearer ${DEFAULT_API_KEY}`, 'content-type': 'application/json' },
	body: JSON.stringify({ from: channel.number, to: demo.contactPhone(1), text: 'Recebemos seu pedido.' }),
});
if (!sent.ok) throw new Error(`smoke:sandbox: the demo send failed with ${sent.status}: ${await sent.text()}`);
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
