'use strict';

/**
 * n8n-core's engine keeps its settings in a user folder and writes a generated encryption key there before
 * it runs anything. The smoke run gives it a folder of its own in the temp directory (never the maintainer's
 * N8N_USER_FOLDER, whose settings it could read or create) and a random encryption key of its own (never the
 * maintainer's N8N_ENCRYPTION_KEY, which n8n would copy into that folder), and removes the folder on every way out:
 * the end of the run, an error, process.exit, and Ctrl+C or SIGTERM (whose handlers end through process.exit).
 */

const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

let folder;

function remove() {
	if (folder) fs.rmSync(folder, { recursive: true, force: true });
	folder = undefined;
}

/** Creates the folder once, points N8N_USER_FOLDER at it, and arranges its removal; returns its path. */
function useTemporaryUserFolder() {
	if (folder) return folder;
	folder = fs.mkdtempSync(path.join(os.tmpdir(), 'helena-smoke-'));
	process.env.N8N_USER_FOLDER = folder;
	process.env.N8N_ENCRYPTION_KEY = randomBytes(24).toString('base64');
	process.on('exit', remove);
	return folder;
}

module.exports = { useTemporaryUserFolder, removeTemporaryUserFolder: remove };
