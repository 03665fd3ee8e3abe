// npm run test:queue: the queue-mode test (run.mjs) on every supported n8n line, one after the other, each
// in its own process with everything started and stopped anew. HELENA_N8N_VERSIONS picks the lines
// (default: the newest 1.x and 2.x of scripts/lib/n8nVersions.cjs; e.g. HELENA_N8N_VERSIONS=2.41.1 for one line).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const { DEFAULT, NEWEST_2X } = createRequire(import.meta.url)('../../scripts/lib/n8nVersions.cjs');
const versions = (process.env.HELENA_N8N_VERSIONS ?? `${DEFAULT} ${NEWEST_2X}`).split(/\s+/).filter(Boolean);
const suite = fileURLToPath(new URL('./run.mjs', import.meta.url));
const failed = [];
const took = [];
for (const version of versions) {
	console.log(`\n=== queue mode on n8n ${version}`);
	const started = Date.now();
	const { status } = spawnSync(process.execPath, [suite], { stdio: 'inherit', env: { ...process.env, HELENA_N8N_VERSION: version } });
	took.push(`${version} ${((Date.now() - started) / 1000).toFixed(0)}s`);
	if (status !== 0) failed.push(version);
}
console.log(`\nQueue mode: ${took.join(', ')}`);
if (failed.length) {
	console.error(`Queue mode failed on n8n ${failed.join(', ')}`);
	process.exit(1);
}
console.log(`Queue mode passed on n8n ${versions.join(', ')}`);
