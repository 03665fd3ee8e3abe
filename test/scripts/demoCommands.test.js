'use strict';

// The demo commands the README shows are the ones `npm start` prints and the end-to-end suite runs
// (scripts/lib/demoCommands.cjs), for the sandbox's default address.
const { readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');

const { DEFAULT_SANDBOX_URL, demoCommands } = require('../../scripts/lib/demoCommands.cjs');

const root = path.resolve(__dirname, '../..');
const docs = [
	'README.md',
	...readdirSync(path.join(root, 'docs'))
		.filter((name) => name.endsWith('.md'))
		.map((name) => `docs/${name}`),
];

test.each(docs)('every sandbox command in %s is one npm start prints (and the e2e suite runs), character for character', (file) => {
	const readme = readFileSync(path.join(root, file), 'utf8');
	const shown = [...readme.matchAll(/curl [^`\n]*\/__sandbox\/[^`\n]*/g)].map((match) => match[0].trim());
	const printed = demoCommands(DEFAULT_SANDBOX_URL);
	expect(shown.filter((command) => !printed.includes(command))).toEqual([]);
});

test('npm start prints the command from demoCommands, not a copy of it', () => {
	const start = readFileSync(path.resolve(__dirname, '../../scripts/start.mjs'), 'utf8');
	expect(start).toContain('newConversationCommand(sandbox.url)');
	expect(start).not.toContain('/__sandbox/events');
});
