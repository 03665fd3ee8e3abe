// Writes contract/requests.json and contract/answers.json: what every operation of contract/operations.txt
// takes and answers, taken from the vendor's OpenAPI documents.
//   npm run answers:update -- <folder with core.json, chat.json, crm.json>
// `npm run check:contract` fails while the committed files differ from what this writes.
import { writeFileSync } from 'node:fs';
import { contractFiles } from './lib/answersJson.mjs';
import { readDocuments } from './lib/readDocuments.mjs';

const { files, problems } = contractFiles(readDocuments(process.argv[2], 'answers:update'));
for (const { where, message } of problems) console.log(`${where}: ${message}`);
for (const [file, text] of Object.entries(files)) writeFileSync(file, text);
console.log(`answers:update: wrote ${Object.keys(files).join(', ')}`);
process.exit(problems.length ? 1 : 0);
