'use strict';

// Ctrl+C in a script or a container reaches npm alone (not the whole process group, as a terminal sends it):
// `npm start` must still stop, and take down what it had started. The signal is sent while npm start checks or
// installs n8n (its first step, a process group of its own): the test needs no n8n, and stops before any build.
const { execFileSync, spawn } = require('node:child_process');
const { createServer } = require('node:net');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');

function freePort() {
	return new Promise((resolve) => {
		const server = createServer().listen(0, '127.0.0.1', () => {
			const { port } = server.address();
			server.close(() => resolve(port));
		});
	});
}

/** The pids below `pid`, from ps. */
function descendants(pid) {
	const children = new Map();
	for (const line of execFileSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' }).trim().split('\n')) {
		const [child, parent] = line.trim().split(/\s+/).map(Number);
		children.set(parent, [...(children.get(parent) ?? []), child]);
	}
	const found = [];
	const walk = (parent) => (children.get(parent) ?? []).forEach((child) => (found.push(child), walk(child)));
	walk(pid);
	return found;
}

const alive = (pid) => {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
};

const until = async (condition, timeoutMs) => {
	const deadline = Date.now() + timeoutMs;
	while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
	return condition();
};

test('SIGINT sent to npm alone stops npm start and every process it started', async () => {
	const n8nPort = await freePort();
	// a process group of its own: the signal below reaches npm only, as `kill -INT <pid of npm>` does
	const npm = spawn('npm', ['start'], {
		cwd: root,
		detached: true,
		stdio: ['ignore', 'pipe', 'pipe'],
		env: { ...process.env, HELENA_N8N_PORT: String(n8nPort), HELENA_SANDBOX_PORT: String(await freePort()) },
	});
	let output = '';
	npm.stdout.on('data', (chunk) => (output += chunk));
	npm.stderr.on('data', (chunk) => (output += chunk));
	const exited = new Promise((resolve) => npm.once('exit', resolve));

	// npm, then node scripts/start.mjs, then the n8n install or its check (bash and what it runs)
	const started = new Set();
	const running = await until(() => {
		descendants(npm.pid).forEach((pid) => started.add(pid));
		return started.size >= 2 && output.includes('▶');
	}, 60_000);
	try {
		expect({ running, output }).toEqual({ running: true, output: expect.stringContaining('n8n') });
		descendants(npm.pid).forEach((pid) => started.add(pid));

		process.kill(npm.pid, 'SIGINT');
		const code = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 30_000))]);
		await until(() => [...started].every((pid) => !alive(pid)), 15_000);

		expect({ code, left: [...started].filter(alive) }).toEqual({ code: 0, left: [] });
		expect(output).toContain('Ctrl+C: stopping npm start');
	} finally {
		// left over only when the test fails: npm's process group, and what left it (the install's group)
		descendants(npm.pid).forEach((pid) => started.add(pid));
		for (const pid of [-npm.pid, ...started]) if (alive(pid)) process.kill(pid, 'SIGKILL');
	}
}, 120_000);
