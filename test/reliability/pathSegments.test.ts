import { runListSearch } from '../engine/runMethod';
import { useTrigger } from '../engine/runTrigger';
import { allRequests, MARIA_PHONE, useChatSandbox } from '../chat/chatFixture';
import { byName } from '../lists/listsFixture';

/*
 * Every ID that goes into an address passes one check in the transport, whatever gave it: a field, a
 * picker, an earlier answer of Helena, a delivery. Empty, "." or "..", or not a UUID where Helena's
 * reference types a UUID: a clear error, and nothing is sent.
 */
describe('path segments: one check for every source', () => {
	const helena = useChatSandbox();
	const startTrigger = useTrigger(helena);
	beforeEach(() => helena.sandbox.misbehaviour.clear());
	afterAll(() => helena.sandbox.misbehaviour.clear());
	const sent = () => allRequests(helena).map((request) => `${request.method} ${request.path}`);
	/** Helena's tag list answers with one tag "VIP" whose ID is `id`. */
	const tagListGives = (id: unknown) =>
		helena.sandbox.misbehaviour.next({ method: 'GET', path: /^\/core\/v1\/tag$/, body: [{ id, name: 'VIP', color: 'PINK_400' }] });

	test.each([
		['..', 'is "..", which would change the address of the request'],
		['.', 'is ".", which would change the address of the request'],
		['%2e%2E', 'is "%2e%2E", which would change the address of the request'],
		['not-a-uuid', 'must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, not "not-a-uuid"'],
	])(
		'an ID from an earlier answer of Helena (a tag found by name, its ID "%s") is refused: Tag → Delete sends nothing',
		async (id, problem) => {
			tagListGives(id);

			const { items, error } = await helena.run({ resource: 'tag', operation: 'delete', tag: byName('vip') });

			expect(items).toEqual([]);
			expect(error?.message).toBe(`The id in the address of DELETE /core/v1/tag/{id} ${problem} (item 0)`);
			expect(error?.description).toMatch(/^Nothing was sent\./);
			expect(sent()).toEqual(['GET /core/v1/tag']);
		},
	);

	test('the same answer on Tag → Update is refused the same way, before its PUT; Continue On Fail keeps the item', async () => {
		tagListGives('..');

		const { items, error } = await helena.run(
			{ resource: 'tag', operation: 'update', tag: byName('vip'), updateFields: { name: 'VIP 2' } },
			{ continueOnFail: true },
		);

		expect(error).toBeUndefined();
		expect(items[0].json.error).toBe(
			'The id in the address of PUT /core/v1/tag/{id} is "..", which would change the address of the request (item 0)',
		);
		expect(sent().filter((request) => request.startsWith('PUT'))).toEqual([]);
	});

	test.each([
		['', 'is empty'],
		['..', 'is "..", which would change the address of the request'],
		['../v2/panel', 'must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, not "../v2/panel"'],
	])(
		'a picker that builds an address from Helena\'s answer (lost reasons of each sales panel) refuses a panel ID "%s"',
		async (id, problem) => {
			helena.sandbox.misbehaviour.next({
				method: 'GET',
				path: /^\/crm\/v2\/panel$/,
				body: {
					items: [{ id, title: 'Funil', type: 'SALES' }],
					pageNumber: 1,
					pageSize: 100,
					totalItems: 1,
					totalPages: 1,
					hasMorePages: false,
				},
			});

			await expect(runListSearch('searchLostReasons', { credentials: helena.credentials } as never)).rejects.toThrow(
				`The id in the address of GET /crm/v1/panel/{id}/lost-reason ${problem}`,
			);
			expect(sent().filter((request) => request.includes('lost-reason'))).toEqual([]);
		},
	);

	test('a value given in a picker (a panel chosen from the list) that is not an ID is refused before any request', async () => {
		const { error } = await helena.run({ resource: 'panel', operation: 'get', panel: { __rl: true, mode: 'list', value: '..' } });

		expect(error?.message).toBe('Panel must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, not ".." (item 0)');
		expect(sent()).toEqual([]);
	});

	test('an ID from a delivery (a MESSAGE_RECEIVED whose message ID is "..", with Attach Media) is not sent: the event comes with mediaError', async () => {
		const trigger = await startTrigger({ events: ['MESSAGE_RECEIVED'], options: { attachMedia: true } });
		await trigger.activate();
		helena.sandbox.clearRequests();
		const token = (trigger.savedStaticData['node:Helena Trigger'] as { token: string }).token;
		const forged = {
			eventType: 'MESSAGE_RECEIVED',
			date: '2026-01-05T10:00:00Z',
			content: { id: '..', type: 'AUDIO', fileId: 'f', details: { file: { id: 'f' } }, phone: MARIA_PHONE },
		};

		const answer = await trigger.post(`${trigger.webhookUrl}?token=${token}`, forged);
		await trigger.idle();

		expect(answer.status).toBe(200);
		expect(trigger.executions[0][0].json.mediaError).toBe(
			'The id in the address of GET /chat/v1/message/{id} is "..", which would change the address of the request',
		);
		expect(sent()).toEqual([]);
	});
});
