import type { INodeParameters } from 'n8n-workflow';

// back-off waits are not the subject here: skip them
jest.mock('n8n-workflow', () => ({ ...jest.requireActual('n8n-workflow'), sleep: jest.fn(async () => {}) }));

import { startLocalServer } from '../engine/localServer';
import { runNode } from '../engine/runNode';
import type { NodeRun } from '../engine/runNode';
import { useSandbox } from '../engine/sandbox';
import { byId } from '../helpers/requests';

import { demo } from '../sandbox';

/*
 * A server does not always echo the key as it was sent: it may upper- or lower-case it, cut it short itself,
 * percent-encode it in mixed case, escape one of its characters (`\u002B` for `+`, as .NET's JSON writer does),
 * or break it across lines. None of it may show a piece of the key; nor may a redirect whose host name holds it
 * (the URL parser lower-cases a host).
 */

/** A key with characters that get encoded or escaped. */
const KEY = 'Zx9Q7mW2/rT5v+B8nK3pL6yH4dexample1';

const FAULTS: Array<[string, Record<string, unknown>, string]> = [
	[
		'400 error body quoting the key upper-cased',
		{ status: 400, body: { key: 'FORM_ERROR', text: `O token ${KEY.toUpperCase()} é inválido` } },
		KEY.toUpperCase(),
	],
	[
		'400 error body quoting the key lower-cased',
		{ status: 400, body: { key: 'FORM_ERROR', text: `O token ${KEY.toLowerCase()} é inválido` } },
		KEY.toLowerCase(),
	],
	[
		'401 error body quoting the first 14 characters of the key',
		{ status: 401, body: { key: 'UNAUTHORIZED', text: `Token ${KEY.slice(0, 14)}... inválido` } },
		KEY.slice(0, 14),
	],
	[
		'500 page with the key percent-encoded in mixed case',
		{ status: 500, text: `GET /x?auth=${encodeURIComponent(KEY).replace('%2F', '%2f')}` },
		KEY.slice(0, 8),
	],
	[
		'500 page with a character of the key as a JSON unicode escape',
		{ status: 500, text: `{"auth":"${KEY.replace('+', '\\u002B')}"` },
		KEY.slice(0, 8),
	],
	[
		'500 page with the key broken across two lines',
		{ status: 500, text: `Authorization: Bearer ${KEY.slice(0, 20)}\n${KEY.slice(20)}` },
		KEY.slice(0, 10),
	],
];

const OPERATIONS: Array<[string, INodeParameters]> = [
	['Webhook > Get Events', { resource: 'webhook', operation: 'getEvents' }],
	['Contact > Get (Continue On Fail)', { resource: 'contact', operation: 'get', contact: byId(demo.contactId(1)) }],
	['Department > Get Many', { resource: 'department', operation: 'getAll' }],
];

const shownOf = ({ items, error, run }: NodeRun) =>
	JSON.stringify([
		items,
		error,
		error?.message,
		error?.description,
		(error as { cause?: unknown } | undefined)?.cause,
		run.data.resultData,
	]);

describe('no piece of the key in any form', () => {
	const helena = useSandbox({ apiKey: KEY });
	beforeEach(() => {
		helena.sandbox.reset('demo');
		helena.sandbox.misbehaviour.clear();
	});

	test.each(FAULTS)('%s: not in message, description, items or run data', async (_fault, rule, piece) => {
		for (const [name, parameters] of OPERATIONS) {
			helena.sandbox.misbehaviour.clear();
			helena.sandbox.misbehaviour.always(rule);
			const result = await helena.run(parameters, { continueOnFail: name.includes('Continue On Fail'), credentials: { apiKey: KEY } });
			const shown = shownOf(result);
			expect(result.error ?? result.items[0]?.json.error).toBeDefined();
			expect(shown).not.toContain(piece);
			expect(shown.toLowerCase()).not.toContain(KEY.slice(0, 8).toLowerCase());
			// the rest of what the server said is still quoted
			expect(shown).toMatch(/Helena says|Helena rejected/);
		}
	});

	test('a redirect whose host name holds the key names the redirect, not the key', async () => {
		const key = 'pn_Kq7Wm2Rt5Vb8Nk3Pl6Yh4Dexample';
		const server = await startLocalServer((_request, response) => {
			response.writeHead(302, { location: `https://${key}.example.com/v1/webhook/event` });
			response.end();
		});
		try {
			for (const [name, parameters] of OPERATIONS) {
				const result = await runNode({
					credentials: { baseUrl: server.url, apiKey: key },
					parameters,
					continueOnFail: name.includes('Continue On Fail'),
				});
				const shown = shownOf(result);
				expect(shown).toContain('a redirect to https://[redacted].example.com');
				expect(shown.toLowerCase()).not.toContain(key.slice(3, 11).toLowerCase());
			}
		} finally {
			await server.close();
		}
	});
});
