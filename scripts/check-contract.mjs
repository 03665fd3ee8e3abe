// Holds the sandbox's contract tables against the vendor's OpenAPI documents and prints every disagreement.
//   npm run check:contract -- <folder with core.json, chat.json, crm.json>
// The documents are not part of the repository: CI passes the folder it has beside the checkout.
// Exit code: 0 when the two agree, 1 on any disagreement, 2 when the documents cannot be read.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { compareContract, listedDisagreements } = require('./lib/compareContract.cjs');
const { contractEndpoints } = require('../test/sandbox/contractCheck');

const folder = process.argv[2];
if (!folder) {
	console.error('usage: npm run check:contract -- <folder with the vendor OpenAPI documents (core.json, chat.json, crm.json)>');
	process.exit(2);
}
if (!existsSync(folder)) {
	console.error(`check:contract: no folder ${folder}`);
	process.exit(2);
}

/** @type {Record<string, object>} */
const documents = {};
for (const name of readdirSync(folder).filter((file) => file.endsWith('.json'))) {
	try {
		documents[name.slice(0, -'.json'.length)] = JSON.parse(readFileSync(path.join(folder, name), 'utf8'));
	} catch (error) {
		console.error(`check:contract: ${name} is not JSON: ${error.message}`);
		process.exit(2);
	}
}
if (Object.keys(documents).length === 0) {
	console.error(`check:contract: no OpenAPI document (*.json) in ${folder}`);
	process.exit(2);
}

const endpoints = contractEndpoints();
const listed = listedDisagreements(readFileSync(path.join(root, 'docs/api-disagreements.md'), 'utf8'));
const disagreements = compareContract(endpoints, documents, listed);
const services = [...new Set(endpoints.map((e) => e.service ?? 'core'))];

for (const { where, message } of disagreements) console.log(`${where}: ${message}`);
console.log(
	`check:contract: ${endpoints.length} endpoints of the sandbox's contract (${services.join(', ')}) against ` +
		`${Object.keys(documents).join(', ')}: ${disagreements.length} disagreement(s)`,
);
process.exit(disagreements.length ? 1 : 0);
