'use strict';
// The n8n versions the tests and CI run, in one place; the scripts, .ci/run and test/*/all.mjs read them here.
// Moving a line to a newer patch: change it here, run `HELENA_N8N_VERSIONS=<version> npm run test:e2e:all`, and
// update the versions named in README.md's Compatibility section and docs/compatibility.md.
// 2.41.3 is newer than NEWEST_2X (npm's `latest` on 2026-11-29), but the registry this project uses lacks the
// @n8n packages it depends on (@n8n/agents 0.26.2, n8n-core 2.41.2, …): its install fails with ETARGET.
//   node scripts/lib/n8nVersions.cjs <default|newest2x|oldest>   prints one
const versions = {
	/** `npm start`, `npm test` and the benchmarks: the newest 1.x */
	DEFAULT: '1.123.81',
	/** the newest 2.x the registry can install: e2e, queue mode and the page test on the 2.x line */
	NEWEST_2X: '2.41.1',
	/** the oldest supported (docs/compatibility.md): end-to-end in CI */
	OLDEST: '1.85.3',
};
module.exports = versions;

if (require.main === module) {
	const key = { default: 'DEFAULT', newest2x: 'NEWEST_2X', oldest: 'OLDEST' }[process.argv[2]];
	if (!key) {
		console.error('usage: node scripts/lib/n8nVersions.cjs <default|newest2x|oldest>');
		process.exit(2);
	}
	console.log(versions[key]);
}
