// The import rule of nodes/Helena/actions/ (docs/development.md, "The map of rooms"): a resource folder (one with an
// index.ts: its Operation dropdown and handlers) imports only shared rooms (the folders without one), helpers/,
// transport/ and methods/, never another resource folder or the router; a shared room never imports a resource folder.
//   node scripts/check-rooms.mjs [actions folder]   prints each offending import, exit 1 on any
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	const actions = path.resolve(process.argv[2] ?? path.join(root, 'nodes/Helena/actions'));
	const violations = roomViolations(actions);
	for (const { file, specifier, reason } of violations) console.error(`rooms: ${file} imports '${specifier}', ${reason}`);
	if (violations.length) process.exit(1);
	console.log('lint: rooms: 0 imports between resource folders');
}
