import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { NodeRun } from '../engine/runNode';
import { useSandbox } from '../engine/sandbox';
import { byId } from '../helpers/requests';

/*
 * A value a user, an expression or a model mapped may hold the API key: `Bearer <key>` pasted into an ID, the key
 * in a reference. Whatever the node quotes of it (a refused value, a record's "not found", the request line of an
 * error, an output item) goes through the same redaction as a server's text, whatever the key's length.
 */

const LONG_KEY = 'pn_Zx9Q7mW2rT5vB8nK3pexample';

/** What the node put out: items, the error and the run data, without the workflow's own node (its parameters as typed). */
const shownOf = ({ items, error, run }: NodeRun) =>
	JSON.stringify([items, error, error?.message, error?.description, run.data.resultData], (name, value: unknown) =>
		name === 'node' ? undefined : value,
	);

/** The operations, each with a value mapped to hold the key; `sends` when the value reaches Helena (in a path). */
const cases = (key: string): Array<[string, INodeParameters, IDataObject[] | undefined]> => [
	[
		'Contact → Get, Contact by ID "Bearer <key>"',
		{ resource: 'contact', operation: 'get', contact: byId('={{ $json.auth }}') },
		[{ auth: `Bearer ${key}` }],
	],
	[
		'Conversation → Collect Burst, Message ID mapped to the key',
		{ resource: 'session', operation: 'collectBurst', quietTime: 1 },
		[{ content: { sessionId: '3fa85f64-5717-4562-b3fc-2c963f66afa6', id: key } }],
	],
	[
		'Message → Get Status of an OTP, the reference "ref-<key>"',
		{ resource: 'message', operation: 'getStatus', sentWith: 'otp', messageId: `ref-${key}` },
		undefined,
	],
	[
		'Scheduled Message → Cancel Many, an ID "<key>"',
		{ resource: 'scheduledMessage', operation: 'cancelMany', scheduledMessageIds: key },
		undefined,
	],
];

describe.each([
	['a key of 27 characters', LONG_KEY],
	['a key of 6 characters', 'k3Y_9q'],
	['a key of 3 characters', 'q7Z'],
])('a mapped value that holds the API key is quoted without it (%s)', (_name, key) => {
	const helena = useSandbox({ apiKey: key });
	beforeEach(() => helena.resetToDemo());

	test.each(cases(key))('%s: the error names the field, the key is [redacted], also in the run data', async (_case, parameters, items) => {
		const result = await helena.run(parameters, { items, credentials: { apiKey: key } });
		expect(result.error).toBeDefined();
		const shown = shownOf(result);
		expect(shown).toContain('[redacted]');
		expect(shown).not.toMatch(new RegExp(`(?<![A-Za-z0-9])${key}`));
		if (key.length >= 8) expect(shown.toLowerCase()).not.toContain(key.slice(0, 8).toLowerCase());
	});

	test.each(cases(key))('%s, under Continue On Fail: the error item holds no key either', async (_case, parameters, items) => {
		const result = await helena.run(parameters, { items, continueOnFail: true, credentials: { apiKey: key } });
		expect(result.items[0]?.json.error).toBeDefined();
		const shown = shownOf(result);
		expect(shown).toContain('[redacted]');
		expect(shown).not.toMatch(new RegExp(`(?<![A-Za-z0-9])${key}`));
	});
});

describe('what the message still says', () => {
	const helena = useSandbox({ apiKey: LONG_KEY });
	beforeEach(() => helena.resetToDemo());

	test('Contact → Get: the field, the rule and the value around the key', async () => {
		const { error } = await helena.run(
			{ resource: 'contact', operation: 'get', contact: byId('={{ $json.auth }}') },
			{ items: [{ auth: `Bearer ${LONG_KEY}` }], credentials: { apiKey: LONG_KEY } },
		);
		expect(error?.message).toBe('Contact must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, not "Bearer [redacted]" (item 0)');
	});

	test('Message → Get Status (OTP): the record and the request line show the reference without the key', async () => {
		const { error } = await helena.run(
			{ resource: 'message', operation: 'getStatus', sentWith: 'otp', messageId: `ref-${LONG_KEY}` },
			{ credentials: { apiKey: LONG_KEY } },
		);
		expect(error?.message).toContain('"ref-[redacted]"');
		expect(error?.description).toContain('Request: GET /chat/v1/send/otp/ref-[redacted].');
		expect(helena.sandbox.requests.map((request) => request.path)).toEqual([`/chat/v1/send/otp/ref-${LONG_KEY}`]);
	});

	test('Webhook → Create: a long refused URL is quoted in at most 80 characters, and the key in it is [redacted]', async () => {
		const url = `ftp://hooks.example.com/${LONG_KEY}:${'ab:'.repeat(140)}`;
		const { error } = await helena.run(
			{ resource: 'webhook', operation: 'create', name: 'CRM', url: '={{ $json.url }}', events: ['SESSION_NEW'] },
			{ items: [{ url }], credentials: { apiKey: LONG_KEY } },
		);
		expect(error?.message).toMatch(
			/^URL must be an http:\/\/ or https:\/\/ URL, not "ftp:\/\/hooks\.example\.com\/\[redacted\](:ab)+:?\.\.\. \(item 0\)$/,
		);
		expect(error?.message.length).toBeLessThan(160);
		expect(helena.sandbox.requests).toEqual([]);
	});
});
