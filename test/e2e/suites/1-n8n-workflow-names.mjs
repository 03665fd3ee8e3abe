// Every name the package takes from n8n-workflow when it runs exists in the n8n-workflow of the n8n it runs in. The
// build compiles against one n8n-workflow (the devDependency), but n8n hands the package its own, and a name missing
// there fails only when a node reaches that line (sleepWithAbort: absent from n8n 1.85's n8n-workflow, gone from
// 2.x's). A name taken on purpose only where it exists is read through a namespace import (helpers/pause.ts), which
// this check leaves out.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';

import { n8nCacheDir, packageRoot } from '../../../scripts/lib/n8n.mjs';
import { e2e } from '../context.mjs';

/** The names the compiled package reads from n8n-workflow (tsc writes a named import's use as `n8n_workflow_1.<name>`). */
function namesTheBuildUses() {
	const dist = path.join(packageRoot, 'dist');
	const files = readdirSync(dist, { recursive: true }).filter((file) => String(file).endsWith('.js'));
	const names = new Set();
	for (const file of files) {
		for (const [, name] of readFileSync(path.join(dist, String(file)), 'utf8').matchAll(/\bn8n_workflow_\d+\.([A-Za-z_$][\w$]*)/g)) {
			names.add(name);
		}
	}
	return [...names].sort();
}

test(`every name the package takes from n8n-workflow is in n8n ${e2e.version}'s n8n-workflow`, () => {
	const used = namesTheBuildUses();
	assert.ok(used.includes('NodeOperationError'), `the build's imports were not found (read: ${used.join(', ')})`);
	const fromN8n = createRequire(path.join(n8nCacheDir(e2e.version).dir, 'node_modules/n8n/package.json'));
	const workflow = fromN8n('n8n-workflow');
	assert.deepEqual(
		used.filter((name) => !(name in workflow)),
		[],
		`n8n ${e2e.version} has n8n-workflow ${fromN8n('n8n-workflow/package.json').version}`,
	);
});
