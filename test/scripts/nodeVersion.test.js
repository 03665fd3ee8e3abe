'use strict';

// The Node.js check that runs before n8n is installed or started (scripts/lib/nodeVersion.cjs, called by
// scripts/install-n8n.sh): the ranges n8n declares, and the install script stopping at once on a Node n8n refuses.
const { execFileSync, spawnSync } = require('node:child_process');
const { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');

const { satisfies, nodeProblem, suggestedMajor } = require('../../scripts/lib/nodeVersion.cjs');

const root = path.resolve(__dirname, '../..');

describe('satisfies: the engines ranges of the n8n versions the package runs on', () => {
	test.each([
		// n8n 1.123.81
		['20.19.0', '>=20.19 <= 24.x', true],
		['20.20.2', '>=20.19 <= 24.x', true],
		['v24.11.1', '>=20.19 <= 24.x', true],
		['20.18.3', '>=20.19 <= 24.x', false],
		['20.15.0', '>=20.19 <= 24.x', false],
		['25.0.0', '>=20.19 <= 24.x', false],
		['18.20.4', '>=20.19 <= 24.x', false],
		// n8n 2.41.1 (runs on the Node 24 the install fetches)
		['24.0.0', '>=24.0.0', true],
		['22.12.0', '>=24.0.0', false],
		// older 1.x lines
		['22.11.0', '>=18.17 <= 22', true],
		['23.0.0', '>=18.17 <= 22', false],
		['18.16.9', '>=18.17 <= 22', false],
		// other npm forms
		['18.20.0', '^18.17 || >=20', true],
		['19.9.0', '^18.17 || >=20', false],
		['20.3.0', '~20.3', true],
		['20.4.0', '~20.3', false],
		['21.0.0', '>20', true],
		['20.99.0', '>20', false],
		['20.1.0', '<20.2', true],
		['22.0.0', '*', true],
	])('%s in %s: %s', (version, range, expected) => {
		expect(satisfies(version, range)).toBe(expected);
	});
});

describe('nodeProblem: what the user is told', () => {
	test('a Node n8n refuses: the versions, that nothing happened, and what to do', () => {
		const message = nodeProblem({ n8nVersion: '1.123.81', nodeVersion: 'v20.15.0', range: '>=20.19 <= 24.x' });
		expect(message).toContain('n8n 1.123.81 needs Node.js >=20.19 <= 24.x; node is v20.15.0');
		expect(message).toContain('Nothing was installed or started');
		expect(message).toContain('nvm install 22 && nvm use 22');
	});

	test('a Node that fits, or a requirement nobody could tell: no message', () => {
		expect(nodeProblem({ n8nVersion: '1.123.81', nodeVersion: 'v22.1.0', range: '>=20.19 <= 24.x' })).toBeUndefined();
		expect(nodeProblem({ n8nVersion: '9.9.9', nodeVersion: 'v10.0.0', range: undefined })).toBeUndefined();
	});

	test('the suggested line is inside the range', () => {
		expect(suggestedMajor('>=20.19 <= 24.x')).toBe(22);
		expect(suggestedMajor('>=24.0.0')).toBe(24);
		expect(suggestedMajor('>=18.17 <= 20')).toBe(20);
	});
});

describe('scripts/install-n8n.sh on a Node n8n refuses', () => {
	let dir;
	beforeEach(() => {
		dir = mkdtempSync(path.join(tmpdir(), 'helena-node-check-'));
	});
	afterEach(() => rmSync(dir, { recursive: true, force: true }));

	/** A `node` first on PATH that reports `version` and otherwise is the real one. */
	function fakeNode(version) {
		const bin = path.join(dir, 'bin');
		mkdirSync(bin);
		writeFileSync(
			path.join(bin, 'node'),
			`#!/bin/sh\nif [ "$1" = "--version" ]; then echo ${version}; exit 0; fi\nexec "${process.execPath}" "$@"\n`,
		);
		chmodSync(path.join(bin, 'node'), 0o755);
		return bin;
	}

	test('stops at once with the message, before touching the cache', () => {
		const cache = path.join(dir, 'cache');
		// a cached copy whose package.json says what this n8n accepts (no registry needed)
		const n8nPackage = path.join(cache, 'n8n-1.123.81/node_modules/n8n');
		mkdirSync(n8nPackage, { recursive: true });
		writeFileSync(
			path.join(n8nPackage, 'package.json'),
			JSON.stringify({ name: 'n8n', version: '1.123.81', engines: { node: '>=20.19 <= 24.x' } }),
		);
		writeFileSync(path.join(cache, 'n8n-1.123.81/.installed'), '');
		const bin = fakeNode('v20.15.0');

		const started = Date.now();
		const result = spawnSync('bash', [path.join(root, 'scripts/install-n8n.sh'), '1.123.81'], {
			env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, HELENA_N8N_CACHE: cache },
			encoding: 'utf8',
		});
		expect(result.status).toBe(1);
		expect(result.stdout).toBe('');
		expect(result.stderr).toContain('n8n 1.123.81 needs Node.js >=20.19 <= 24.x');
		expect(result.stderr).toContain('is v20.15.0');
		expect(result.stderr).toContain('What to do: install Node.js 22');
		expect(Date.now() - started).toBeLessThan(10_000);
		expect(readdirSync(path.join(cache, 'n8n-1.123.81')).sort()).toEqual(['.installed', 'node_modules']);
	});

	test('the real Node of this machine passes the check of the n8n it runs', () => {
		const range = require(path.join(root, 'package.json')).engines.node;
		expect(satisfies(process.versions.node, range)).toBe(true);
		const out = execFileSync(
			process.execPath,
			[path.join(root, 'scripts/lib/nodeVersion.cjs'), '1.123.81', process.execPath, path.join(dir, 'none')],
			{
				encoding: 'utf8',
				env: { ...process.env, npm_config_offline: 'true' },
			},
		);
		expect(out).toBe('');
		expect(existsSync(path.join(dir, 'none'))).toBe(false);
	});
});
