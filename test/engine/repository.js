'use strict';

/*
 * The repository's own files, for the tests that hold the docs and the examples to the code. JavaScript, as the
 * sandbox is, because n8n's lint (`npx n8n-node lint`) holds every TypeScript file of the repository to the rules
 * of node code, which may not read the file system.
 */

const { readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '../..');

/**
 * The text of a file, by its path from the repository's root.
 * @param {string} file
 */
function repositoryText(file) {
	return readFileSync(path.join(root, file), 'utf8');
}

/**
 * The names in a folder of the repository (not below it).
 * @param {string} folder
 */
function namesIn(folder) {
	return readdirSync(path.join(root, folder));
}

/**
 * The text of every file under a folder of the repository.
 * @param {string} folder
 */
function textsUnder(folder) {
	return readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile())
		.map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'utf8'));
}

/**
 * The exports of a module of the repository, by its path from the root (without extension).
 * @param {string} file
 * @returns {Record<string, unknown>}
 */
function repositoryModule(file) {
	return require(path.join(root, file));
}

module.exports = { repositoryText, namesIn, textsUnder, repositoryModule };
