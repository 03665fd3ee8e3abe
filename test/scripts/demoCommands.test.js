'use strict';

// The demo commands the README shows are the ones `npm start` prints and the end-to-end suite runs
// (scripts/lib/demoCommands.cjs), for the sandbox's default address.
const { readFileSync } = require('node:fs');
const path = require('node:path');

const { DEFAULT_SANDBOX_URL, demoCommands } = require('../../scripts/lib/demoCommands.cjs');

test('every sandbox command in the README is one npm start prints (and the e2e suite runs), character for character', () => {
	const readme = readFileSync(path.resolve(__dirname, '../../README.md'), 'utf8');
	const shown = [...readme.matchAll(/curl [^`\n]*\/__sandbox\/[^`\n]*/g)].map((match) => match[0].trim());
	const printed = demoCommands(DEFAULT_SANDBOX_URL);
	expect(shown.filter((command) => !printed.includes(command))).toEqual([]);
});

test('npm start prints the command from demoCommands, not a copy of it', () => {
	const start = readFileSync(path.resolve(__dirname, '../../scripts/start.mjs'), 'utf8');
	expect(start).toContain('newConversationCommand(sandbox.url)');
	expect(start).not.toContain('/__sandbox/events');
});
