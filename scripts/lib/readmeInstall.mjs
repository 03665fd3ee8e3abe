// The README's shell route for installing the package into one's own n8n, run as printed: every n8n that
// `npm start`, the e2e suite, the editor and queue tests start gets the package this way, so a command in
// that block that stops working fails them all. Only the package name is replaced, by the packed tarball.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MARKER = '<!-- install-commands';

/** The shell commands of README.md's block marked `<!-- install-commands … -->`. */
export function readmeInstallCommands(readme = readFileSync(path.join(packageRoot, 'README.md'), 'utf8')) {
	const marker = readme.indexOf(MARKER);
	const block = marker < 0 ? null : /```bash\n([\s\S]*?)```/.exec(readme.slice(marker));
	if (!block) throw new Error(`README.md has no \`\`\`bash block after "${MARKER} -->": the install commands cannot be found`);
	return block[1];
}

/** The README's commands with the tarball's path in place of the package name `npm install` is given. */
export function installCommandsFor(tarball, commands = readmeInstallCommands()) {
	const install = /^npm install n8n-nodes-helena(?=\s|$)/m;
	if (!install.test(commands)) throw new Error(`README.md's install commands have no line "npm install n8n-nodes-helena …":\n${commands}`);
	return commands.replace(install, `npm install '${tarball.replace(/'/g, `'\\''`)}'`);
}

/**
 * Runs the README's install commands with `home` as HOME (so `~/.n8n/nodes` is the n8n user folder `home`
 * gives N8N_USER_FOLDER) and none of the caller's npm settings (`npm run` exports this repository's .npmrc as
 * npm_config_*). `nodeBin` puts another Node first on PATH; `npmCacheDir` shares npm's download cache between
 * runs (npm fetches the optional peer's metadata; it installs nothing from it). Returns npm's output.
 */
export function runReadmeInstall(home, tarball, { nodeBin, npmCacheDir, env: extraEnv = {} } = {}) {
	const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_|^INIT_CWD$|^NODE_ENV$/i.test(name)));
	Object.assign(env, { HOME: home, npm_config_update_notifier: 'false', ...extraEnv });
	if (npmCacheDir) env.npm_config_cache = npmCacheDir;
	if (nodeBin) env.PATH = `${nodeBin}:${env.PATH}`;
	mkdirSync(home, { recursive: true });
	try {
		return execFileSync('bash', ['-euo', 'pipefail', '-c', installCommandsFor(tarball)], {
			cwd: home,
			env,
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'pipe'],
		});
	} catch (error) {
		throw new Error(
			`README.md's install commands failed (exit code ${error.status}) in HOME=${home}:\n${error.stdout ?? ''}${error.stderr ?? error.message}`,
		);
	}
}
