#!/usr/bin/env node
// Starts the Helena sandbox alone (demo data) until Ctrl+C.
// Usage: npm run sandbox -- [--port 5681] [--latency <ms>] [--rate429 <f>] [--rate5xx <f>]
//                           [--retry-after <s>] [--limits] [--empty] [--api-key <key>]
import { parseArgs } from 'node:util';
// The one import from test/: the sandbox is the dev API server of `npm run sandbox` and `npm start` as well as the tests' (see docs/development.md).
import sandboxModule from '../test/sandbox/index.js';

const { startSandbox, DEFAULT_API_KEY } = sandboxModule;

const { values } = parseArgs({
	options: {
		port: { type: 'string' },
		latency: { type: 'string' },
		rate429: { type: 'string' },
		rate5xx: { type: 'string' },
		'retry-after': { type: 'string' },
		limits: { type: 'boolean', default: false },
		empty: { type: 'boolean', default: false },
		'api-key': { type: 'string' },
		help: { type: 'boolean', short: 'h', default: false },
	},
});

if (values.help) {
	console.log(
		'npm run sandbox -- [--port N] [--latency ms] [--rate429 f] [--rate5xx f] [--retry-after s] [--limits] [--empty] [--api-key key]',
	);
	process.exit(0);
}

const num = (value, name) => {
	if (value === undefined) return undefined;
	const n = Number(value);
	if (!Number.isFinite(n) || n < 0) {
		console.error(`Invalid --${name}: ${value}`);
		process.exit(2);
	}
	return n;
};

const sb = await startSandbox({
	port: num(values.port ?? process.env.HELENA_SANDBOX_PORT ?? '5681', 'port'),
	apiKey: values['api-key'] ?? process.env.HELENA_SANDBOX_API_KEY ?? DEFAULT_API_KEY,
	seed: values.empty ? 'empty' : 'demo',
	latencyMs: num(values.latency, 'latency') ?? 0,
	rate429: num(values.rate429, 'rate429') ?? 0,
	rate5xx: num(values.rate5xx, 'rate5xx') ?? 0,
	retryAfterSeconds: num(values['retry-after'], 'retry-after'),
	enforceRateLimits: values.limits,
});

const c = sb.counts();
console.log(`Sandbox page: ${sb.url}  (open it in a browser: conversations, CRM cards, contacts; act as a contact or as the team)`);
console.log(`Helena sandbox listening on ${sb.url}  (API base: ${sb.url}/core)`);
console.log(`API key:   ${sb.apiKey}   (header "Authorization: Bearer ${sb.apiKey}" or the bare key)`);
console.log(
	`Seed:      ${sb.seedName} (${c.contacts} contacts, ${c.conversations} conversations, ${c.departments} departments, ${c.users} users, ${c.tags} tags, ${c.sequences} sequences, ${c.portfolios} portfolios, ${c.panels} CRM panels with ${c.cards} cards, ${c.customFields} custom fields, ${c.events} events)`,
);
console.log(`Faults:    ${JSON.stringify(sb.faults.settings)}`);
console.log(`Varies:    ${JSON.stringify(sb.variations.settings)}`);
console.log('Contract:  strict; a request outside it is answered 400 CONTRACT_VIOLATION naming the key');
console.log('Control:   (no auth; a POST sends Content-Type: application/json; another Host or Origin than this sandbox is refused)');
for (const line of [
	'GET    /__sandbox/health',
	'GET    /__sandbox/requests        DELETE /__sandbox/requests',
	'POST   /__sandbox/faults          {latencyMs, rate429, rate5xx, retryAfterSeconds, enforceRateLimits, redirectTo}',
	'POST   /__sandbox/fail-next       {count, status, retryAfterSeconds, method, path | pathRegex}',
	'POST   /__sandbox/reset           {seed: "demo" | "empty"}',
	'POST   /__sandbox/seed-contacts   {n, prefix}',
	'GET    /__sandbox/state',
	'POST   /__sandbox/events          {eventType, content?}  (names records the sandbox has: built when left out)',
	'GET    /__sandbox/deliveries      DELETE /__sandbox/deliveries',
	'POST   /__sandbox/variations      {statusCode, notFound, validation, tagRemoval, webhookDate, auth}',
	'GET    /__sandbox/contract        requests held against the contract, and violations',
	'POST   /__sandbox/chat/contact-writes   {phone, text, channel?}  (opens the 24 h window; SESSION_NEW, MESSAGE_RECEIVED)',
	'POST   /__sandbox/chat/advance          (every sent message one status on)',
	'POST   /__sandbox/chat/fail-deliveries  {phone, reason}',
	'GET    /__sandbox/chat/sessions',
])
	console.log(`  ${line.replace(/(\/__sandbox)/g, `${sb.url}$1`)}`);
console.log('Ctrl+C to stop.');

let closing = false;
const shutdown = async (signal) => {
	if (closing) return;
	closing = true;
	console.log(`\n${signal}: closing sandbox...`);
	await sb.close();
	process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
