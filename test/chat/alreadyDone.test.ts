import type { IDataObject } from 'n8n-workflow';

import { byId } from '../helpers/requests';
import { demo } from '../sandbox';
import { allRequests, mariaSession, useChatSandbox } from './chatFixture';

/*
 * A change that is safe to repeat is repeated after a lost answer (a broken connection, no answer, a 5xx).
 * When the repeat meets Helena's "already done" (the conversation is completed already, the user is in
 * the department already…), the first attempt did the job: n8n outputs what a first success outputs.
 * Anything else Helena refuses stays an error. The table is in docs/reliability.md.
 */
describe('a repeat that meets "already done" has done its job', () => {
	const helena = useChatSandbox();
	beforeEach(() => helena.sandbox.misbehaviour.clear());
	afterAll(() => helena.sandbox.misbehaviour.clear());

	const lines = () => allRequests(helena).map((request) => `${request.method} ${request.path}`);
	const statuses = () => helena.sandbox.requests.map((request) => request.status);
	const refusal = (text: string, status = 400) => ({
		status,
		body: { key: status === 400 ? 'FORM_ERROR' : 'SERVICE_UNAVAILABLE', text, httpStatusCode: status },
	});

	describe('Conversation > Complete', () => {
		test('applied, answer lost: the repeat hears "A sessão já está concluída" and the node outputs the completed conversation', async () => {
			const { id } = mariaSession(helena);
			helena.sandbox.misbehaviour.next({ loseAnswer: true, method: 'PUT', path: `/chat/v1/session/${id}/complete` });

			const { items, error } = await helena.run({ resource: 'session', operation: 'complete', sessionId: id });

			expect(error).toBeUndefined();
			expect(items).toHaveLength(1);
			expect(items[0].json).toMatchObject({ id, status: 'COMPLETED' });
			expect(lines()).toEqual([`PUT /chat/v1/session/${id}/complete`, `PUT /chat/v1/session/${id}/complete`, `GET /chat/v2/session/${id}`]);
			expect(statuses()).toEqual([0, 400, 200]);
			expect(helena.sandbox.chat.session(id).status).toBe('COMPLETED');
		});

		test('the same when the repeat is refused with the FORM_ERROR body of Helena', async () => {
			const { id } = mariaSession(helena);
			helena.sandbox.misbehaviour.next({ loseAnswer: true, method: 'PUT' });
			helena.sandbox.misbehaviour.next({ ...refusal('A sessão já está concluída'), method: 'PUT' });

			const { items, error } = await helena.run({ resource: 'session', operation: 'complete', sessionId: id });

			expect(error).toBeUndefined();
			expect(items[0].json).toMatchObject({ id, status: 'COMPLETED' });
		});

		test('a conversation completed before this run (no lost answer) is still reported: Helena refused the only attempt', async () => {
			const { id } = mariaSession(helena);
			await helena.run({ resource: 'session', operation: 'complete', sessionId: id });
			helena.sandbox.clearRequests();

			const { items, error } = await helena.run({ resource: 'session', operation: 'complete', sessionId: id });

			expect(items).toEqual([]);
			expect(error?.message).toBe('Helena rejected the request: A sessão já está concluída');
			expect(lines()).toEqual([`PUT /chat/v1/session/${id}/complete`]);
		});
	});

	describe('Conversation > Transfer', () => {
		const transfer = (id: string) => ({
			resource: 'session',
			operation: 'transfer',
			sessionId: id,
			transferUser: { __rl: true, mode: 'id', value: demo.userId('Bruno Lima') },
		});

		test('applied, answer lost, the repeat hears "already with that user": the conversation, read again', async () => {
			const { id } = mariaSession(helena);
			helena.sandbox.misbehaviour.next({ loseAnswer: true, method: 'PUT' });
			helena.sandbox.misbehaviour.next({ ...refusal('A sessão já está atribuída a este usuário'), method: 'PUT' });

			const { items, error } = await helena.run(transfer(id));

			expect(error).toBeUndefined();
			expect(items[0].json).toMatchObject({ id, userId: demo.userId('Bruno Lima') });
			expect(lines()).toEqual([`PUT /chat/v1/session/${id}/transfer`, `PUT /chat/v1/session/${id}/transfer`, `GET /chat/v2/session/${id}`]);
		});

		test('a repeat that meets "completed, cannot be transferred" is not "already done": the error stands', async () => {
			const { id } = mariaSession(helena);
			helena.sandbox.misbehaviour.next({ ...refusal('Serviço temporariamente indisponível', 503), method: 'PUT' });
			helena.sandbox.misbehaviour.next({ ...refusal('A sessão já foi concluída e não pode ser transferida'), method: 'PUT' });

			const { items, error } = await helena.run(transfer(id));

			expect(items).toEqual([]);
			expect(error?.message).toBe('Helena rejected the request: A sessão já foi concluída e não pode ser transferida');
			expect(lines()).toEqual(Array(2).fill(`PUT /chat/v1/session/${id}/transfer`));
		});

		test('a transfer whose answer was lost and whose repeat simply succeeds outputs the answer of the repeat', async () => {
			const { id } = mariaSession(helena);
			helena.sandbox.misbehaviour.next({ loseAnswer: true, method: 'PUT' });

			const { items, error } = await helena.run(transfer(id));

			expect(error).toBeUndefined();
			expect(items[0].json).toMatchObject({ id, userId: demo.userId('Bruno Lima'), status: 'IN_PROGRESS' });
			expect(lines()).toHaveLength(2);
		});
	});

	test('Contact > Change Tags: a repeat that hears "the contact already has the tag" outputs the contact with its tags', async () => {
		const contactId = demo.contactId(1);
		helena.sandbox.misbehaviour.next({ loseAnswer: true, method: 'POST', path: `/core/v1/contact/${contactId}/tags` });
		helena.sandbox.misbehaviour.next({ ...refusal('O contato já possui a tag VIP'), method: 'POST' });

		const { items, error } = await helena.run({
			resource: 'contact',
			operation: 'updateTags',
			contact: byId(contactId),
			tagsOperation: 'InsertIfNotExists',
			tagNames: 'Lead',
		});

		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ id: contactId });
		expect(items[0].json.tagNames).toContain('Lead');
		expect(lines()).toEqual([
			`POST /core/v1/contact/${contactId}/tags`,
			`POST /core/v1/contact/${contactId}/tags`,
			`GET /core/v1/contact/${contactId}`,
		]);
	});

	test('Department > Update Agents (Remove): a repeat that hears "not in the department" outputs what was asked', async () => {
		const department = demo.departmentId('Suporte');
		const bruno = demo.userId('Bruno Lima');
		helena.sandbox.misbehaviour.next({ loseAnswer: true, method: 'PUT' });
		helena.sandbox.misbehaviour.next({ ...refusal(`O usuário '${bruno}' não está no departamento`), method: 'PUT' });

		const { items, error } = await helena.run({
			resource: 'department',
			operation: 'updateAgents',
			department: byId(department),
			agentsAction: 'Remove',
			agents: { agent: [{ userId: bruno }] },
		});

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([{ action: 'Remove', items: [{ userId: bruno }] } as IDataObject]);
		expect(lines()).toEqual(Array(2).fill(`PUT /core/v1/department/${department}/agents`));
	});

	test('a plain create is never repeated, so it never meets "already done": Add Note answered 502 fails once', async () => {
		const { id } = mariaSession(helena);
		helena.sandbox.failNext(1, { status: 502, method: 'POST' });

		const { error } = await helena.run({ resource: 'session', operation: 'addNote', sessionId: id, text: 'Resumo' });

		expect(error?.message).toBe('Helena answered 502 (BadGateway)');
		expect(lines()).toEqual([`POST /chat/v1/session/${id}/note`]);
	});
});
