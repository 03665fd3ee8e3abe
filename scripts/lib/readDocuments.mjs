// Reads the vendor's OpenAPI documents (one JSON per service) from a folder, or exits with code 2 saying why.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** @param {string | undefined} folder @param {string} command @returns {Record<string, any>} */
export function readDocuments(folder, command) {
	if (!folder) {
		console.error(`usage: npm run ${command} -- <folder with the vendor OpenAPI documents (core.json, chat.json, crm.json)>`);
		process.exit(2);
	}
	if (!existsSync(folder)) {
		console.error(`${command}: no folder ${folder}`);
		process.exit(2);
	}
	/** @type {Record<string, any>} */
	const documents = {};
	for (const name of readdirSync(folder).filter((file) => file.endsWith('.json'))) {
		try {
			documents[name.slice(0, -'.json'.length)] = JSON.parse(readFileSync(path.join(folder, name), 'utf8'));
		} catch (error) {
			console.error(`${command}: ${name} is not JSON: ${error.message}`);
			process.exit(2);
		}
	}
	if (Object.keys(documents).length === 0) {
		console.error(`${command}: no OpenAPI document (*.json) in ${folder}`);
		process.exit(2);
	}
	return documents;
}
