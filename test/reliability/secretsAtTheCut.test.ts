import type { INodeParameters } from 'n8n-workflow';

// back-off waits are not the subject here: skip them
jest.mock('n8n-workflow', () => ({ ...jest.requireActual('n8n-workflow'), sleep: jest.fn(async () => {}) }));

import { useSandbox } from '../engine/sandbox';
import { byId } from '../helpers/requests';

import { demo } from '../sandbox';

/*
 * Server text quoted in an error is shortened (300 characters of a page that is not JSON, 120 of an answer
 * that cannot be used). The key is removed, in every form, before the cut, so a key that spans the cut
 * leaves no prefix behind; and a cut that would fall inside any run of key characters long enough to be a
 * secret drops the whole run.
 */

/** A key of a plausible length, so a cut can fall inside it. */
const KEY = 'Zx9Q7mW2rT5vB8nK3pL6yH4dexample1';
/** A secret the node does not know (a session token the server echoes): only the cut rule protects it. */
const OTHER_SECRET = 'sess9fK2hT7qL4mN8pR3vW6xZ1cexample';

/** `before` padded so that `secret` starts `into` characters before position `at` of the whole text. */
function spanning(at: number, before: string, secret: string, after = ' end of page', into = 10): string {
	const pad = 'x'.repeat(Math.max(0, at - into - before.length));
	return `${pad}${before}${secret}${after}`;
}

const base64 = (text: string) => Buffer.from(text).toString('base64');

const FAULTS: Array<[string, Record<string, unknown>]> = [
	[
		'401 text/plain echoing "Authorization: Bearer <key>" across the 300th character',
		{ status: 401, text: spanning(300, 'Invalid token. Authorization: Bearer ', KEY) },
	],
	[
		'502 HTML error page printing the header across the cut',
		{
			status: 502,
			contentType: 'text/html',
			text: `<html><body>${spanning(288, '<td>authorization</td><td>Bearer ', KEY, '</td></body></html>')}`,
		},
	],
	[
		'500 HTML page with the key URL-encoded across the cut',
		{ status: 500, contentType: 'text/html', text: spanning(300, 'GET /x?auth=', encodeURIComponent(`Bearer ${KEY}`), '', 14) },
	],
	[
		'400 text with the key in base64 (Basic) across the cut',
		{ status: 400, text: spanning(300, 'Authorization: Basic ', base64(`:${KEY}`)) },
	],
	[
		'400 text with the key JSON-escaped across the cut',
		{ status: 400, text: spanning(300, 'received {"token":"', JSON.stringify(`Bearer ${KEY}/`).slice(1, -1), '"}', 12) },
	],
	[
		'200 HTML page (not JSON) with the key across the 120th character of the excerpt',
		{ status: 200, contentType: 'text/html', text: spanning(120, '<p>Authorization: Bearer ', KEY, '</p>') },
	],
	[
		'200 error body echoing a field value with the key across the 120th character',
		{ body: { key: 'FORM_ERROR', text: spanning(120 - 28, 'O valor ', KEY, ' do campo name é inválido') } },
	],
	[
		'400 error body echoing a field value holding the key',
		{ status: 400, body: { key: 'FORM_ERROR', text: `O valor "Bearer ${KEY}" do campo name é inválido` } },
	],
	['401 text with a token the node does not know across the cut', { status: 401, text: spanning(300, 'Session: ', OTHER_SECRET) }],
	[
		'200 HTML page with a token the node does not know across the 120th character',
		{ status: 200, contentType: 'text/html', text: spanning(120, 'session=', OTHER_SECRET) },
	],
];

const OPERATIONS: Array<[string, INodeParameters]> = [
	['Webhook > Get Events', { resource: 'webhook', operation: 'getEvents' }],
	['Contact > Get (Continue On Fail)', { resource: 'contact', operation: 'get', contact: byId(demo.contactId(1)) }],
	['Contact > Create', { resource: 'contact', operation: 'create', name: 'Lia', phoneNumber: '+55|11955550000' }],
	['Department > Get Many', { resource: 'department', operation: 'getAll' }],
];

/** Every prefix of `secret` of at least `shortest` characters that appears in `shown`. */
function prefixesIn(shown: string, secret: string, shortest = 4): string[] {
	const found: string[] = [];
	for (let length = shortest; length <= secret.length; length++)
		if (shown.includes(secret.slice(0, length))) found.push(secret.slice(0, length));
	return found;
}

describe('no part of the key at the cut', () => {
	const helena = useSandbox({ apiKey: KEY });
	beforeEach(() => {
		helena.sandbox.reset('demo');
		helena.sandbox.clearRequests();
		helena.sandbox.misbehaviour.clear();
	});

	test.each(FAULTS)('%s: no prefix of the key in message, description, details or items', async (_fault, rule) => {
		let failures = 0;
		for (const [name, parameters] of OPERATIONS) {
			helena.sandbox.misbehaviour.clear();
			helena.sandbox.misbehaviour.always(rule);

			const { items, error, run } = await helena.run(parameters, {
				items: [{}, {}],
				continueOnFail: name.includes('Continue On Fail'),
				credentials: { apiKey: KEY },
			});

			const shown = JSON.stringify([
				items,
				error,
				error?.message,
				error?.description,
				(error as { errorResponse?: unknown } | undefined)?.errorResponse,
				error?.stack,
				(error as { cause?: unknown } | undefined)?.cause,
				run.data.resultData,
			]);
			expect(prefixesIn(shown, KEY)).toEqual([]);
			expect(prefixesIn(shown, base64(`:${KEY}`).slice(4), 6)).toEqual([]);
			expect(prefixesIn(shown, OTHER_SECRET, 6)).toEqual([]);
			if (error || items.some((item) => item.json.error)) failures++;
			// the server's words are still quoted, up to the secret
			expect(shown).toMatch(/Helena says|It began/);
		}
		expect(failures).toBe(OPERATIONS.length);
	});
});
