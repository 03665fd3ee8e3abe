// npm run test:e2e:all: the end-to-end suite on every supported n8n line, one after the other.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

// default: the newest 1.x and 2.x of scripts/lib/n8nVersions.cjs
const { DEFAULT, NEWEST_2X } = createRequire(import.meta.url)('../../scripts/lib/n8nVersions.cjs');
const versions = (process.env.HELENA_N8N_VERSIONS ?? `${DEFAULT} ${NEWEST_2X}`).split(/\s+/).filter(Boolean);
let failed = [];
for (const version of versions) {
	console.log(`\n=== end-to-end on n8n ${version}`);
	const { status } = spawnSync('npm', ['run', '--silent', 'test:e2e'], {
		stdio: 'inherit',
		env: { ...process.env, HELENA_N8N_VERSION: version },
	});
	if (status !== 0) failed.push(version);
}
if (failed.length) {
	console.error(`\nEnd-to-end failed on n8n ${failed.join(', ')}`);
	process.exit(1);
}
console.log(`\nEnd-to-end passed on n8n ${versions.join(', ')}`);
