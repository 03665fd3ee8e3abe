'use strict';

// The lint step's import rule (scripts/check-rooms.mjs): resource folders of nodes/Helena/actions/ never import each
// other or the router, and shared rooms never import a resource folder. Run on small trees written for each case.
const { spawnSync } = require('node:child_process');
const { mkdirSync, mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
const script = path.join(root, 'scripts/check-rooms.mjs');

let actions;

beforeEach(() => {
	actions = path.join(mkdtempSync(path.join(tmpdir(), 'helena-rooms-')), 'actions');
});
afterEach(() => rmSync(path.dirname(actions), { recursive: true, force: true }));

function write(files) {
	for (const [file, text] of Object.entries(files)) {
		mkdirSync(path.dirname(path.join(actions, file)), { recursive: true });
		writeFileSync(path.join(actions, file), text);
	}
}

function check() {
	const run = spawnSync(process.execPath, [script, actions], { encoding: 'utf8' });
	return { status: run.status, errors: run.stderr };
}

/** Two resources (each folder has an index.ts), a shared room, the router and the types below it. */
const HOUSE = {
	'router.ts': "import { card } from './card';\nimport { contact } from './contact';\nimport type { HelenaResource } from './types';\n",
	'types.ts': 'export type HelenaResource = Record<string, unknown>;\n',
	'card/index.ts': "import type { HelenaResource } from '../types';\nimport * as get from './get.operation';\n",
	'card/get.operation.ts':
		"import { runPerItem } from '../../helpers';\nimport { helenaRequest } from '../../transport';\nimport { metadataField } from '../shared/metadata';\n",
	'contact/index.ts': "import type { HelenaResource } from '../types';\n",
	'contact/contactBody.ts': "import { readText } from '../../helpers';\n",
	'shared/metadata.ts': "import { readKeyValues } from '../../helpers';\n",
};

test('a house whose resources import only shared rooms, helpers/ and transport/ passes', () => {
	write(HOUSE);
	expect(check()).toEqual({ status: 0, errors: '' });
});

test('a resource folder that imports another resource folder fails, naming the file and the import', () => {
	write({ ...HOUSE, 'card/cardFields.ts': "import { readContactBody } from '../contact/contactBody';\n" });
	const { status, errors } = check();
	expect(status).toBe(1);
	expect(errors).toContain(`${path.join(actions, 'card/cardFields.ts')} imports '../contact/contactBody'`);
	expect(errors).toContain('another resource folder (contact/)');
});

test('a shared room that imports a resource folder fails, also from a nested file and by a type import', () => {
	write({ ...HOUSE, 'shared/deep/listMembers.ts': "import type { ContactBody } from '../../contact/contactBody';\n" });
	const { status, errors } = check();
	expect(status).toBe(1);
	expect(errors).toContain(`${path.join(actions, 'shared/deep/listMembers.ts')} imports '../../contact/contactBody'`);
	expect(errors).toContain('a resource folder (contact/): a shared room stands below the resources');
});

test('a resource index that imports the router fails: the router imports every resource (a circle)', () => {
	write({ ...HOUSE, 'contact/index.ts': "import type { HelenaResource } from '../router';\n" });
	const { status, errors } = check();
	expect(status).toBe(1);
	expect(errors).toContain(`${path.join(actions, 'contact/index.ts')} imports '../router'`);
});

test('the repository itself passes', () => {
	const run = spawnSync(process.execPath, [script], { encoding: 'utf8' });
	expect(run.stderr).toBe('');
	expect(run.status).toBe(0);
});
