import { useSandbox } from '../engine/sandbox';

const getEvents = { resource: 'webhook', operation: 'getEvents' };

describe('the Base URL', () => {
	const helena = useSandbox({ seed: 'empty' });
	beforeEach(() => helena.sandbox.clearRequests());

	test.each(['', '/', '/core', '/core/', '//', '/CORE/'])('"<host>%s" reaches /core/v1/... exactly once', async (suffix) => {
		const { error } = await helena.run(getEvents, {
			credentials: { baseUrl: helena.sandbox.url + suffix },
		});

		expect(error).toBeUndefined();
		expect(helena.sandbox.requests.map((request) => request.path)).toEqual(['/core/v1/webhook/event']);
	});

	test('an address that is not http(s) is refused before any request', async () => {
		const { error } = await helena.run(getEvents, {
			credentials: { baseUrl: 'ftp://api.wts.chat' },
		});

		expect(error?.message).toBe(
			'Base URL in the Helena API credential must start with http:// or https://, not "ftp://api.wts.chat" (item 0)',
		);
		expect(helena.sandbox.requests).toHaveLength(0);
	});

	test('an unreachable host says which host and what to check', async () => {
		const { error } = await helena.run(getEvents, {
			credentials: { baseUrl: 'http://127.0.0.1:9' },
		});

		expect(error?.message).toBe('Could not reach Helena at http://127.0.0.1:9');
		expect(error?.description).toBe(
			'The connection to http://127.0.0.1:9 failed with ECONNREFUSED. Check the Base URL in the "Helena API" credential and that the host is reachable from n8n.',
		);
	});
});
