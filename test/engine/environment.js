// n8n-core keeps its settings in a user folder: the one folder test/engine/userFolder.js made for this run.
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
process.env.N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS = 'false';

// n8n-workflow runs resource-locator and expression regexes in a vm with a 250 ms timeout. On a CPU-starved
// machine that timeout trips on trivial patterns (a UUID check) and fails tests for reasons of scheduling, not
// of the node; the engine tests use plain regular expressions instead.
const { setSafeRegexEngine } = require('n8n-workflow');
const withGlobal = (flags) => (flags?.includes('g') ? flags : `${flags ?? ''}g`);
setSafeRegexEngine({
	exec: (pattern, input, flags) => new RegExp(pattern, flags).exec(input),
	test: (pattern, input, flags) => new RegExp(pattern, flags).test(input),
	replace: (pattern, input, flags, replacement) => input.replace(new RegExp(pattern, flags), replacement),
	matchAll: (pattern, input, flags) => Array.from(input.matchAll(new RegExp(pattern, withGlobal(flags)))),
	split: (pattern, input, flags) => input.split(new RegExp(pattern, flags)),
});
