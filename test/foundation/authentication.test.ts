import { TEST_API_KEY, useSandbox } from '../engine/sandbox';

const getEvents = { resource: 'webhook', operation: 'getEvents' };

describe('the Helena API credential', () => {
	const helena = useSandbox({ seed: 'empty' });
	beforeEach(() => helena.sandbox.clearRequests());

	test('sends "Authorization: Bearer <key>" by default', async () => {
		const { items, error } = await helena.run(getEvents);

		expect(error).toBeUndefined();
		expect(items).toHaveLength(16);
		expect(helena.apiRequests()[0].headers.authorization).toBe(`Bearer ${TEST_API_KEY}`);
	});

	test('sends the key as is when the format is "Key as Is"', async () => {
		const { error } = await helena.run(getEvents, { credentials: { authorizationFormat: 'raw' } });

		expect(error).toBeUndefined();
		expect(helena.apiRequests()[0].headers.authorization).toBe(TEST_API_KEY);
	});

	test('does not double a key pasted with "Bearer " in front', async () => {
		const { error } = await helena.run(getEvents, { credentials: { apiKey: `Bearer ${TEST_API_KEY}` } });

		expect(error).toBeUndefined();
		expect(helena.apiRequests()[0].headers.authorization).toBe(`Bearer ${TEST_API_KEY}`);
	});

	test('a wrong key gives an error that says to check the key, and never shows it', async () => {
		const wrongKey = 'pn_example_wrong_key_0123456789';
		const { items, error } = await helena.run(getEvents, { credentials: { apiKey: wrongKey } });

		expect(items).toHaveLength(0);
		expect(error?.message).toBe('Helena rejected the API key (401 Unauthorized)');
		expect(error?.description).toContain('Check the API key');
		expect(error?.description).toContain('Acesso negado');
		expect(JSON.stringify(error)).not.toContain(wrongKey);
		expect(String(error?.stack)).not.toContain(wrongKey);
		expect(helena.apiRequests()).toHaveLength(1);
	});
});
