import { useSandbox } from '../engine/sandbox';
import { requestsSent } from '../helpers/requests';

describe('the event list is read once per execution, and a failed read is not kept', () => {
	const helena = useSandbox({ seed: 'empty' });
	beforeEach(() => {
		helena.sandbox.reset('empty');
		helena.sandbox.clearRequests();
	});

	const create = {
		resource: 'webhook',
		operation: 'create',
		name: '={{ $json.name }}',
		url: 'https://crm.example.com/hook',
		events: ['SESSION_NEW'],
	};

	test('two items ask for the event list once', async () => {
		const { error } = await helena.run(create, { items: [{ name: 'Um' }, { name: 'Dois' }] });

		expect(error).toBeUndefined();
		expect(requestsSent(helena).map(({ method, path }) => `${method} ${path}`)).toEqual([
			'GET /core/v1/webhook/event',
			'POST /core/v1/webhook/subscription',
			'POST /core/v1/webhook/subscription',
		]);
	});

	test("under Continue On Fail, item 0's failed event-list read does not fail item 1: item 1 asks again", async () => {
		helena.sandbox.failNext(1, { status: 403, method: 'GET', path: '/v1/webhook/event' });

		const { items, error } = await helena.run(create, { items: [{ name: 'Um' }, { name: 'Dois' }], continueOnFail: true });

		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(items[0].json.error).toBe('The API key is not allowed to do this (403 Forbidden)');
		expect(items[1].json).toMatchObject({ name: 'Dois', url: 'https://crm.example.com/hook' });
		expect(helena.apiRequests().map(({ method, decodedPath, status }) => `${method} ${decodedPath} ${status}`)).toEqual([
			'GET /core/v1/webhook/event 403',
			'GET /core/v1/webhook/event 200',
			'POST /core/v1/webhook/subscription 200',
		]);
	});
});
