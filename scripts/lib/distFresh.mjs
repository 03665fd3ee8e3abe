// Is dist/ the build of the sources as they are now? `npm pack` and `npm publish` do not build here: .npmrc sets
// ignore-scripts, so `prepack` never runs and they would pack whatever dist/ holds, stale or empty.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function filesUnder(folder, prefix = '') {
	if (!existsSync(folder)) return [];
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory() ? filesUnder(path.join(folder, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
	);
}

/** What dist/ should hold for one source file (tsc's .js, gulp's copies), or undefined for what the build skips. */
function builtName(source) {
	if (source.endsWith('.d.ts')) return undefined;
	if (source.endsWith('.ts')) return source.replace(/\.ts$/, '.js');
	if (source.endsWith('.svg') || source.endsWith('.node.json')) return source;
	return undefined;
}

/** The problems with dist/ under `root`, each a sentence; empty when dist/ matches the sources. */
export function distProblems(root) {
	const dist = path.join(root, 'dist');
	const built = new Set(filesUnder(dist));
	if (!built.size) return ['dist/ is missing or empty'];
	const problems = [];
	const expected = new Set();
	for (const folder of ['nodes', 'credentials']) {
		for (const file of filesUnder(path.join(root, folder), `${folder}/`)) {
			const target = builtName(file);
			if (!target) continue;
			expected.add(target);
			if (!built.has(target)) problems.push(`dist/${target} is missing (source ${file})`);
			// gulp copies keep the source's time, rounded to the millisecond
			else if (Math.floor(statSync(path.join(root, file)).mtimeMs) > Math.ceil(statSync(path.join(dist, target)).mtimeMs))
				problems.push(`${file} changed after dist/${target} was built`);
		}
	}
	// what tsc emits besides .js (declarations, maps) is judged by the tarball's contents check, not here
	for (const file of built)
		if (/\.(js|svg|node\.json)$/.test(file) && !expected.has(file)) problems.push(`dist/${file} has no source (left from an older build)`);
	return problems;
}

/** Prints the problems with what to do, and returns whether dist/ is fresh. */
export function checkDist(root, label) {
	const problems = distProblems(root);
	if (!problems.length) return true;
	console.error(
		`${label}: dist/ is not the build of the current sources: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? `; and ${problems.length - 5} more` : ''}.`,
	);
	console.error(
		`${label}: run \`npm run build\` first (npm does not build before packing here: .npmrc sets ignore-scripts, so prepack never runs).`,
	);
	return false;
}
