// The import rules of nodes/ (docs/development.md, "The map of rooms"):
// - in nodes/Helena/actions/, a resource folder (one with an index.ts: its Operation dropdown and handlers) imports
//   only shared rooms (the folders without one), helpers/, transport/ and methods/, never another resource folder or
//   the router; a shared room never imports a resource folder;
// - helpers/, the ground floor, imports only from itself (transport/ and everything else stand on it);
// - no file imports itself back through others (a circle), type imports included.
//   node scripts/check-rooms.mjs [actions folder [nodes folder]]   prints each offending import, exit 1 on any
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]([^'"]+)['"]/g;

function sourcesUnder(folder) {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(folder, entry.name);
		if (entry.isDirectory()) return sourcesUnder(full);
		return /\.[cm]?[jt]s$/.test(entry.name) ? [full] : [];
	});
}

/** Every import that breaks the rule, as `{ file, specifier, reason }` (file relative to the project root when inside it). */
export function roomViolations(actions) {
	const rooms = readdirSync(actions, { withFileTypes: true })
		.filter((entry) => entry.isDirectory())
		.map((entry) => entry.name);
	const isResource = (room) => existsSync(path.join(actions, room, 'index.ts'));
	const shared = rooms.filter((room) => !isResource(room));
	const violations = [];
	for (const room of rooms) {
		const kind = isResource(room) ? 'resource folder' : 'shared room';
		for (const file of sourcesUnder(path.join(actions, room))) {
			const text = readFileSync(file, 'utf8');
			for (const [, specifier] of text.matchAll(IMPORT)) {
				if (!specifier.startsWith('.')) continue;
				const target = path.relative(actions, path.resolve(path.dirname(file), specifier));
				if (target.startsWith('..')) continue; // helpers/, transport/, methods/ and the rest of the node
				const [targetRoom, ...rest] = target.split(path.sep);
				if (targetRoom === room) continue;
				let reason;
				if (!rest.length && /^router(\.[cm]?[jt]s)?$/.test(targetRoom)) {
					reason = `the router imports every resource, so a ${kind} that imports it makes a circle (types live in actions/types.ts)`;
				} else if (rest.length && isResource(targetRoom)) {
					reason =
						kind === 'resource folder'
							? `another resource folder (${targetRoom}/): what two resources share goes in a shared room (${shared.map((name) => `${name}/`).join(', ')})`
							: `a resource folder (${targetRoom}/): a shared room stands below the resources and imports none of them`;
				}
				if (reason) violations.push({ file: file.startsWith(root + path.sep) ? path.relative(root, file) : file, specifier, reason });
			}
		}
	}
	return violations;
}

/** The file an import names (`./x` as x.ts or x/index.ts), or undefined for a package. */
function importedFile(file, specifier) {
	if (!specifier.startsWith('.')) return undefined;
	const base = path.resolve(path.dirname(file), specifier);
	return [base, `${base}.ts`, `${base}.js`, path.join(base, 'index.ts'), path.join(base, 'index.js')].find(
		(candidate) => existsSync(candidate) && !statSync(candidate).isDirectory(),
	);
}

const shownPath = (file) => (file.startsWith(root + path.sep) ? path.relative(root, file) : file);

/**
 * The floors and circles of a nodes/ folder: a file in a `helpers/` folder that imports from outside it, and every
 * circle of imports between files (each named once, by its files in import order), as `{ file, specifier, reason }`.
 */
export function floorViolations(nodes) {
	const files = sourcesUnder(nodes);
	const imports = new Map(
		files.map((file) => [
			file,
			[...readFileSync(file, 'utf8').matchAll(IMPORT)]
				.map(([, specifier]) => ({ specifier, target: importedFile(file, specifier) }))
				.filter(({ target }) => target),
		]),
	);
	const violations = [];
	for (const [file, targets] of imports) {
		const floor = path.dirname(file).split(path.sep).lastIndexOf('helpers');
		if (floor < 0) continue;
		const helpers = path
			.dirname(file)
			.split(path.sep)
			.slice(0, floor + 1)
			.join(path.sep);
		for (const { specifier, target } of targets)
			if (!target.startsWith(helpers + path.sep))
				violations.push({
					file: shownPath(file),
					specifier,
					reason: 'a room above helpers/: helpers/ is the ground floor and imports only from itself (move what both need into helpers/)',
				});
	}
	// circles: a depth-first walk that meets a file still on its path
	const state = new Map();
	const seen = new Set();
	const walk = (file, trail) => {
		state.set(file, 'open');
		for (const { specifier, target } of imports.get(file) ?? []) {
			if (state.get(target) === 'open') {
				const circle = [...trail.slice(trail.indexOf(target)), file].map(shownPath);
				const name = [...circle].sort().join(' ');
				if (!seen.has(name)) {
					seen.add(name);
					violations.push({
						file: shownPath(file),
						specifier,
						reason: `a circle (${[...circle, shownPath(target)].join(' -> ')}): move what the files share into a file both import`,
					});
				}
			} else if (!state.has(target)) walk(target, [...trail, file]);
		}
		state.set(file, 'done');
	};
	for (const file of files) if (!state.has(file)) walk(file, []);
	return violations;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	const actions = path.resolve(process.argv[2] ?? path.join(root, 'nodes/Helena/actions'));
	const nodes = path.resolve(process.argv[3] ?? path.join(root, 'nodes'));
	const violations = [...roomViolations(actions), ...floorViolations(nodes)];
	for (const { file, specifier, reason } of violations) console.error(`rooms: ${file} imports '${specifier}', ${reason}`);
	if (violations.length) process.exit(1);
	console.log('lint: rooms: 0 imports between resource folders, none from helpers/ upward, no circle');
}
