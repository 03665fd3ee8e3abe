// What `npm publish` would publish, without publishing: the file list, the packed and unpacked size (npm prints
// them), after checking that dist/ is the build of the current sources. No npm login is needed; npm asks the
// registry whether this version is already there. .ci/run runs it after `npm test`.
//   node scripts/publish-dry-run.mjs
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { checkDist } from './lib/distFresh.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function npm(args) {
	const result = spawnSync('npm', args, { cwd: root, encoding: 'utf8' });
	// npm prints the file list and sizes on stderr, the result line last on stdout
	process.stderr.write(result.stderr);
	process.stdout.write(result.stdout);
	return result;
}

if (!checkDist(root, 'publish --dry-run')) process.exit(1);
const publish = npm(['publish', '--dry-run']);
if (publish.status !== 0 && /cannot publish over the previously published version/i.test(publish.stderr)) {
	// npm 11 refuses a dry run of a version the registry has: after a release, until the next version bump
	const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
	console.log(`publish --dry-run: ${version} is already on npm; bump the version before the next tag. What it would pack now:`);
	process.exit(npm(['pack', '--dry-run']).status ?? 1);
}
process.exit(publish.status ?? 1);
