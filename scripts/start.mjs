#!/usr/bin/env node
// `npm start`: build the package, start the Helena sandbox with demo data, and open n8n with both nodes
// loaded and a "Helena API" credential already pointing at the sandbox.
//   npm start                 n8n 2.x (START in scripts/lib/n8nVersions.cjs), on the Node 24 its install brings
//   npm start -- --n8n 1      the newest 1.x instead (or --n8n <version>; HELENA_N8N_VERSION=<version> too)
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

import { N8n, installN8n, n8nCacheDir, packPackageAsync, packageRoot, prepareUserFolder } from './lib/n8n.mjs';
import { MCP_TOKEN_CREDENTIAL, MODEL_CREDENTIAL, credentialFor, modelCredentialFor } from './lib/workflows.mjs';
import { AI_DEMOS, FIRST_DEMO, TRIGGER_DEMO, demoWorkflows, prepareSandboxForDemos } from './lib/demoWorkflows.mjs';

const require = createRequire(import.meta.url);
const { satisfies } = require('./lib/nodeVersion.cjs');
const n8nVersions = require('./lib/n8nVersions.cjs');
const needs = require('../package.json').engines.node;
if (!satisfies(process.versions.node, needs)) {
	console.error(
		`✖ npm start needs Node.js ${needs}; this is ${process.version}.\n  What to do: install Node.js 22 (with nvm: nvm install 22 && nvm use 22; or from https://nodejs.org), check that \`node --version\` shows it, and run \`npm start\` again.`,
	);
	process.exit(1);
}
// The one import from test/: the sandbox serves `npm start` as well as the tests (see docs/development.md).
const { startSandbox, DEFAULT_API_KEY } = require('../test/sandbox/index.js');
const { newConversationCommand } = require('./lib/demoCommands.cjs');

const port = Number(process.env.HELENA_N8N_PORT ?? 5678);
const sandboxPort = Number(process.env.HELENA_SANDBOX_PORT ?? 5681);
const owner = { email: 'dev@helena.local', password: 'HelenaDev123', firstName: 'Helena', lastName: 'Developer' };
let version;
try {
	version = n8nVersions.startVersion(process.argv.slice(2));
} catch (error) {
	console.error(`✖ ${error.message}.\n  What to do: npm start (n8n 2.x), or npm start -- --n8n 1 (n8n 1.x).`);
	process.exit(2);
}
const major = Number(version.split('.')[0]);
// one database per n8n line: a 2.x database is not for 1.x (and `npm start -- --n8n 1` keeps what was done on 1.x)
const home = path.join(packageRoot, `.dev/n8n-${major}`);
const legacyHome = path.join(packageRoot, '.dev/n8n'); // before 2.x was the default, the only one, a 1.x database
if (major === 1 && existsSync(legacyHome) && !existsSync(home)) renameSync(legacyHome, home);

// The estimates the steps print, from the measurements in README.md ("Try it locally"; 2.x at a load average of 10 to
// 27: the imports 4 to 38 s, n8n's start 8 to 33 s; 1.x at a load of about 15: n8n's start 14 to 20 s). The first
// start's is the README's ("The first time takes …"), the one place it is written (test/docs/readme.test.ts holds
// the two together).
const FIRST_START = '5 to 12 minutes';
const IMPORT_SECONDS = 15;
const START_SECONDS = major >= 2 ? 30 : 20;
const logFile = path.join(packageRoot, '.dev/n8n.log');
// the sandbox's records, kept from one start to the next (the page's "Reset the demo data" seeds them again)
const sandboxFile = path.join(packageRoot, '.dev/sandbox-state.json');

// Each step says what it does when it begins, a line at least every 15 seconds while it runs, and how long it took;
// a failure names the step and what to do next.
const began = Date.now();
const timings = [];
let current;
const seconds = (since) => Math.round((Date.now() - since) / 1000);
function step(text, { hint, short } = {}) {
	finishStep();
	current = { text, short: short ?? text, hint, began: Date.now() };
	console.log(`\n▶ ${text}`);
}
function finishStep() {
	if (!current) return;
	const took = seconds(current.began);
	timings.push(`${current.short} ${took} s`);
	if (took >= 5) console.log(`  done in ${took} s`);
	current = undefined;
}
/** Awaits `work`, printing every 15 s the time so far and, when `activity` says one, what is happening. */
async function withProgress(work, activity = () => '') {
	const since = Date.now();
	const timer = setInterval(() => {
		const doing = activity();
		console.log(`  … ${seconds(since)} s${doing ? `: ${doing}` : ''}`);
	}, 15_000);
	try {
		return await work;
	} finally {
		clearInterval(timer);
	}
}

/** The last thing n8n logged, for the progress lines while it starts. */
const lastLine = (text = '') =>
	text
		.replace(/\x1b\[[0-9;]*m/g, '')
		.trim()
		.split('\n')
		.pop()
		.slice(0, 120);

async function portIsFree(candidate) {
	try {
		await fetch(`http://127.0.0.1:${candidate}/`);
		return false;
	} catch {
		return true;
	}
}

// Ctrl+C and `kill <pid>` stop whatever is running by then: the n8n install, n8n, the sandbox. A SIGINT or SIGTERM
// sent to npm alone (a script, a container) reaches this process too: package.json's start script `exec`s node, so
// npm forwards it here rather than to a shell that would keep it.
const running = { install: undefined, child: undefined, n8n: undefined, sandbox: undefined, stopping: false };
const track = (child) => {
	running.child = child;
	child.once('exit', () => running.child === child && (running.child = undefined));
};
async function stopAll(reason) {
	if (running.stopping) return;
	running.stopping = true;
	console.log(`\n${reason}: stopping ${running.n8n ? 'n8n and the sandbox' : 'npm start'}...`);
	running.install?.stop();
	if (running.child) {
		try {
			process.kill(-running.child.pid, 'SIGTERM'); // the build's process group (packPackageAsync)
		} catch {
			running.child.kill('SIGTERM'); // an n8n import command
		}
	}
	await running.n8n?.stop();
	await running.sandbox?.close();
	console.log(
		'Stopped. Run `npm start` again to continue where you left off: n8n keeps its workflows, credentials and executions, and the sandbox its records (.dev/sandbox-state.json).',
	);
	process.exit(0);
}
process.on('SIGINT', () => stopAll('Ctrl+C'));
process.on('SIGTERM', () => stopAll('SIGTERM'));
process.on('SIGHUP', () => stopAll('SIGHUP'));
// `kill <pid of npm start>` reaches npm and its shell, not this process: notice that they are gone.
const parentPid = process.ppid;
setInterval(() => process.ppid !== parentPid && stopAll('npm start was stopped'), 500).unref();

try {
	for (const [name, candidate, variable] of [
		['n8n', port, 'HELENA_N8N_PORT'],
		['the sandbox', sandboxPort, 'HELENA_SANDBOX_PORT'],
	]) {
		if (!(await portIsFree(candidate))) {
			throw new Error(`Port ${candidate} for ${name} is in use. Stop what uses it, or pick another port: ${variable}=<port> npm start`);
		}
	}

	const cached = n8nCacheDir(version);
	const where = cached.dir.replace(homedir(), '~');
	// should the cached copy not work, install-n8n.sh says so and installs it again, with progress lines
	step(
		cached.installed
			? `Checking the n8n ${version} install in ${where} (a few seconds)`
			: `Installing n8n ${version}${major >= 2 ? ' and the Node 24 it runs on' : ''} into ${where}: the first time only (most of a first start, which takes ${FIRST_START}), a progress line every 15 seconds`,
		{ short: cached.installed ? 'checking n8n' : 'installing n8n', hint: 'the lines above say what failed and what to do' },
	);
	const { done, stop } = installN8n(version);
	running.install = { stop };
	const install = await done;
	running.install = undefined;

	step('Building and packing n8n-nodes-helena (about a minute)', {
		short: 'building',
		hint: "run `npm run build` to see the compiler's errors; after a `git pull`, run `npm install` first",
	});
	const tarball = await withProgress(packPackageAsync({ onSpawn: track }), () => 'compiling the TypeScript and packing');

	step(
		existsSync(sandboxFile)
			? `Starting the Helena sandbox on http://127.0.0.1:${sandboxPort} with its records as you left them (${path.relative(process.cwd(), sandboxFile)})`
			: `Starting the Helena sandbox on http://127.0.0.1:${sandboxPort} (demo data for every resource: contacts, conversations, teams, users, tags, sequences, portfolios, CRM panels and cards)`,
		{ short: 'sandbox' },
	);
	const sandbox = await startSandbox({ port: sandboxPort, apiKey: DEFAULT_API_KEY, stateFile: sandboxFile });
	running.sandbox = sandbox;
	if (sandbox.kept.problem) console.log(`  ${sandbox.kept.problem}: starting from the demo data`);
	// on fresh demo data only: a kept sandbox holds what was done with it
	if (!sandbox.kept.restored) await prepareSandboxForDemos(sandbox);

	step("Installing the package into n8n's nodes folder (the README's install commands)", {
		short: 'installing the package',
		hint: 'check that the npm registry is reachable (`npm view n8n version`), then run `npm start` again',
	});
	// there from the start of a first run until the examples are imported and the owner is set up: a first run stopped
	// halfway is done again next time (n8n's import:workflow replaces a workflow of the same ID)
	const settingUp = path.join(home, '.setting-up');
	const firstRun = !existsSync(path.join(home, '.n8n/database.sqlite')) || existsSync(settingUp);
	mkdirSync(home, { recursive: true });
	if (firstRun) writeFileSync(settingUp, '');
	rmSync(path.join(home, '.n8n/nodes'), { recursive: true, force: true });
	prepareUserFolder(home, tarball);
	const n8n = new N8n({ install, userFolder: home, port, owner });
	running.n8n = n8n;

	const importHint = '`rm -rf .dev` and `npm start` again imports into a fresh n8n database';
	step(
		firstRun
			? `Importing the "Helena sandbox" and "${MODEL_CREDENTIAL.name}" credentials, then the ${demoWorkflows.length} example workflows, with two n8n commands (about ${IMPORT_SECONDS * 2} seconds; the first one also creates n8n's database)`
			: `Importing the "Helena sandbox" and "${MODEL_CREDENTIAL.name}" credentials again, for the sandbox's address (one n8n command, about ${IMPORT_SECONDS} seconds)`,
		{ short: 'importing', hint: importHint },
	);
	// one progress timer for both commands: a line at least every 15 s across them
	let importing = 'credentials';
	const imports = (async () => {
		await n8n.importCredentials([credentialFor(sandbox), modelCredentialFor(sandbox), MCP_TOKEN_CREDENTIAL], { onSpawn: track });
		if (!firstRun) return;
		importing = 'workflow';
		await n8n.importWorkflows(demoWorkflows, { onSpawn: track });
	})();
	await withProgress(imports, () => `n8n import:${importing} is running`);

	step(`Starting n8n on http://127.0.0.1:${port} (about ${START_SECONDS} seconds)`, {
		short: 'starting n8n',
		hint: `its log says why: ${path.relative(process.cwd(), logFile)}; another n8n on the port? HELENA_N8N_PORT=<port> npm start`,
	});
	await withProgress(n8n.start({ logFile }), () => lastLine(n8n.logs));
	if (firstRun && install.major < 2) await n8n.signIn(owner);
	rmSync(settingUp, { force: true });
	finishStep();

	console.log(`
✔ Ready after ${seconds(began)} s (${timings.join(', ')}).
  Sandbox page: ${sandbox.url}   (open it in your browser: the conversations, CRM cards and contacts; act as a
                contact or as the team there, and your workflows get Helena's events)
  n8n editor:   http://127.0.0.1:${port}   (n8n ${version}; ${major >= 2 ? `\`npm start -- --n8n 1\` runs n8n ${n8nVersions.DEFAULT} instead` : `\`npm start\` alone runs n8n ${n8nVersions.START}`})
  Log in with:  ${owner.email} / ${owner.password}
  Credential:   "Helena sandbox" (Base URL ${sandbox.url}, key ${DEFAULT_API_KEY}: a local demo key, not a secret)
  Model:        "${MODEL_CREDENTIAL.name}", an OpenAI credential whose Base URL is the sandbox's stand-in chat model,
                ${sandbox.url}/v1 (scripted by keywords, no key needed): the ${AI_DEMOS.length} AI examples use it; for a
                real model, pick an OpenAI credential of your own in their OpenAI Chat Model node
  Sandbox API:  ${sandbox.url}/core  (its request log: ${sandbox.url}/__sandbox/requests)
  Try it:       open "${FIRST_DEMO.name}" and click "Execute workflow",
                or add a Helena node to a new workflow. The examples/ folder has ${demoWorkflows.length} workflows, all imported,
                each with a sticky note that says how to try it on the sandbox page.
  Trigger:      activate "${TRIGGER_DEMO.name}", then start a conversation on the sandbox page, or:
                ${newConversationCommand(sandbox.url)}
  Kept:         what you do on the sandbox page and through its API, from one npm start to the next (${path.relative(process.cwd(), sandboxFile)});
                its page's "Reset the demo data" button seeds it again
  n8n log:      ${path.relative(process.cwd(), logFile)}      Stop with Ctrl+C.  Start from a fresh n8n database and sandbox: rm -rf .dev
`);

	n8n.process.on('exit', async (code) => {
		if (running.stopping) return;
		console.error(`\n✖ n8n stopped on its own (exit code ${code}). Its log: ${logFile}`);
		await sandbox.close();
		process.exit(code || 1);
	});
} catch (error) {
	if (running.stopping) await new Promise(() => {});
	const failed = current;
	console.error(`\n✖ npm start failed${failed ? ` while ${failed.short}` : ''}: ${error.message}`);
	console.error(
		failed?.hint
			? `  What to do: ${failed.hint}.`
			: `  What to do: read the message above. n8n's log, once it has started: ${logFile}. \`rm -rf .dev\` starts from a fresh n8n database; a broken n8n install is named above with the command that removes it.`,
	);
	await running.n8n?.stop();
	await running.sandbox?.close();
	process.exit(1);
}
