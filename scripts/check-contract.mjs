// Holds the sandbox's contract tables against the vendor's OpenAPI documents and prints every disagreement;
// also checks that contract/answers.json (the documented answers) is what the documents give today.
//   npm run check:contract -- <folder with core.json, chat.json, crm.json>
// The documents are not part of the repository: CI passes the folder it has beside the checkout.
// Exit code: 0 when the two agree, 1 on any disagreement, 2 when the documents cannot be read.
import { existsSync, readFileSync } from 'node:fs';
import { answersFile, answersJson } from './lib/answersJson.mjs';
import { readDocuments } from './lib/readDocuments.mjs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { compareContract, listedDisagreements } = require('./lib/compareContract.cjs');
const { contractEndpoints } = require('../test/sandbox/contractCheck');

const documents = readDocuments(process.argv[2], 'check:contract');

const endpoints = contractEndpoints();
const listed = listedDisagreements(readFileSync(path.join(root, 'docs/api-disagreements.md'), 'utf8'));
const disagreements = compareContract(endpoints, documents, listed);
// the documented answers the sandbox and the smoke run hold answers to must be the documents' own
const relative = path.relative(root, answersFile);
if (!existsSync(answersFile)) disagreements.push({ where: relative, message: 'is missing: run npm run answers:update -- <folder>' });
else if (readFileSync(answersFile, 'utf8') !== answersJson(endpoints, documents))
	disagreements.push({ where: relative, message: 'differs from the documents: run npm run answers:update -- <folder> and commit it' });
const services = [...new Set(endpoints.map((e) => e.service ?? 'core'))];

for (const { where, message } of disagreements) console.log(`${where}: ${message}`);
console.log(
	`check:contract: ${endpoints.length} endpoints of the sandbox's contract (${services.join(', ')}) against ` +
		`${Object.keys(documents).join(', ')}: ${disagreements.length} disagreement(s)`,
);
process.exit(disagreements.length ? 1 : 0);
