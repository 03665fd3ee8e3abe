'use strict';

/**
 * Runs the smoke plan through the node itself (n8n-core's engine, as the tests run it), through a recording relay
 * in front of Helena, and holds every answer Helena gave to its documented schema (contract/answers.json).
 * Returns one row per step: operation, the requests it made with their statuses, time, and the verdict.
 */

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

require('./registerTs.cjs');

const ANSWERS = require('../../../contract/answers.json');
const { checkAnswer, missingNeededFields, operationOf } = require('../answerSchemas.cjs');
const { startRecorder } = require('./recorder.cjs');
const { READS, writes, UNDO } = require('./plan.cjs');

/** @typedef {{ operation: string, requests: string, time: string, verdict: string, ok: boolean }} Row */

/** Each disagreement of the answers recorded for one step, as `GET /core/v1/x/{id} 200: key: message`. */
function judge(exchanges) {
	const lines = [];
	for (const exchange of exchanges) {
		const operation = operationOf(ANSWERS, exchange.method, exchange.path);
		const label = `${exchange.method} /${operation?.service ?? '?'}${operation?.path ?? exchange.path} ${exchange.status}`;
		if (!operation) {
			lines.push(`${label}: not an operation of the documents the node uses`);
			continue;
		}
		if (exchange.status < 200 || exchange.status > 299) continue;
		const answer = {
			service: operation.service,
			method: exchange.method,
			path: operation.path,
			status: exchange.status,
			body: exchange.body,
		};
		const problems = [...(checkAnswer(ANSWERS, answer) ?? []), ...missingNeededFields(ANSWERS, answer)];
		for (const { key, message } of problems) lines.push(`${label}: ${key} ${message}`);
	}
	return lines;
}

const requestsOf = (exchanges) =>
	exchanges
		.map((e) => {
			const operation = operationOf(ANSWERS, e.method, e.path);
			return `${e.method} ${operation ? `/${operation.service}${operation.path}` : e.path} → ${e.status || 'no answer'}`;
		})
		.join('; ');

/**
 * @param {{ baseUrl: string, apiKey: string, write: boolean, only?: string, phone?: string, log?: (row: Row) => void }} options
 * @returns {Promise<Row[]>}
 */
async function runSmoke({ baseUrl, apiKey, write, only, phone, log = () => undefined }) {
	process.env.N8N_USER_FOLDER ??= fs.mkdtempSync(path.join(os.tmpdir(), 'helena-smoke-'));
	require('../../../test/engine/environment.js');
	const { runNode } = require('../../../test/engine/runNode.ts');
	const { runListSearch } = require('../../../test/engine/runMethod.ts');

	const recorder = await startRecorder(baseUrl);
	const credentials = { baseUrl: recorder.url, apiKey };
	/** @type {Record<string, string>} */
	const found = {};
	/** @type {Row[]} */
	const rows = [];

	/** @param {import('./plan.cjs').Step} step @param {boolean} [quiet] run for its records only, not reported */
	async function runStep(step, quiet = false) {
		const missing = (step.needs ?? []).filter((name) => !found[name]);
		if (missing.length) {
			const row = { operation: step.label, requests: '', time: '', verdict: `skipped: no ${missing.join(', ')} to use`, ok: true };
			rows.push(row);
			log(row);
			return;
		}
		const started = performance.now();
		let items = [];
		let error;
		try {
			if ('listSearch' in step.run) {
				items = (await runListSearch(step.run.listSearch, { credentials })).results ?? [];
			} else {
				const run = await runNode({ credentials, parameters: { ...step.run, ...(step.params?.(found) ?? {}) } });
				items = run.items;
				error = run.error;
			}
		} catch (thrown) {
			error = thrown;
		}
		const time = `${Math.round(performance.now() - started)} ms`;
		const exchanges = recorder.take();
		const disagreements = judge(exchanges);
		if (error) disagreements.unshift(`the node failed: ${error.message}${error.description ? ` (${error.description})` : ''}`);
		if (!error) for (const [name, value] of Object.entries(step.yields?.(items, found) ?? {})) if (value) found[name] = String(value);
		if (quiet) return;
		const row = {
			operation: step.label,
			requests: requestsOf(exchanges),
			time,
			verdict: disagreements.length ? disagreements.join(' | ') : 'conforms',
			ok: disagreements.length === 0,
		};
		rows.push(row);
		log(row);
	}

	try {
		// with `only`, the steps it names run and are reported; the steps that find records run unreported
		const names = (only ?? '')
			.split(',')
			.map((name) => name.trim().toLowerCase())
			.filter(Boolean);
		const wanted = (step) => names.length === 0 || names.some((name) => step.label.toLowerCase().includes(name));
		for (const step of READS) if (wanted(step) || step.yields) await runStep(step, !wanted(step));
		if (write) {
			const stamp = new Date().toISOString().replace(/[-:]/g, '').slice(0, 15);
			const made = [];
			try {
				for (const step of writes(stamp, phone)) {
					await runStep(step);
					if (step.undo && found[step.undo]) made.push(step.undo);
				}
			} finally {
				// undone newest first, whatever failed in between
				for (const name of made.reverse()) await runStep(UNDO[name]);
			}
		}
	} finally {
		await recorder.close();
	}
	return rows;
}

/** The rows as a Markdown table, to paste into an issue. */
function tableOf(rows) {
	const cell = (text) => String(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');
	return [
		'| operation | requests (status) | time | result |',
		'|---|---|---|---|',
		...rows.map((row) => `| ${cell(row.operation)} | ${cell(row.requests)} | ${cell(row.time)} | ${cell(row.verdict)} |`),
	].join('\n');
}

module.exports = { runSmoke, tableOf };
