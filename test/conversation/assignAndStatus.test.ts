import type { INodeParameters } from 'n8n-workflow';

import { useTrigger } from '../engine/runTrigger';
import { demo } from '../sandbox';
import { allRequests, byId, fromList, mariaSession, MISSING, useChatSandbox } from '../chat/chatFixture';

const BRUNO = demo.userId('Bruno Lima');

/*
 * Assign gives a conversation to a user; Set Status moves it to one of the statuses Helena's reference
 * lists. Both change the conversation in Helena, which announces SESSION_UPDATE to the subscriptions.
 */
describe('Conversation → Assign and Set Status', () => {
	const helena = useChatSandbox();
	const startTrigger = useTrigger(helena);
	beforeEach(() => helena.sandbox.misbehaviour.clear());
	afterAll(() => helena.sandbox.misbehaviour.clear());

	const pending = () => helena.sandbox.chat.sessions().find((s: { status: string }) => s.status === 'PENDING');
	const run = (parameters: INodeParameters) => helena.run({ resource: 'session', ...parameters });

	test('Assign: the user takes the conversation (in progress); Helena announces SESSION_UPDATE', async () => {
		const trigger = await startTrigger({ events: ['SESSION_UPDATE'] });
		await trigger.activate();
		helena.sandbox.clearRequests();
		const { id } = pending();

		const { items, error } = await run({
			operation: 'assign',
			sessionId: id,
			user: fromList(BRUNO, 'Bruno Lima'),
			stopBotInExecution: true,
		});
		await helena.sandbox.waitForDeliveries();

		expect(error).toBeUndefined();
		expect(allRequests(helena)).toEqual([
			{ method: 'PUT', path: `/chat/v1/session/${id}/assignee`, query: {}, body: { userId: BRUNO, options: { stopBotInExecution: true } } },
		]);
		expect(items[0].json).toMatchObject({ id, userId: BRUNO, status: 'IN_PROGRESS' });
		expect(trigger.executions.map(([item]) => item.json)).toEqual([
			expect.objectContaining({
				eventType: 'SESSION_UPDATE',
				content: expect.objectContaining({ id, userId: BRUNO, status: 'IN_PROGRESS' }),
			}),
		]);
	});

	test('Assign: a user that is not an ID (an object a model made up) is refused before any request', async () => {
		const { error } = await run({ operation: 'assign', sessionId: pending().id, user: byId('={{ { id: 1 } }}') });
		expect(error?.message).toBe('User must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, not an object (item 0)');
		expect(allRequests(helena)).toEqual([]);
	});

	test('Assign: an unknown user is named as the user, not as the conversation', async () => {
		const { error } = await run({ operation: 'assign', sessionId: pending().id, user: byId(MISSING) });
		expect(error?.message).toBe(`The user "${MISSING}" given in User was not found in Helena`);
	});

	test('Assign after a lost answer: the repeat finds the user assigned already and outputs the conversation', async () => {
		const { id } = pending();
		helena.sandbox.misbehaviour.next({ loseAnswer: true, method: 'PUT', path: `/chat/v1/session/${id}/assignee` });
		helena.sandbox.misbehaviour.next({
			status: 400,
			body: { key: 'FORM_ERROR', text: 'A sessão já está atribuída a este usuário', httpStatusCode: 400 },
			method: 'PUT',
		});

		const { items, error } = await run({ operation: 'assign', sessionId: id, user: byId(BRUNO) });

		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ id, userId: BRUNO });
		expect(allRequests(helena).map((request) => `${request.method} ${request.path}`)).toEqual([
			`PUT /chat/v1/session/${id}/assignee`,
			`PUT /chat/v1/session/${id}/assignee`,
			`GET /chat/v2/session/${id}`,
		]);
	});

	test('Set Status: the documents’ status goes out as newStatus; SESSION_UPDATE follows', async () => {
		const trigger = await startTrigger({ events: ['SESSION_UPDATE'] });
		await trigger.activate();
		helena.sandbox.clearRequests();
		const { id } = mariaSession(helena);

		const { items, error } = await run({ operation: 'setStatus', sessionId: id, status: 'PENDING' });
		await helena.sandbox.waitForDeliveries();

		expect(error).toBeUndefined();
		expect(allRequests(helena)).toEqual([
			{ method: 'PUT', path: `/chat/v1/session/${id}/status`, query: {}, body: { newStatus: 'PENDING' } },
		]);
		expect(items[0].json).toMatchObject({ id, status: 'PENDING' });
		expect(trigger.executions.map(([item]) => (item.json as { content: { status: string } }).content.status)).toEqual(['PENDING']);
	});

	test('Set Status to Completed completes the conversation', async () => {
		const { id } = mariaSession(helena);
		const { items } = await run({ operation: 'setStatus', sessionId: id, status: 'COMPLETED' });
		expect(items[0].json).toMatchObject({ id, status: 'COMPLETED' });
		expect(helena.sandbox.chat.session(id).endAt).toEqual(expect.any(String));
	});

	test.each([
		[
			'a status the documents do not list',
			'CLOSED',
			'Status must be one of COMPLETED, HIDDEN, IN_PROGRESS, PENDING, STARTED, not "CLOSED" (item 0)',
		],
		[
			'UNDEFINED, which is no status to set',
			'UNDEFINED',
			'Status must be one of COMPLETED, HIDDEN, IN_PROGRESS, PENDING, STARTED, not "UNDEFINED" (item 0)',
		],
		[
			'an object a model made up',
			'={{ { status: "done" } }}',
			'Status must be one of COMPLETED, HIDDEN, IN_PROGRESS, PENDING, STARTED, not {"status":"done"} (item 0)',
		],
	])('Set Status: %s is refused before any request', async (_title, status, message) => {
		const { error } = await run({ operation: 'setStatus', sessionId: mariaSession(helena).id, status });
		expect(error?.message).toBe(message);
		expect(allRequests(helena)).toEqual([]);
	});
});
