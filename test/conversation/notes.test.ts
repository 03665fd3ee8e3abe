import { allRequests, mariaSession, MISSING, useChatSandbox } from '../chat/chatFixture';

/* Notes: Get Notes lists those of a conversation, Get Note reads one, Delete Note removes one and is safe to repeat. */
describe('Conversation → Get Notes, Get Note, Delete Note', () => {
	const helena = useChatSandbox();
	beforeEach(() => helena.sandbox.misbehaviour.clear());
	afterAll(() => helena.sandbox.misbehaviour.clear());

	async function addNotes(id: string) {
		const first = await helena.run({ resource: 'session', operation: 'addNote', sessionId: id, text: 'Cliente quer orçamento' });
		const second = await helena.run({ resource: 'session', operation: 'addNote', sessionId: id, text: 'Resumo da IA: entrega sábado' });
		helena.sandbox.clearRequests();
		return [first.items[0].json.id as string, second.items[0].json.id as string];
	}

	test('Get Notes: the notes of one conversation, newest first, one item per note', async () => {
		const { id } = mariaSession(helena);
		const [first, second] = await addNotes(id);

		const { items, error } = await helena.run({
			resource: 'session',
			operation: 'getNotes',
			sessionId: id,
			returnAll: true,
			options: { orderDirection: 'DESCENDING' },
		});

		expect(error).toBeUndefined();
		expect(allRequests(helena)).toEqual([
			{
				method: 'GET',
				path: `/chat/v1/session/${id}/note`,
				query: { OrderBy: 'createdAt', OrderDirection: 'DESCENDING', PageNumber: '1', PageSize: '100' },
				body: undefined,
			},
		]);
		expect(items.map((item) => item.json.id).sort()).toEqual([first, second].sort());
		expect(items.map((item) => item.json.type)).toEqual(['NOTE', 'NOTE']);
	});

	test('Get Note reads one note; an unknown note is named as a note', async () => {
		const [first] = await addNotes(mariaSession(helena).id);

		const { items } = await helena.run({ resource: 'session', operation: 'getNote', noteId: first });
		expect(allRequests(helena)[0]).toMatchObject({ method: 'GET', path: `/chat/v1/session/note/${first}` });
		expect(items[0].json).toMatchObject({ id: first, text: 'Cliente quer orçamento', type: 'NOTE' });

		const missing = await helena.run({ resource: 'session', operation: 'getNote', noteId: MISSING });
		expect(missing.error?.message).toBe(`The note with ID "${MISSING}" was not found in Helena`);
	});

	test('Delete Note: deleted; run again, the note gone already is reported, not an error that stops the workflow', async () => {
		const [first] = await addNotes(mariaSession(helena).id);

		const once = await helena.run({ resource: 'session', operation: 'deleteNote', noteId: first });
		const again = await helena.run({ resource: 'session', operation: 'deleteNote', noteId: first });

		expect(once.items.map((item) => item.json)).toEqual([{ deleted: true, id: first }]);
		expect(again.error).toBeUndefined();
		expect(again.items.map((item) => item.json)).toEqual([{ deleted: false, id: first, alreadyGone: true }]);
		expect(allRequests(helena).map((request) => `${request.method} ${request.path}`)).toEqual([
			`DELETE /chat/v1/session/note/${first}`,
			`DELETE /chat/v1/session/note/${first}`,
		]);
		expect(helena.sandbox.chat.notes().map((note: { id: string }) => note.id)).not.toContain(first);
	});

	test('Delete Note after a lost answer: the repeat finds nothing and the output says deleted', async () => {
		const [first] = await addNotes(mariaSession(helena).id);
		helena.sandbox.misbehaviour.next({ loseAnswer: true, method: 'DELETE' });

		const { items, error } = await helena.run({ resource: 'session', operation: 'deleteNote', noteId: first });

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([{ deleted: true, id: first }]);
	});

	test('Get Notes: a date that is not one is named by its label', async () => {
		const { error } = await helena.run({
			resource: 'session',
			operation: 'getNotes',
			sessionId: mariaSession(helena).id,
			filters: { createdBefore: '31/12/2025' },
		});
		expect(error?.message).toBe('Written Before is not an ISO 8601 date such as 2024-03-07 or 2024-03-07T14:30:00Z: "31/12/2025" (item 0)');
		expect(allRequests(helena)).toEqual([]);
	});

	test('a note ID that is not one is refused before any request', async () => {
		const { error } = await helena.run({ resource: 'session', operation: 'deleteNote', noteId: 'the first note' });
		expect(error?.message).toBe('Note ID must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, not "the first note" (item 0)');
		expect(allRequests(helena)).toEqual([]);
	});
});
