// Lint exactly as n8n's package scanner (@n8n/scan-community-package) does: its ESLint config with
// eslint-plugin-n8n-nodes-base and @n8n/eslint-plugin-community-nodes, inline disables ignored; and as
// n8n's docs tell node authors to (`npx n8n-node lint`: every .ts file of the repository, tests included).
//   node scripts/lint.mjs            the sources (nodes/, credentials/, package.json) + `n8n-node lint` + type check
//                                    + Prettier + the rooms' import rule
//   node scripts/lint.mjs --package  the packed tarball, as npm would publish it (run after build)
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The package declares no `exports` or `main`, only a CLI (`scanner/cli.mjs`) that downloads a published
// package from npm; scanning our own sources needs its `analyzePackage`, so this module is imported by path.
import { analyzePackage, SOURCE_FILE_PATTERNS } from '@n8n/scan-community-package/scanner/scanner.mjs';

import { floorViolations, roomViolations } from './check-rooms.mjs';
import { checkDist } from './lib/distFresh.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const packageLeg = process.argv.includes('--package');

function report(label, result) {
	if (result.passed) {
		console.log(`lint: ${label}: 0 errors`);
		return true;
	}
	console.error(`lint: ${label}: ${result.message}`);
	if (result.details) console.error(result.details);
	return false;
}

// What users need, and nothing else: the built code with its icons and codex files, the entry point, the README,
// the licence, package.json. Not type declarations or source maps: n8n loads the .js, and no one imports the package.
const SHIPPED = [/^dist\/.*\.(js|svg|node\.json)$/, /^index\.js$/, /^README\.md$/, /^LICENSE$/, /^package\.json$/];
const REQUIRED = ['index.js', 'README.md', 'LICENSE', 'package.json', 'dist/nodes/Helena/Helena.node.js'];

function filesUnder(folder, prefix = '') {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory() ? filesUnder(path.join(folder, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
	);
}

function checkTarballContents(unpacked) {
	const files = filesUnder(unpacked);
	const extra = files.filter((file) => !SHIPPED.some((pattern) => pattern.test(file)));
	const missing = REQUIRED.filter((file) => !files.includes(file));
	if (!extra.length && !missing.length) {
		console.log(
			`lint: packed contents: ${files.length} files, all of them built code, icons and codex files in dist/, index.js, README.md, LICENSE or package.json`,
		);
		return true;
	}
	if (extra.length)
		console.error(
			`lint: the tarball holds files users do not need: ${extra.join(', ')} (fix "files" in package.json, or what tsconfig.build.json emits)`,
		);
	if (missing.length) console.error(`lint: the tarball lacks ${missing.join(', ')}`);
	return false;
}

let passed;
if (packageLeg) {
	if (!checkDist(root, 'lint')) process.exit(1);
	const work = mkdtempSync(path.join(tmpdir(), 'helena-pack-'));
	try {
		execFileSync('npm', ['pack', '--silent', '--pack-destination', work], { cwd: root, stdio: 'ignore' });
		const tarball = readdirSync(work).find((file) => file.endsWith('.tgz'));
		const unpacked = path.join(work, 'package');
		execFileSync('tar', ['-xzf', path.join(work, tarball), '-C', work]);
		passed = report(`packed ${tarball}`, await analyzePackage(unpacked, ['**/*.js', 'package.json']));
		passed = checkTarballContents(unpacked) && passed;
	} finally {
		rmSync(work, { recursive: true, force: true });
	}
} else {
	// The checks are independent: they run side by side (one per core), each one's output held and printed whole,
	// in this order, when it ends.
	const checks = [
		{
			command: 'n8n-node',
			args: ['lint'],
			passed: 'lint: n8n-node lint: 0 errors',
			failed: (error) =>
				error.code === 'ENOENT'
					? 'lint: node_modules/.bin/n8n-node is missing: run `npm ci` (@n8n/node-cli is a devDependency)'
					: "lint: `n8n-node lint` (n8n's lint for community nodes, as `npx n8n-node lint` runs it) failed: see its errors above. " +
						'Fix the code: strict mode and cloud support stay on, eslint.config.mjs stays the default (docs/development.md, Lint)',
		},
		{
			command: 'tsc',
			args: ['-p', 'tsconfig.json', '--noEmit'],
			passed: 'lint: type check: 0 errors',
			failed: () => 'lint: type check failed (see above)',
		},
		{
			command: 'prettier',
			args: ['--check', '--log-level', 'warn', '.'],
			passed: 'lint: formatting: 0 errors',
			failed: () => 'lint: formatting differs from Prettier in the files above: run `npx prettier --write <files>`',
		},
	];
	// the scanner below runs in this process meanwhile: briefly one process more than the cores
	const lanes = Math.max(2, availableParallelism());
	const results = [];
	let next = 0;
	const lane = async () => {
		while (next < checks.length) {
			const check = checks[next++];
			check.result = runCheck(check);
			await check.result;
		}
	};
	const lanesDone = Promise.all(Array.from({ length: lanes }, lane));
	passed = report('sources', await analyzePackage(root, SOURCE_FILE_PATTERNS));
	await lanesDone;
	for (const check of checks) results.push(await check.result);
	for (const { check, output, error } of results) {
		if (output) process.stdout.write(output);
		if (error) {
			console.error(check.failed(error));
			passed = false;
		} else console.log(check.passed);
	}
	const violations = [...roomViolations(path.join(root, 'nodes/Helena/actions')), ...floorViolations(path.join(root, 'nodes'))];
	for (const { file, specifier, reason } of violations) console.error(`lint: ${file} imports '${specifier}', ${reason}`);
	if (violations.length) passed = false;
	else console.log('lint: rooms: 0 imports between resource folders, none from helpers/ upward, no circle');
}

/** Runs node_modules/.bin/<command>; resolves with its output (stdout and stderr as they came) and its failure. */
function runCheck(check) {
	return new Promise((resolve) => {
		let output = '';
		const child = spawn(path.join(root, 'node_modules/.bin', check.command), check.args, {
			cwd: root,
			stdio: ['ignore', 'pipe', 'pipe'],
			env: { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}) },
		});
		child.stdout.on('data', (chunk) => (output += chunk));
		child.stderr.on('data', (chunk) => (output += chunk));
		child.on('error', (error) => resolve({ check, output, error }));
		child.on('close', (code, signal) => resolve({ check, output, error: code === 0 ? undefined : { code, signal } }));
	});
}
if (!passed) {
	console.error('lint: fix the errors above; the n8n package scanner rejects a package with any of them.');
	process.exit(1);
}
