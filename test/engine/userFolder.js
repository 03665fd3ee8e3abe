// Jest globalSetup / globalTeardown: one throw-away n8n user folder for the whole run (test workers inherit
// the environment), removed at the end, so a run leaves nothing in the temp directory.
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');

module.exports = {
	create: async () => {
		process.env.N8N_USER_FOLDER = mkdtempSync(path.join(tmpdir(), 'helena-engine-'));
	},
	remove: async () => {
		rmSync(process.env.N8N_USER_FOLDER, { recursive: true, force: true });
	},
};
