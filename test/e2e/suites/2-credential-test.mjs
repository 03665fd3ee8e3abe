// The README quotes what Test Connection shows; this checks those words in a real n8n.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import { n8nAtLeast } from '../../../scripts/lib/n8n.mjs';
import { API_KEY, e2e } from '../context.mjs';

async function testConnection(baseUrl, apiKey) {
	const n8n = e2e.n8n;
	const credential = {
		name: `Test Connection ${baseUrl}`,
		type: 'helenaApi',
		data: { baseUrl, apiKey, authorizationFormat: 'bearer', requestPacing: 'vendorLimits' },
	};
	const headers = { 'content-type': 'application/json', cookie: n8n.cookie };
	const created = await (await fetch(`${n8n.url}/rest/credentials`, { method: 'POST', headers, body: JSON.stringify(credential) })).json();
	const response = await fetch(`${n8n.url}/rest/credentials/test`, {
		method: 'POST',
		headers,
		body: JSON.stringify({ credentials: { ...credential, id: created.data.id } }),
	});
	return (await response.json()).data;
}

// n8n 1.123 words its failures in full; 2.x and 1.85 (the oldest supported) show only the status or error code.
// The versions between 1.85 and 1.123 are not tested.
const inFull = e2e.version.startsWith('1.') && n8nAtLeast(e2e.version, '1.123.0');
const SHOWN = {
	wrongKey: inFull ? 'Authorization failed - please check your credentials' : 'Unauthorized',
	unknownHost: inFull ? 'The connection cannot be established, this usually occurs due to an incorrect host (domain) value' : 'ENOTFOUND',
	refused: inFull ? 'The service refused the connection - perhaps it is offline' : 'ECONNREFUSED',
};

describe(`Test Connection in n8n ${e2e.version} shows what the README says`, () => {
	before(async () => {
		await e2e.server();
	});

	test('the right key: "Connection successful!"', async () => {
		assert.deepEqual(await testConnection(e2e.sandbox.url, API_KEY), { status: 'OK', message: 'Connection successful!' });
	});

	test(`a wrong key: "${SHOWN.wrongKey}"`, async () => {
		assert.deepEqual(await testConnection(e2e.sandbox.url, 'not-the-key'), {
			status: 'Error',
			message: SHOWN.wrongKey,
		});
	});

	test(`a host that does not exist: "${SHOWN.unknownHost.slice(0, 40)}"`, async () => {
		assert.deepEqual(await testConnection('https://api.wts.chat.invalid', 'any-key'), {
			status: 'Error',
			message: SHOWN.unknownHost,
		});
	});

	test('a host that is not Helena (200 with a web page, {"status":"ok"} or a list of something else) fails', async () => {
		for (const body of ['html', { status: 'ok' }, [{ id: 1 }]]) {
			e2e.sandbox.misbehaviour.next({ body, path: '/v1/webhook/event' });
			assert.deepEqual(await testConnection(e2e.sandbox.url, API_KEY), {
				status: 'Error',
				message: "The Base URL answered, but not with Helena's webhook event list. Check the Base URL, for example https://api.wts.chat.",
			});
		}
	});

	test('a Base URL with a password, a query or a fragment is sent nowhere, and the password is not shown', async () => {
		const sandbox = e2e.sandbox.url;
		for (const baseUrl of [sandbox.replace('http://', 'http://admin:Pa55w0rd@'), `${sandbox}?tenant=1`, `${sandbox}#x`]) {
			const before = e2e.sandbox.requests.length;
			assert.deepEqual(await testConnection(baseUrl, API_KEY), {
				status: 'Error',
				message: SHOWN.unknownHost,
			});
			assert.equal(e2e.sandbox.requests.length, before);
		}
	});

	test('a pasted /core/v1 or /CRM/V2/ is tolerated: the test reads /core/v1/webhook/event, where the node reads it', async () => {
		for (const pasted of ['/core/v1', '/CRM/V2/']) {
			const before = e2e.sandbox.requests.length;
			assert.deepEqual(await testConnection(`${e2e.sandbox.url}${pasted}`, API_KEY), { status: 'OK', message: 'Connection successful!' });
			assert.deepEqual(
				e2e.sandbox.requests.slice(before).map((request) => `${request.method} ${request.path}`),
				['GET /core/v1/webhook/event'],
			);
		}
	});

	test(`a host where nothing listens: "${SHOWN.refused}"`, async () => {
		assert.deepEqual(await testConnection('http://127.0.0.1:9', 'any-key'), {
			status: 'Error',
			message: SHOWN.refused,
		});
	});
});
