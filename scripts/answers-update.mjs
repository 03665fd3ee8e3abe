// Writes contract/answers.json: the documented answers (response schemas) of every operation the sandbox's
// contract tables hold, i.e. every operation the node calls, taken from the vendor's OpenAPI documents.
//   npm run answers:update -- <folder with core.json, chat.json, crm.json>
// `npm run check:contract` fails while the committed file differs from what this writes.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { answersFile, answersJson } from './lib/answersJson.mjs';
import { readDocuments } from './lib/readDocuments.mjs';

const require = createRequire(import.meta.url);
const { contractEndpoints } = require('../test/sandbox/contractCheck');

const documents = readDocuments(process.argv[2], 'answers:update');
writeFileSync(answersFile, answersJson(contractEndpoints(), documents));
console.log(`answers:update: wrote ${answersFile}`);
