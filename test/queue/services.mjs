// PostgreSQL, Redis and nginx for the queue-mode test: Debian's packages (installed with apt-get when
// missing), each server run as a child of this process on 127.0.0.1 with its data in a throw-away folder,
// never the machine's own clusters or services. No Docker: these machines have none.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const log = (message) => console.log(`# ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const APT_PACKAGES = ['postgresql', 'redis-server', 'nginx'];
const INSTALL_HINT = `sudo apt-get update && sudo apt-get install -y --no-install-recommends ${APT_PACKAGES.join(' ')}`;

function onPath(command) {
	try {
		return execFileSync('bash', ['-c', `command -v ${command}`], { encoding: 'utf8' }).trim() || undefined;
	} catch {
		return undefined;
	}
}

/** The newest PostgreSQL server binaries: Debian keeps them in /usr/lib/postgresql/<major>/bin, off PATH. */
function findPostgresBin() {
	const fromEnv = process.env.HELENA_PG_BIN;
	if (fromEnv) {
		if (!existsSync(path.join(fromEnv, 'initdb')))
			throw new Error(
				`HELENA_PG_BIN=${fromEnv} has no initdb. What to do: point it at PostgreSQL's bin folder (e.g. /usr/lib/postgresql/15/bin) or unset it.`,
			);
		return fromEnv;
	}
	const root = '/usr/lib/postgresql';
	if (existsSync(root)) {
		const majors = readdirSync(root)
			.filter((name) => existsSync(path.join(root, name, 'bin/postgres')))
			.sort((a, b) => Number(b) - Number(a));
		if (majors.length) return path.join(root, majors[0], 'bin');
	}
	const initdb = onPath('initdb');
	return initdb && existsSync(path.join(path.dirname(initdb), 'postgres')) ? path.dirname(initdb) : undefined;
}

function findRedisServer() {
	const fromEnv = process.env.HELENA_REDIS_SERVER;
	if (fromEnv && !existsSync(fromEnv))
		throw new Error(`HELENA_REDIS_SERVER=${fromEnv} does not exist. What to do: point it at a redis-server binary or unset it.`);
	return fromEnv || onPath('redis-server');
}

/** Debian installs nginx in /usr/sbin, which a non-root PATH may not list. */
function findNginx() {
	const fromEnv = process.env.HELENA_NGINX;
	if (fromEnv && !existsSync(fromEnv))
		throw new Error(`HELENA_NGINX=${fromEnv} does not exist. What to do: point it at an nginx binary or unset it.`);
	return fromEnv || onPath('nginx') || (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : undefined);
}

/** Finds the three servers; installs the Debian packages first when one is missing (needs root and apt). */
export function ensureServers() {
	let pgBin = findPostgresBin();
	let redisServer = findRedisServer();
	let nginx = findNginx();
	if (pgBin && redisServer && nginx) return { pgBin, redisServer, nginx };

	const packages = [!pgBin && 'postgresql', !redisServer && 'redis-server', !nginx && 'nginx'].filter(Boolean);
	const missing = [!pgBin && 'PostgreSQL', !redisServer && 'Redis', !nginx && 'nginx'].filter(Boolean).join(' and ');
	const isRoot = process.getuid?.() === 0;
	if (!isRoot || !onPath('apt-get')) {
		throw new Error(
			`${missing} not found, and this process cannot install ${packages.length > 1 ? 'them' : 'it'} (${isRoot ? 'no apt-get' : 'not root'}).\n` +
				`What to do: install the Debian packages (${INSTALL_HINT}), or point HELENA_PG_BIN at a folder with initdb/postgres ` +
				'HELENA_REDIS_SERVER at a redis-server binary and HELENA_NGINX at an nginx binary, then run `npm run test:queue` again.',
		);
	}
	log(
		`${missing} not found: installing the Debian package${packages.length > 1 ? 's' : ''} ${packages.join(' and ')} (apt-get update, apt-get install; about a minute)`,
	);
	const apt = (args) =>
		execFileSync('apt-get', args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
	try {
		apt(['update']);
		apt(['install', '-y', '--no-install-recommends', '--no-upgrade', ...packages]);
	} catch (error) {
		throw new Error(
			`Installing ${packages.join(' and ')} with apt-get failed (${error.message.split('\n')[0]}).\n` +
				`What to do: check that the Debian mirror is reachable (apt-get update), run \`${INSTALL_HINT}\` by hand, then run \`npm run test:queue\` again.`,
		);
	}
	pgBin = findPostgresBin();
	redisServer = findRedisServer();
	nginx = findNginx();
	if (!pgBin || !redisServer || !nginx) {
		const still = !pgBin ? 'the PostgreSQL binaries (/usr/lib/postgresql/*/bin)' : !redisServer ? 'redis-server' : 'nginx';
		throw new Error(
			`apt-get installed ${packages.join(' and ')} but ${still} is still missing. What to do: check \`dpkg -L postgresql-15 redis-server nginx\`.`,
		);
	}
	return { pgBin, redisServer, nginx };
}

/** Fails early, with the port's number, when something already listens there. */
export async function assertPortFree(port, what) {
	const inUse = await new Promise((resolve) => {
		const socket = net.connect({ host: '127.0.0.1', port });
		socket.once('connect', () => {
			socket.destroy();
			resolve(true);
		});
		socket.once('error', () => resolve(false));
	});
	if (inUse)
		throw new Error(
			`Port ${port} (${what}) is in use. What to do: stop what listens there, or pick other ports with HELENA_QUEUE_PORT (n8n: base..base+49) and HELENA_QUEUE_PG_PORT / HELENA_QUEUE_REDIS_PORT / HELENA_QUEUE_NGINX_PORT.`,
		);
}

/** A child server; `stop()` sends `signal` and waits, then kills. */
function track(name, child, signal) {
	let output = '';
	child.stdout?.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
	child.stderr?.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
	const exited = new Promise((resolve) => child.once('exit', (code, sig) => resolve(code ?? sig)));
	return {
		name,
		child,
		exited,
		output: () => output,
		async stop() {
			if (child.exitCode !== null || child.signalCode !== null) return;
			child.kill(signal);
			const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
			await exited;
			clearTimeout(timer);
		},
	};
}

async function waitUntil(server, ready, what, timeoutMs = 30_000) {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (server.child.exitCode !== null || server.child.signalCode !== null) {
			throw new Error(`${what} exited while starting:\n${server.output().slice(-3000)}`);
		}
		if (await ready()) return;
		await sleep(200);
	}
	await server.stop();
	throw new Error(`${what} was not ready within ${timeoutMs / 1000}s:\n${server.output().slice(-3000)}`);
}

/** PostgreSQL refuses to run as root: as root, run it as the `postgres` user the Debian package creates. */
function postgresUser() {
	if (process.getuid?.() !== 0) return {};
	try {
		const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
		const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
		return { uid, gid };
	} catch {
		throw new Error(
			'Running as root, but there is no `postgres` user to run PostgreSQL as. What to do: `apt-get install postgresql` (it creates the user), or run the test as a non-root user.',
		);
	}
}

/**
 * A fresh cluster (trust auth, fsync off: test data only) listening on 127.0.0.1:`port`, its socket in
 * the same throw-away folder, with an empty database `database` owned by `user`.
 */
export async function startPostgres({ pgBin, port, user = 'helena', database = 'n8n' }) {
	const folder = mkdtempSync(path.join(tmpdir(), 'helena-queue-pg-'));
	const dataDir = path.join(folder, 'data');
	const socketDir = path.join(folder, 'socket');
	mkdirSync(socketDir);
	const owner = postgresUser();
	if (owner.uid !== undefined) {
		chownSync(folder, owner.uid, owner.gid);
		chownSync(socketDir, owner.uid, owner.gid);
	}
	const bin = (name) => path.join(pgBin, name);
	log(`PostgreSQL: initdb in ${dataDir} (${pgBin})`);
	execFileSync(bin('initdb'), ['-D', dataDir, '-U', user, '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-instructions'], {
		...owner,
		cwd: folder,
		stdio: ['ignore', 'ignore', 'pipe'],
	});
	const settings = [
		'listen_addresses=127.0.0.1',
		`port=${port}`,
		`unix_socket_directories=${socketDir}`,
		'fsync=off',
		'synchronous_commit=off',
		'full_page_writes=off',
		'max_connections=100',
	];
	const server = track(
		'PostgreSQL',
		spawn(bin('postgres'), ['-D', dataDir, ...settings.flatMap((setting) => ['-c', setting])], {
			...owner,
			cwd: folder,
			stdio: ['ignore', 'pipe', 'pipe'],
		}),
		'SIGINT',
	);
	await waitUntil(
		server,
		async () => {
			try {
				execFileSync(bin('pg_isready'), ['-q', '-h', '127.0.0.1', '-p', String(port), '-U', user], { stdio: 'ignore' });
				return true;
			} catch {
				return false;
			}
		},
		`PostgreSQL on port ${port}`,
	);
	execFileSync(bin('createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', user, database], { stdio: ['ignore', 'ignore', 'pipe'] });
	log(`PostgreSQL ready on 127.0.0.1:${port}, database ${database}`);
	return {
		...server,
		port,
		user,
		password: 'not-checked-trust-auth',
		database,
		async stop() {
			await server.stop();
			rmSync(folder, { recursive: true, force: true });
		},
	};
}

function redisPing(port) {
	return new Promise((resolve) => {
		const socket = net.connect({ host: '127.0.0.1', port });
		let answer = '';
		socket.setTimeout(1000, () => socket.destroy());
		socket.once('connect', () => socket.write('PING\r\n'));
		socket.on('data', (chunk) => {
			answer += chunk;
			if (answer.includes('\r\n')) socket.end();
		});
		socket.once('close', () => resolve(answer.startsWith('+PONG')));
		socket.once('error', () => resolve(false));
	});
}

/** redis-server on 127.0.0.1:`port`, nothing persisted, its working folder thrown away on stop. */
export async function startRedis({ redisServer, port }) {
	const folder = mkdtempSync(path.join(tmpdir(), 'helena-queue-redis-'));
	const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--dir', folder];
	const server = track('Redis', spawn(redisServer, args, { cwd: folder, stdio: ['ignore', 'pipe', 'pipe'] }), 'SIGTERM');
	await waitUntil(server, () => redisPing(port), `Redis on port ${port}`);
	log(`Redis ready on 127.0.0.1:${port}`);
	return {
		...server,
		port,
		async stop() {
			await server.stop();
			rmSync(folder, { recursive: true, force: true });
		},
	};
}

/** nginx's "a, b : c" lists ($upstream_addr, $upstream_status: one entry per process tried, " : " before a second pass). */
const splitList = (value) => (value && value !== '-' ? value.split(/\s*,\s*|\s+:\s+/) : []);

/**
 * nginx on 127.0.0.1:`port` with test/queue/nginx.conf: `/webhook/` balanced over `webhookPorts`,
 * `/webhook-test/` to `mainPort`. Its pid, logs and temp files live in a throw-away folder.
 * `requests()` parses its access log: one { at, method, path, status, upstreams, upstreamStatuses } per request.
 */
export async function startNginx({ nginx, port, webhookPorts, mainPort }) {
	const folder = mkdtempSync(path.join(tmpdir(), 'helena-queue-nginx-'));
	// As root nginx's workers run as `nobody`: they need to reach the folder (nginx chowns its temp folders).
	chmodSync(folder, 0o755);
	const servers = webhookPorts.map((webhookPort) => `\t\tserver 127.0.0.1:${webhookPort} max_fails=1 fail_timeout=2s;`).join('\n');
	const template = readFileSync(new URL('./nginx.conf', import.meta.url), 'utf8');
	const config = path.join(folder, 'nginx.conf');
	writeFileSync(
		config,
		template
			.replaceAll('{{DIR}}', folder)
			.replaceAll('{{PORT}}', String(port))
			.replaceAll('{{MAIN_PORT}}', String(mainPort))
			.replace('{{WEBHOOK_SERVERS}}', servers),
	);
	// -e: the error log before the configuration is read, which would otherwise be /var/log/nginx/error.log.
	const server = track(
		'nginx',
		spawn(nginx, ['-p', folder, '-e', path.join(folder, 'startup.log'), '-c', config], { cwd: folder, stdio: ['ignore', 'pipe', 'pipe'] }),
		'SIGQUIT',
	);
	const accessLog = path.join(folder, 'access.log');
	await waitUntil(
		server,
		async () => {
			try {
				return (await fetch(`http://127.0.0.1:${port}/`)).status === 404;
			} catch {
				return false;
			}
		},
		`nginx on port ${port}`,
	);
	log(`nginx ready on 127.0.0.1:${port}: /webhook/ to ${webhookPorts.join(' and ')}, /webhook-test/ to ${mainPort}`);
	return {
		...server,
		port,
		url: `http://127.0.0.1:${port}`,
		requests() {
			if (!existsSync(accessLog)) return [];
			return readFileSync(accessLog, 'utf8')
				.split('\n')
				.filter(Boolean)
				.map((line) => {
					const [, msec, method, uri, status, upstreams, upstreamStatuses] =
						line.match(/^(\S+) (\S+) (\S+) (\d+) "([^"]*)" "([^"]*)"$/) ?? [];
					return {
						at: Math.round(Number(msec) * 1000),
						method,
						path: uri,
						status: Number(status),
						upstreams: splitList(upstreams),
						upstreamStatuses: splitList(upstreamStatuses).map(Number),
					};
				});
		},
		async stop() {
			await server.stop();
			rmSync(folder, { recursive: true, force: true });
		},
	};
}
