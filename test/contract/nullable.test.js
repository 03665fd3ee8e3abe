'use strict';

const { startSandbox, demo } = require('../sandbox');
const { contractEndpoints } = require('../sandbox/contractCheck');
const { chatOf } = require('../sandbox/chat/store');

/**
 * The reference lets many keys be null. For every endpoint of the contract, a body whose required
 * keys hold a plain value and whose nullable keys are all null (at every depth) is within the contract, and
 * the sandbox answers it as a service would: a result or an error that says what is wrong, never a crash.
 */

const KEY = 'nullable-key';
/** @type {import('../sandbox').Sandbox} */
let sb;

beforeAll(async () => {
	sb = await startSandbox({ port: 0, apiKey: KEY, variations: { notFound: 'http404' } });
});
afterAll(async () => await sb.close());
let subscriptionId;
beforeEach(async () => {
	sb.reset('demo');
	const res = await fetch(`${sb.url}/core/v1/webhook/subscription`, {
		method: 'POST',
		headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
		body: JSON.stringify({ name: 'nulls', url: 'https://example.com/hook', events: ['SESSION_NEW'] }),
	});
	subscriptionId = (await res.json()).id;
});

/** A plain value of a contract type; null where the type allows it, unless `plain`. */
function sample(type, plain = false) {
	if (type.nullable && !plain) return null;
	switch (type.type) {
		case 'string':
			return 'x'.repeat(Math.max(type.min ?? 0, 1));
		case 'uuid':
			return demo.contactId(1);
		case 'int32':
			return Math.max(type.min, Math.min(type.max, 1));
		case 'number':
			return 1;
		case 'boolean':
			return true;
		case 'dateTime':
			return '2026-01-01T00:00:00Z';
		case 'enum':
			return type.values[0];
		case 'list':
			return Array.from({ length: Math.max(type.min ?? 0, 1) }, () => sample(type.of, true));
		case 'map':
			return {};
		case 'shape':
			return Object.fromEntries(Object.entries(type.keys).map(([name, keyType]) => [name, sample(keyType)]));
		default:
			throw new Error(`no sample for ${type.type}`);
	}
}

/** The path with a record that exists in each parameter, so that the body is read, not a 404 answered first. */
function pathOf(endpoint) {
	const records = [
		[/^\/v\d\/department\//, () => demo.departmentId('Suporte')],
		[/^\/v\d\/session\//, () => [...chatOf(sb.state).sessions.values()].find((s) => s.status !== 'COMPLETED').id],
		[/^\/v\d\/webhook\/subscription\//, () => subscriptionId],
	];
	const id = (records.find(([pattern]) => pattern.test(endpoint.path))?.[1] ?? (() => demo.contactId(1)))();
	return `/${endpoint.service}${endpoint.path.replace(/\{(\w+)\}/g, (_, name) => (name === 'phone' ? '%2B55%7C11999999999' : id))}`;
}

const withBody = contractEndpoints().filter((endpoint) => endpoint.body);

test.each(withBody.map((endpoint) => [`${endpoint.method} /${endpoint.service}${endpoint.path}`, endpoint]))(
	'%s: every nullable key null is within the contract and answered without a crash',
	async (_route, endpoint) => {
		const body = sample(endpoint.body, true);
		const res = await fetch(sb.url + pathOf(endpoint), {
			method: endpoint.method,
			headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
			body: JSON.stringify(body),
		});
		const answer = await res.text();

		const json = answer ? JSON.parse(answer) : undefined;

		expect(sb.contract.violations).toEqual([]);
		expect(res.status).toBeLessThan(500);
		// a refusal says what is wrong, as Helena's error body or a send's ProblemDetails
		if (res.status >= 400) expect(json?.text ?? json?.detail).toEqual(expect.any(String));
	},
);
