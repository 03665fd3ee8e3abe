// The example workflows in examples/: n8n workflow exports that reference a "Helena API" credential.
// `npm start` and the e2e suite import them with their own credential in its place.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { packageRoot } from './n8n.mjs';

export const EXAMPLES_DIR = path.join(packageRoot, 'examples');

export function exampleFiles() {
	return readdirSync(EXAMPLES_DIR)
		.filter((file) => file.endsWith('.json'))
		.sort();
}

/**
 * One example as n8n imports it. `credentials` maps a credential type to the `{ id, name }` to use
 * instead of the example's (for example the sandbox credential for `helenaApi`).
 */
export function loadExample(file, { credentials = {} } = {}) {
	const workflow = JSON.parse(readFileSync(path.join(EXAMPLES_DIR, file), 'utf8'));
	for (const node of workflow.nodes) {
		for (const type of Object.keys(node.credentials ?? {})) {
			if (credentials[type]) node.credentials[type] = { ...credentials[type] };
		}
	}
	return workflow;
}

/** The node of `workflow` named `name`, or an error that lists the names. */
export function nodeNamed(workflow, name) {
	const node = workflow.nodes.find((candidate) => candidate.name === name);
	if (!node) throw new Error(`No node "${name}" in ${workflow.name}: ${workflow.nodes.map((n) => n.name).join(', ')}`);
	return node;
}
