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

describe('the floors and circles of nodes/', () => {
	let nodes;
	beforeEach(() => {
		nodes = path.join(path.dirname(actions), 'nodes');
		write(HOUSE);
	});

	function checkNodes(files) {
		for (const [file, text] of Object.entries(files)) {
			mkdirSync(path.dirname(path.join(nodes, file)), { recursive: true });
			writeFileSync(path.join(nodes, file), text);
		}
		const run = spawnSync(process.execPath, [script, actions, nodes], { encoding: 'utf8' });
		return { status: run.status, errors: run.stderr };
	}

	const GROUND = {
		'Helena/helpers/redact.ts': 'export const hidden = 1;\n',
		'Helena/helpers/input.ts': "import { hidden } from './redact';\nimport type { INode } from 'n8n-workflow';\n",
		'Helena/transport/httpDate.ts': 'export const readHttpDate = 1;\n',
		'Helena/transport/request.ts': "import { hidden } from '../helpers/redact';\nimport { readHttpDate } from './httpDate';\n",
		'Helena/transport/helenaClock.ts': "import { readHttpDate } from './httpDate';\nimport type { HelenaContext } from './request';\n",
	};

	test('helpers/ that imports only itself and packages, and transport/ files that import one way, pass', () => {
		expect(checkNodes(GROUND)).toEqual({ status: 0, errors: '' });
	});

	test('a file of helpers/ that imports from transport/ fails, naming the file and the import', () => {
		const { status, errors } = checkNodes({ ...GROUND, 'Helena/helpers/input.ts': "import { shortened } from '../transport/request';\n" });
		expect(status).toBe(1);
		expect(errors).toContain(`${path.join(nodes, 'Helena/helpers/input.ts')} imports '../transport/request', a room above helpers/`);
	});

	test('two files that import each other (one of them by a type import) fail once, naming the circle', () => {
		const { status, errors } = checkNodes({
			...GROUND,
			'Helena/transport/request.ts': "import { readHttpDate } from './helenaClock';\n",
			'Helena/transport/helenaClock.ts': "import type { HelenaContext } from './request';\nexport const readHttpDate = 1;\n",
		});
		expect(status).toBe(1);
		expect(errors.match(/a circle/g)).toHaveLength(1);
		expect(errors).toMatch(/transport\/(request|helenaClock)\.ts -> .*transport\/(request|helenaClock)\.ts -> /);
	});
});
