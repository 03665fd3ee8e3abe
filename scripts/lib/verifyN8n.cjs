// See scripts/verify-n8n.sh. Exits 1 with one line naming what does not work.
const { execFileSync } = require('node:child_process');
const { existsSync, mkdtempSync, rmSync } = require('node:fs');
const { createRequire } = require('node:module');
const { tmpdir } = require('node:os');
const path = require('node:path');

const dir = process.argv[2];
const requireInN8n = createRequire(path.join(dir, 'node_modules/n8n/package.json'));
const userFolder = mkdtempSync(path.join(tmpdir(), 'helena-n8n-verify-'));

function check(what, run) {
	try {
		run();
	} catch (error) {
		const detail = String(error.stderr || error.message)
			.trim()
			.split('\n')
			.filter(Boolean)
			.slice(-3)
			.join(' | ');
		rmSync(userFolder, { recursive: true, force: true });
		console.error(`${what} failed: ${detail}`);
		process.exit(1);
	}
}

check('loading sqlite3 (native binding)', () => requireInN8n('sqlite3'));
check('n8n --version', () =>
	execFileSync(process.execPath, [path.join(dir, 'node_modules/n8n/bin/n8n'), '--version'], {
		stdio: ['ignore', 'pipe', 'pipe'],
		env: { ...process.env, N8N_USER_FOLDER: userFolder },
		timeout: 60_000,
	}),
);
Object.assign(process.env, {
	N8N_USER_FOLDER: userFolder,
	N8N_ENCRYPTION_KEY: 'install-check',
	N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
});
// what bin/n8n and its command registry load before a command (zod's .alias() among them)
check("loading n8n's configuration", () => {
	requireInN8n('reflect-metadata');
	requireInN8n('./dist/config');
	// older n8n (1.85 among them) runs its commands through oclif and has no command registry
	if (existsSync(path.join(dir, 'node_modules/n8n/dist/command-registry.js'))) requireInN8n('./dist/command-registry');
});
for (const command of ['start', 'execute', 'import/workflow']) {
	check(`loading n8n's ${command.replace('/', ':')} command`, () => requireInN8n(`./dist/commands/${command}`));
}
rmSync(userFolder, { recursive: true, force: true });
process.exit(0);
