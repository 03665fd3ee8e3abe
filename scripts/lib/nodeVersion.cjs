// Does a Node.js version satisfy an `engines.node` range? Run as a script it checks, before n8n is installed or
// started, that the Node which will run n8n is one n8n accepts, and says what to do when it is not (n8n itself
// exits on an unsupported Node, but only after a 5-minute install).
//   node scripts/lib/nodeVersion.cjs <n8n version> <node binary> [<n8n install folder>]
// Exits 1 with the message on stderr; prints nothing when the version fits or the requirement is unknown.
const { execFileSync } = require('node:child_process');
const { existsSync, readFileSync } = require('node:fs');
const path = require('node:path');

/** [major, minor, patch] of "v20.19.1" / "20.19"; missing or x parts are undefined. */
function parts(version) {
	const [major, minor, patch] = String(version)
		.trim()
		.replace(/^[=v]+/, '')
		.split(/[.+-]/)
		.map((part) => (/^\d+$/.test(part) ? Number(part) : undefined));
	return [major, minor, patch];
}

function compare(a, b) {
	for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
	return 0;
}

/** The version just above every version a partial one ("24.x", "22") stands for. */
function above(partial) {
	if (partial[1] === undefined) return [partial[0] + 1, 0, 0];
	if (partial[2] === undefined) return [partial[0], partial[1] + 1, 0];
	return [partial[0], partial[1], partial[2] + 1];
}

/** One comparator ("<=24.x", ">=20.19", "^18.17", "20") as [lowest allowed, lowest refused] bounds. */
function bounds(comparator) {
	const [, operator, version] = /^(>=|<=|>|<|=|\^|~)?(.*)$/.exec(comparator);
	const partial = parts(version);
	if (partial[0] === undefined) return [undefined, undefined]; // "*" or "x": anything
	const floor = [partial[0], partial[1] ?? 0, partial[2] ?? 0];
	switch (operator) {
		case '>=':
			return [floor, undefined];
		case '>':
			return [partial[2] === undefined ? above(partial) : [floor[0], floor[1], floor[2] + 1], undefined];
		case '<=':
			return [undefined, above(partial)];
		case '<':
			return [undefined, floor];
		case '^':
			return [floor, floor[0] > 0 ? [floor[0] + 1, 0, 0] : above(partial)];
		case '~':
			return [floor, partial[1] === undefined ? [floor[0] + 1, 0, 0] : [floor[0], floor[1] + 1, 0]];
		default:
			return [floor, above(partial)];
	}
}

/** Whether `version` satisfies `range` (npm's forms: ">=20.19 <= 24.x", ">=24.0.0", "^18.17 || >=20"). */
function satisfies(version, range) {
	const v = parts(version);
	return String(range)
		.split('||')
		.some((set) =>
			set
				.trim()
				.replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1')
				.split(/\s+/)
				.filter(Boolean)
				.every((comparator) => {
					const [low, high] = bounds(comparator);
					return (!low || compare(v, low) >= 0) && (!high || compare(v, high) < 0);
				}),
		);
}

/**
 * The message that stops an install or a start on the wrong Node, or undefined when `nodeVersion` fits.
 * @param {{ n8nVersion: string, nodeVersion: string, range: string | undefined, nodeBinary?: string }} facts
 */
function nodeProblem({ n8nVersion, nodeVersion, range, nodeBinary = 'node' }) {
	if (!range || satisfies(nodeVersion, range)) return undefined;
	const major = suggestedMajor(range);
	return [
		`n8n ${n8nVersion} needs Node.js ${range}; ${nodeBinary} is ${nodeVersion}. Nothing was installed or started.`,
		`What to do: install Node.js ${major} (with nvm: nvm install ${major} && nvm use ${major}; or from https://nodejs.org), ` +
			'check that `node --version` shows it, and run the command again.',
	].join('\n');
}

/** A Node.js major line inside `range` to suggest: 22 (LTS) when it fits, else another LTS line (24, 20), else any of 21-26. */
function suggestedMajor(range) {
	const fitting = [22, 24, 20, 26, 25, 23, 21].filter((major) => satisfies(`${major}.99.0`, range) || satisfies(`${major}.0.0`, range));
	return fitting[0] ?? 22;
}

/** n8n's own `engines.node`: from the installed copy, else from the npm registry; undefined when neither answers. */
function n8nNodeRange(n8nVersion, installDir) {
	const installed = installDir && path.join(installDir, 'node_modules/n8n/package.json');
	if (installed && existsSync(installed)) return JSON.parse(readFileSync(installed, 'utf8')).engines?.node;
	try {
		const answer = execFileSync('npm', ['view', `n8n@${n8nVersion}`, 'engines.node'], {
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'ignore'],
			timeout: 60_000,
		}).trim();
		return answer || undefined;
	} catch {
		return undefined;
	}
}

if (require.main === module) {
	const [n8nVersion, nodeBinary = process.execPath, installDir] = process.argv.slice(2);
	const nodeVersion = execFileSync(nodeBinary, ['--version'], { encoding: 'utf8' }).trim();
	const problem = nodeProblem({ n8nVersion, nodeVersion, range: n8nNodeRange(n8nVersion, installDir), nodeBinary });
	if (problem) {
		console.error(problem);
		process.exit(1);
	}
}

module.exports = { satisfies, nodeProblem, n8nNodeRange, suggestedMajor };
