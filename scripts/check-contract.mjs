// Holds the sandbox's contract against the vendor's OpenAPI documents and prints every disagreement: an
// operation of contract/operations.txt the documents lack, contract/requests.json or contract/answers.json not
// what the documents give today, another reading of a disagreement docs/api-disagreements.md does not list.
//   npm run check:contract -- <folder with core.json, chat.json, crm.json>
// The documents are not part of the repository: CI passes the folder it has beside the checkout.
// Exit code: 0 when the two agree, 1 on any disagreement, 2 when the documents cannot be read.
import { existsSync, readFileSync } from 'node:fs';
import { contractFiles } from './lib/answersJson.mjs';
import { readDocuments } from './lib/readDocuments.mjs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { listedDisagreements, operationLine, readingProblems } = require('./lib/requestTypes.cjs');

/** The operations whose requests differ between two texts of contract/requests.json (none for answers.json). */
function changedRoutes(committed, generated) {
	const byRoute = (text) => new Map((JSON.parse(text).endpoints ?? []).map((e) => [operationLine(e), JSON.stringify(e)]));
	const [before, after] = [byRoute(committed), byRoute(generated)];
	const changed = [...new Set([...before.keys(), ...after.keys()])].filter((route) => before.get(route) !== after.get(route));
	return changed.length ? ` in ${changed.join(', ')}` : '';
}

const documents = readDocuments(process.argv[2], 'check:contract');
const { files, problems: disagreements, operations } = contractFiles(documents);
for (const [file, text] of Object.entries(files)) {
	const where = path.relative(root, file);
	const committed = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
	if (committed === undefined) disagreements.push({ where, message: 'is missing: run npm run answers:update -- <folder>' });
	else if (committed !== text)
		disagreements.push({
			where,
			message: `differs from the documents${changedRoutes(committed, text)}: run npm run answers:update -- <folder> and commit it`,
		});
}
const listed = listedDisagreements(readFileSync(path.join(root, 'docs/api-disagreements.md'), 'utf8'));
try {
	const { OTHER_READINGS, contractEndpoints } = require('../test/sandbox/contract');
	disagreements.push(...readingProblems(OTHER_READINGS, contractEndpoints(), listed));
} catch (error) {
	disagreements.push({ where: 'test/sandbox/contract.js', message: error instanceof Error ? error.message : String(error) });
}

for (const { where, message } of disagreements) console.log(`${where}: ${message}`);
console.log(
	`check:contract: ${operations.length} endpoints of the sandbox's contract against ` +
		`${Object.keys(documents).join(', ')}: ${disagreements.length} disagreement(s)`,
);
process.exit(disagreements.length ? 1 : 0);
