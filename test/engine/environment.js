// n8n-core keeps its settings in a user folder; give each test worker a throw-away one.
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');

process.env.N8N_USER_FOLDER ??= mkdtempSync(path.join(tmpdir(), 'helena-engine-'));
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
process.env.N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS = 'false';
