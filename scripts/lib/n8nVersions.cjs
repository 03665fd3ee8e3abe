'use strict';
// The n8n versions the tests and CI run, in one place; the scripts, .ci/run and test/*/all.mjs read them here.
// Moving a line to a newer patch: change it here, run `HELENA_N8N_VERSIONS=<version> npm run test:e2e:all`, and
// update the versions named in README.md's Compatibility section and docs/compatibility.md.
// 2.41.3 is newer than NEWEST_2X (npm's `latest` on 2026-11-29), but the registry this project uses lacks the
// @n8n packages it depends on (@n8n/agents 0.26.2, n8n-core 2.41.2, …): its install fails with ETARGET.
//   node scripts/lib/n8nVersions.cjs <default|newest2x|oldest|start>   prints one
const NEWEST_2X = '2.41.1';
const versions = {
	/** `npm test` and the benchmarks: the newest 1.x */
	DEFAULT: '1.123.81',
	/** the newest 2.x the registry can install: e2e, queue mode and the page test on the 2.x line */
	NEWEST_2X,
	/** the oldest supported (docs/compatibility.md): end-to-end in CI */
	OLDEST: '1.85.3',
	/** `npm start` and the test of the README's "Try it with `npm start`" steps: the line n8n users are on now */
	START: NEWEST_2X,
};
module.exports = versions;

/**
 * The n8n `npm start` runs: `--n8n 1` (the newest 1.x), `--n8n 2` or a full version among its arguments, else
 * HELENA_N8N_VERSION, else START.
 */
versions.startVersion = (args = [], env = process.env) => {
	const at = args.indexOf('--n8n');
	const asked = at >= 0 ? (args[at + 1] ?? '') : args.find((arg) => arg.startsWith('--n8n='))?.slice('--n8n='.length);
	if (asked === undefined) return env.HELENA_N8N_VERSION || versions.START;
	const version = { 1: versions.DEFAULT, 2: NEWEST_2X }[asked] ?? asked;
	if (!/^\d+\.\d+\.\d+$/.test(version))
		throw new Error(`--n8n ${asked ?? ''}: give 1 (n8n ${versions.DEFAULT}), 2 (n8n ${NEWEST_2X}) or a version such as 2.41.1`);
	return version;
};

if (require.main === module) {
	const key = { default: 'DEFAULT', newest2x: 'NEWEST_2X', oldest: 'OLDEST', start: 'START' }[process.argv[2]];
	if (!key) {
		console.error('usage: node scripts/lib/n8nVersions.cjs <default|newest2x|oldest|start>');
		process.exit(2);
	}
	console.log(versions[key]);
}
