import type { INodeParameters } from 'n8n-workflow';

// back-off waits are not the subject here: skip them
jest.mock('n8n-workflow', () => ({ ...jest.requireActual('n8n-workflow'), sleep: jest.fn(async () => {}) }));

import { TRIGGER_NODE_NAME, useTrigger } from '../engine/runTrigger';
import { TEST_API_KEY, useSandbox } from '../engine/sandbox';
import { byId } from '../helpers/requests';

import { demo } from '../sandbox';

/*
 * Whatever the server echoes (the Authorization header, the key in a message, the trigger's delivery
 * URL), nothing n8n shows or stores contains the API key or a delivery token: not the message, the
 * description, the cause, the stack, the error details, nor an output item.
 */

const FAULTS: Array<[string, (token: string) => Record<string, unknown>]> = [
	['401 text/plain "Invalid token: Bearer <key>"', () => ({ status: 401, text: `Invalid token: Bearer ${TEST_API_KEY}` })],
	['400 JSON whose message holds the key', () => ({ status: 400, body: { message: `key ${TEST_API_KEY} is malformed` } })],
	[
		'400 FORM_ERROR whose text and reference hold the key',
		() => ({ status: 400, body: { key: 'FORM_ERROR', text: `Token ${TEST_API_KEY} inválido`, id: { shortValue: TEST_API_KEY } } }),
	],
	[
		'500 whose text holds the URL-encoded key',
		() => ({ status: 500, body: { key: 'X', text: `auth=${encodeURIComponent(`Bearer ${TEST_API_KEY}`)}` } }),
	],
	['502 HTML echoing the request headers', () => ({ echoHeaders: true, status: 502 })],
	['200 HTML echoing the request headers', () => ({ echoHeaders: true, status: 200 })],
	['404 echoing the Authorization header', () => ({ status: 404, text: `No route. Authorization: Bearer ${TEST_API_KEY}` })],
	['429 echoing the key, Retry-After 3600', () => ({ retryAfter: '3600', status: 429 })],
	['200 {"status":"ok"} echoing the key', () => ({ body: { status: 'ok', auth: `Bearer ${TEST_API_KEY}` } })],
	[
		'500 echoing a delivery URL with its token',
		(token) => ({ status: 500, body: { key: 'X', text: `POST https://n8n.example/webhook/x?token=${token} failed` } }),
	],
	['200 error body echoing the token and the key', (token) => ({ body: { key: 'FORM_ERROR', text: `${TEST_API_KEY} ?token=${token}` } })],
	['an answer that never comes', () => ({ hang: true })],
	['a reset connection', () => ({ reset: true })],
];

const OPERATIONS: Array<[string, INodeParameters]> = [
	['Webhook > Get Events', { resource: 'webhook', operation: 'getEvents' }],
	['Contact > Get', { resource: 'contact', operation: 'get', contact: byId(demo.contactId(1)) }],
	['Contact > Get Many', { resource: 'contact', operation: 'getAll', returnAll: true }],
	['Contact > Create', { resource: 'contact', operation: 'create', name: 'Lia', phoneNumber: '+55|11955550000' }],
	['Department > Delete', { resource: 'department', operation: 'delete', department: byId(demo.departmentId('Vendas')) }],
	['Webhook > Get Many', { resource: 'webhook', operation: 'getAll' }],
];

describe('secrets under server faults', () => {
	const helena = useSandbox();
	const startTrigger = useTrigger(helena);
	beforeEach(() => {
		helena.sandbox.reset('demo');
		helena.sandbox.clearRequests();
		helena.sandbox.misbehaviour.clear();
	});

	async function activeTriggerToken(): Promise<{ token: string; subscriptionId: string }> {
		const trigger = await startTrigger();
		await trigger.activate();
		return trigger.savedStaticData[`node:${TRIGGER_NODE_NAME}`] as { token: string; subscriptionId: string };
	}

	const secretsOf = (token: string) => [TEST_API_KEY, encodeURIComponent(TEST_API_KEY), token];

	test.each(FAULTS)('%s: no message, description, cause or item holds the key or a delivery token', async (_fault, rule) => {
		const { token } = await activeTriggerToken();
		let failures = 0;
		for (const [name, parameters] of OPERATIONS) {
			helena.sandbox.misbehaviour.clear();
			helena.sandbox.misbehaviour.always(rule(token));

			const { items, error, run } = await helena.run(parameters, {
				items: [{}, {}],
				continueOnFail: name.endsWith('Get'),
				credentials: { timeout: 0.2 },
			});

			const shown = JSON.stringify([
				items,
				error,
				error?.message,
				error?.description,
				error?.stack,
				(error as { cause?: unknown } | undefined)?.cause,
				run.data.resultData,
			]);
			for (const secret of secretsOf(token)) expect(shown).not.toContain(secret);
			if (error || items.some((item) => item.json.error)) failures++;
		}
		// every operation met the fault (the sweep is not vacuous); a 200 record is a fine answer to a DELETE
		expect(failures).toBeGreaterThanOrEqual(OPERATIONS.length - 1);
	});

	test('Webhook > Get and Get Many show the trigger subscription without its delivery token', async () => {
		const { token, subscriptionId } = await activeTriggerToken();

		const many = await helena.run({ resource: 'webhook', operation: 'getAll' });
		const one = await helena.run({ resource: 'webhook', operation: 'get', subscription: byId(subscriptionId) });

		for (const { items, error } of [many, one]) {
			expect(error).toBeUndefined();
			const own = items.find((item) => item.json.id === subscriptionId);
			expect(own?.json.url).toMatch(/\?token=\[redacted\]$/);
			expect(JSON.stringify(items)).not.toContain(token);
		}
		// the trigger still has it where it needs it: deliveries with the token start the workflow
		expect(helena.sandbox.state.subscriptions.get(subscriptionId).url).toContain(token);
	});
});
