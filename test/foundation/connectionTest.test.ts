import type { ICredentialDataDecryptedObject } from 'n8n-workflow';
import { CredentialTestContext } from 'n8n-core';

import { testHelenaCredential } from '../../nodes/Helena/transport';
import { TEST_API_KEY, useSandbox } from '../engine/sandbox';

/*
 * Test Connection runs in n8n's own CredentialTestContext (what n8n's CredentialsTester hands a node's
 * `credentialTest` method); the e2e suite checks the same words in a real n8n.
 */
describe('Test Connection', () => {
	const helena = useSandbox();
	beforeEach(() => {
		helena.sandbox.reset('demo');
		helena.sandbox.clearRequests();
		helena.sandbox.misbehaviour.clear();
	});

	async function testConnection(data: ICredentialDataDecryptedObject) {
		return await testHelenaCredential.call(new CredentialTestContext(), {
			id: 'credential-1',
			name: 'Helena account',
			type: 'helenaApi',
			data: { baseUrl: helena.sandbox.url, apiKey: TEST_API_KEY, authorizationFormat: 'bearer', ...data },
		});
	}
	const sent = () => helena.apiRequests().map((request) => [request.method, request.path, request.headers.authorization]);

	test('Helena with the right key: "Connection successful!", one GET of the event list with the key', async () => {
		expect(await testConnection({})).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(sent()).toEqual([['GET', '/core/v1/webhook/event', `Bearer ${TEST_API_KEY}`]]);
	});

	test.each<[string, ICredentialDataDecryptedObject]>([
		['"Bearer <key>" pasted', { apiKey: `Bearer ${TEST_API_KEY}` }],
		['the raw format', { authorizationFormat: 'raw' }],
		['a pasted /core/v1', { baseUrl: 'BASE/core/v1/' }],
	])('%s works as in the node', async (_case, data) => {
		const baseUrl = typeof data.baseUrl === 'string' ? data.baseUrl.replace('BASE', helena.sandbox.url) : undefined;
		expect(await testConnection({ ...data, ...(baseUrl ? { baseUrl } : {}) })).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(helena.apiRequests().map((request) => request.path)).toEqual(['/core/v1/webhook/event']);
	});

	test('a wrong key: n8n\'s words, "Authorization failed - please check your credentials"', async () => {
		expect(await testConnection({ apiKey: 'not-the-key' })).toEqual({
			status: 'Error',
			message: 'Authorization failed - please check your credentials',
		});
	});

	test.each<[string, Record<string, unknown>, string]>([
		['a web page with 200', { body: 'html' }, 'it is an HTML or XML page, not JSON'],
		['{"status":"ok"}', { body: { status: 'ok' } }, 'it is a record, not a list'],
		['an empty list', { body: [] }, 'it is not a list of webhook events'],
		['a list of something else', { body: [{ id: 1, name: 'x' }] }, 'it is not a list of webhook events'],
		['an empty 200', { body: 'empty' }, 'it is empty'],
		['invalid JSON', { body: 'invalid-json' }, 'it is not valid JSON'],
		['null', { body: null }, 'it is null'],
	])('a host that is not Helena (%s) fails', async (_case, rule, problem) => {
		helena.sandbox.misbehaviour.next(rule);

		const result = await testConnection({});

		expect(result.status).toBe('Error');
		expect(result.message).toContain(`The Base URL answered, but not as Helena does (${problem}).`);
		expect(result.message).toContain('Check the Base URL, for example https://api.wts.chat.');
	});

	test('a non-Helena answer that echoes the key is quoted without it', async () => {
		helena.sandbox.misbehaviour.next({ body: { status: 'ok', authorization: `Bearer ${TEST_API_KEY}` } });

		const { message } = await testConnection({});

		expect(message).toContain('[redacted]');
		expect(message).not.toContain(TEST_API_KEY);
	});

	test.each([
		['a 502 page echoing the headers', { echoHeaders: true }, "The Base URL answered 502 instead of Helena's webhook event list"],
		['a 500', { body: 'empty', status: 500 }, "The Base URL answered 500 instead of Helena's webhook event list"],
		['a 403', { body: { key: 'FORBIDDEN' }, status: 403 }, 'The API key is not allowed to read the webhook event list (403 Forbidden)'],
	])('%s fails with the status, never the echo', async (_case, rule, message) => {
		helena.sandbox.misbehaviour.next(rule);

		expect(await testConnection({})).toEqual({ status: 'Error', message });
	});

	test('a host that never answers fails after the Timeout', async () => {
		helena.sandbox.misbehaviour.next({ hang: true });

		expect(await testConnection({ timeout: 0.3 })).toEqual({ status: 'Error', message: 'Helena did not answer within 0.3 s' });
	});

	test.each([
		[
			'user and password',
			(url: string) => url.replace('http://', 'http://admin:Pa55w0rd@'),
			'Base URL must not contain a user name or password (the API key goes in the API Key field)',
		],
		['a query', (url: string) => `${url}?tenant=1`, 'Base URL must not contain a query ("?…"):'],
		['a fragment', (url: string) => `${url}#x`, 'Base URL must not contain a fragment ("#…"):'],
		['a port out of range', () => 'http://127.0.0.1:99999', 'Base URL is not a valid address:'],
		['no scheme', () => 'api.wts.chat', 'Base URL must start with http:// or https://'],
	])('a Base URL with %s fails before any request', async (_case, baseUrl, message) => {
		const result = await testConnection({ baseUrl: baseUrl(helena.sandbox.url) });

		expect(result.status).toBe('Error');
		expect(result.message.startsWith(message)).toBe(true);
		expect(result.message).not.toContain('Pa55w0rd');
		expect(helena.sandbox.requests).toEqual([]);
	});

	test("a host where nothing listens, and one that does not exist: n8n's words", async () => {
		expect(await testConnection({ baseUrl: 'http://127.0.0.1:9' })).toEqual({
			status: 'Error',
			message: 'The service refused the connection - perhaps it is offline',
		});
		expect(await testConnection({ baseUrl: 'https://api.wts.chat.invalid' })).toEqual({
			status: 'Error',
			message: 'The connection cannot be established, this usually occurs due to an incorrect host (domain) value',
		});
	});
});
