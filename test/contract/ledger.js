'use strict';

/**
 * Jest global setup and teardown of the contract ledger: every sandbox of the run writes its counts into
 * one folder (contractCheck.js); at the end they are summed, printed once, and the run fails when any
 * request broke the Helena contract (the real service would have swallowed it) or any answer of the sandbox
 * left the documented response schema (the node would have been tested against an answer Helena never gives).
 */

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

async function setup() {
	process.env.HELENA_CONTRACT_LEDGER = fs.mkdtempSync(path.join(os.tmpdir(), 'helena-contract-'));
}

/** @param {string} folder */
function readLedgers(folder) {
	const total = {
		validated: 0,
		violations: 0,
		refusedOnPurpose: 0,
		sandboxes: 0,
		examples: /** @type {string[]} */ ([]),
		answers: { checked: 0, conforming: 0, bentOnPurpose: 0, disagreements: /** @type {Map<string, string>} */ (new Map()) },
	};
	for (const name of fs.readdirSync(folder)) {
		const ledger = JSON.parse(fs.readFileSync(path.join(folder, name), 'utf8'));
		total.sandboxes++;
		total.validated += ledger.validated;
		total.violations += ledger.violations;
		total.refusedOnPurpose += ledger.refusedOnPurpose;
		const where = ledger.testPath ? path.relative(process.cwd(), ledger.testPath) : 'unknown test file';
		for (const example of ledger.examples) total.examples.push(`${where}: ${example}`);
		const answers = ledger.answers ?? { checked: 0, conforming: 0, bentOnPurpose: 0, disagreements: {} };
		total.answers.checked += answers.checked;
		total.answers.conforming += answers.conforming;
		total.answers.bentOnPurpose += answers.bentOnPurpose;
		for (const [distinct, example] of Object.entries(answers.disagreements))
			if (!total.answers.disagreements.has(distinct)) total.answers.disagreements.set(distinct, `${where}: ${example}`);
	}
	return total;
}

/** Sums the counts every sandbox of the run wrote, prints them once, and fails the run on a violation. */
async function teardown() {
	const folder = process.env.HELENA_CONTRACT_LEDGER;
	if (!folder) return;
	const total = readLedgers(folder);
	fs.rmSync(folder, { recursive: true, force: true });
	console.log(
		`\nContract: ${total.validated} requests validated, ${total.violations} violations` +
			` (${total.refusedOnPurpose} more refused on purpose by the tests that prove the check)`,
	);
	const { answers } = total;
	console.log(
		`Contract: ${answers.checked} answers of the sandbox held to the documented response schemas, ${answers.conforming} conform, ` +
			`${answers.disagreements.size} distinct disagreement(s) (${answers.bentOnPurpose} more bent on purpose by tests)`,
	);
	const failures = [];
	if (total.violations > 0) failures.push(`${total.violations} request(s) broke the Helena contract:\n  ${total.examples.join('\n  ')}`);
	if (answers.disagreements.size > 0)
		failures.push(
			`${answers.disagreements.size} distinct disagreement(s) of the sandbox's answers with the documents:\n  ${[...answers.disagreements.values()].join('\n  ')}`,
		);
	if (failures.length) throw new Error(failures.join('\n'));
}

module.exports = { setup, teardown };
