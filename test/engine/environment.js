// n8n-core keeps its settings in a user folder: the one folder test/engine/userFolder.js made for this run.
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
process.env.N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS = 'false';
