'use strict';

/**
 * Runs the smoke plan through the node itself (n8n-core's engine, as the tests run it), through a recording relay
 * in front of Helena, and holds every answer Helena gave to its documented schema (contract/answers.json).
 * First it reads Helena's webhook event list directly (no relay), as the credential's Test Connection does: a
 * host that cannot be reached or a key that is refused stops the run there, with the node's own error. A step
 * that meets a refused key (401, 403) or a host that stopped answering stops it too; the steps after it are
 * reported as not run (the undo steps of --write still run). Returns one row per step: operation, the requests
 * it made with their statuses, time, and the verdict; and why the run stopped, if it did.
 */

const { useTemporaryUserFolder } = require('./userFolder.cjs');

require('./registerTs.cjs');

const ANSWERS = require('../../../contract/answers.json');
const { parseBaseUrl } = require('../../../nodes/Helena/transport/url.ts');
const { redactText, withoutApiKey } = require('../../../nodes/Helena/helpers/redact.ts');
const { checkAnswer, missingNeededFields, operationOf } = require('../answerSchemas.cjs');
const { startRecorder } = require('./recorder.cjs');
const { READS, writes, UNDO } = require('./plan.cjs');

/**
 * @typedef {'conforms' | 'disagrees' | 'failed' | 'skipped' | 'not run'} State
 * @typedef {{ operation: string, requests: string, time: string, verdict: string, ok: boolean, state: State }} Row
 */

/** The first check: what the credential's Test Connection reads, with a shorter Timeout than the steps'. */
const PREFLIGHT = {
	label: 'Helena reachable, key accepted',
	run: { resource: 'webhook', operation: 'getEvents' },
	timeoutSeconds: 10,
};

/** The steps `--only` asks for: every step when empty; `undefined` when it names none of them. */
function wantedBy(only) {
	const names = (only ?? '')
		.split(',')
		.map((name) => name.trim().toLowerCase())
		.filter(Boolean);
	const wanted = (step) => names.length === 0 || names.some((name) => step.label.toLowerCase().includes(name));
	return names.length && !READS.some(wanted) ? undefined : wanted;
}

/** Each disagreement of the answers recorded for one step, as `GET /core/v1/x/{id} 200: key: message`. */
function judge(exchanges, apiKey) {
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
			// the key out of the answer before any of it is quoted (and cut) in a disagreement
			body: withoutApiKey(exchange.body, apiKey),
		};
		const problems = [...(checkAnswer(ANSWERS, answer) ?? []), ...missingNeededFields(ANSWERS, answer)];
		for (const { key, message } of problems) lines.push(`${label}: ${key} ${message}`);
	}
	return lines;
}

const endpointOf = (exchange) => {
	const operation = operationOf(ANSWERS, exchange.method, exchange.path);
	return `${exchange.method} ${operation ? `/${operation.service}${operation.path}` : exchange.path}`;
};

const requestsOf = (exchanges) => exchanges.map((e) => `${endpointOf(e)} → ${e.status || `no answer (${e.text})`}`).join('; ');

const errorText = (error) => `${error.message}${error.description ? ` (${error.description})` : ''}`;

/** Seconds from a Retry-After header (seconds or an HTTP date); undefined when absent or unreadable. */
function retryAfterSeconds(value) {
	if (!value) return undefined;
	if (/^\d+$/.test(value.trim())) return Number(value.trim());
	const at = Date.parse(value);
	return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/**
 * @param {{
 *   baseUrl: string, apiKey: string, write: boolean, only?: string, phone?: string,
 *   log?: (row: Row) => void, notice?: (text: string) => void, stopRequested?: () => boolean,
 * }} options
 * @returns {Promise<{ rows: Row[], stopped?: string }>}
 */
async function runSmoke({
	baseUrl,
	apiKey,
	write,
	only,
	phone,
	log = () => undefined,
	notice = () => undefined,
	stopRequested = () => false,
}) {
	useTemporaryUserFolder();
	require('../../../test/engine/environment.js');
	const { runNode } = require('../../../test/engine/runNode.ts');
	const { runListSearch } = require('../../../test/engine/runMethod.ts');
	const { MAX_TOTAL_WAIT_MS } = require('../../../nodes/Helena/transport/request.ts');

	// the Base URL as the node reads it (a pasted /core, /core/v1 or /v1 dropped): the relay adds the services' paths to it
	const parsed = parseBaseUrl(baseUrl, apiKey);
	if (!('url' in parsed)) throw new Error(`--base-url ${parsed.problem}`);
	const wanted = wantedBy(only) ?? (() => false);
	const stamp = new Date().toISOString().replace(/[-:]/g, '').slice(0, 15);
	const writeSteps = write ? writes(stamp, phone) : [];
	/** @type {Row[]} */
	const rows = [];
	/** @type {string | undefined} */
	let stopped;
	const clean = (text) => redactText(String(text), apiKey);
	const notRun = (step) => rows.push({ operation: step.label, requests: '', time: '', verdict: 'not run', ok: false, state: 'not run' });

	// 1. reachable, and the key accepted: the node itself, straight to Helena, so that a failed connection is the node's own
	const preflight = await runNode({
		credentials: { baseUrl, apiKey, timeout: PREFLIGHT.timeoutSeconds },
		parameters: PREFLIGHT.run,
	}).catch((error) => ({ error }));
	if (preflight.error) {
		const reason = clean(errorText(preflight.error));
		const row = {
			operation: PREFLIGHT.label,
			requests: 'GET /core/v1/webhook/event',
			time: '',
			verdict: `the node failed: ${reason}`,
			ok: false,
			state: 'failed',
		};
		rows.push(row);
		log(row);
		for (const step of [...READS.filter(wanted), ...writeSteps]) notRun(step);
		return { rows, stopped: `before the first step: ${reason}` };
	}
	log({ operation: PREFLIGHT.label, requests: '', time: '', verdict: 'conforms', ok: true, state: 'conforms' });

	const waitCap = MAX_TOTAL_WAIT_MS / 1000;
	const recorder = await startRecorder(parsed.url, (exchange, headers) => {
		if (exchange.status !== 429) return;
		const seconds = retryAfterSeconds(headers.get('retry-after') ?? '');
		const what = `Helena answered 429 (rate limit) to ${endpointOf(exchange)}`;
		if (seconds === undefined) notice(`waiting: ${what}; the node tries again after a back-off of a few seconds`);
		else if (seconds > waitCap)
			notice(`${what} and asks for ${seconds} s, longer than the node waits for one request (${waitCap} s): the step will fail`);
		else notice(`waiting ${seconds} s: ${what}; the node waits as Helena asks (Retry-After), then tries again`);
	});
	// the node's messages name the address it talked to: the relay's, which is Helena's as far as the user is concerned
	const origin = new URL(parsed.url).origin;
	const credentials = { baseUrl: recorder.url, apiKey };
	/** @type {Record<string, string>} */
	const found = {};

	/** @param {import('./plan.cjs').Step} step @param {boolean} [quiet] run for its records only, not reported */
	async function runStep(step, quiet = false) {
		const missing = (step.needs ?? []).filter((name) => !found[name]);
		if (missing.length) {
			if (quiet) return;
			const row = {
				operation: step.label,
				requests: '',
				time: '',
				verdict: `skipped: no ${missing.join(', ')} to use`,
				ok: true,
				state: 'skipped',
			};
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
		const disagreements = judge(exchanges, apiKey);
		const failure = error ? clean(errorText(error)).split(recorder.url).join(origin) : undefined;
		if (failure) disagreements.unshift(`the node failed: ${failure}`);
		if (!error) for (const [name, value] of Object.entries(step.yields?.(items, found) ?? {})) if (value) found[name] = String(value);
		// a refused key, or a host that stopped answering, fails every step after it the same way
		const refused = exchanges.find((exchange) => exchange.status === 401 || exchange.status === 403);
		const lost = exchanges.find((exchange) => exchange.status === 0);
		if (refused)
			stopped ??= `at ${step.label}: Helena answered ${refused.status} to ${endpointOf(refused)}${failure ? `: ${failure}` : ''}`;
		else if (lost)
			stopped ??= `at ${step.label}: the connection to Helena at ${origin} failed (${lost.text})${failure ? `: ${failure}` : ''}`;
		if (quiet && !stopped) return;
		const row = {
			operation: step.label,
			requests: requestsOf(exchanges),
			time,
			verdict: disagreements.length ? disagreements.join(' | ') : 'conforms',
			ok: disagreements.length === 0,
			state: error ? 'failed' : disagreements.length ? 'disagrees' : 'conforms',
		};
		rows.push(row);
		log(row);
	}

	const interrupted = () => {
		if (!stopped && stopRequested()) stopped = 'interrupted (Ctrl+C or SIGTERM)';
		return Boolean(stopped);
	};

	try {
		// with `only`, the steps it names run and are reported; the steps that find records run unreported
		for (const step of READS) {
			if (!wanted(step) && !step.yields) continue;
			if (interrupted()) {
				if (wanted(step)) notRun(step);
			} else await runStep(step, !wanted(step));
		}
		const made = [];
		try {
			for (const step of writeSteps) {
				if (interrupted()) notRun(step);
				else await runStep(step);
				if (step.undo && found[step.undo] && !made.includes(step.undo)) made.push(step.undo);
			}
		} finally {
			// undone newest first, whatever failed or stopped in between
			for (const name of made.reverse()) await runStep(UNDO[name]);
		}
	} finally {
		await recorder.close();
	}
	return { rows, stopped };
}

/** The rows as a Markdown table, to paste into an issue; the key, in every form, out of every cell. */
function tableOf(rows, apiKey) {
	const cell = (text) => redactText(String(text), apiKey).replace(/\|/g, '\\|').replace(/\n/g, ' ');
	return [
		'| operation | requests (status) | time | result |',
		'|---|---|---|---|',
		...rows.map((row) => `| ${cell(row.operation)} | ${cell(row.requests)} | ${cell(row.time)} | ${cell(row.verdict)} |`),
	].join('\n');
}

module.exports = { runSmoke, tableOf, parseBaseUrl, redactText, wantedBy };
