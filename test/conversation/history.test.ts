import { demo } from '../sandbox';
import { allRequests, mariaSession, MISSING, SIMPLIFIED_MESSAGE_KEYS, useChatSandbox } from '../chat/chatFixture';

/*
 * Get Messages reads the history of one conversation: what the contact wrote and what was sent into it,
 * with files, oldest or newest first, Limit or Return All, date windows as Helena names them.
 */
describe('Conversation → Get Messages', () => {
	const helena = useChatSandbox();

	/** Maria writes, the workflow answers with a text and a file: three messages in her conversation. */
	async function mariaTalks() {
		const session = mariaSession(helena);
		helena.sandbox.chat.contactWrites(demo.contactPhone(1), 'Vocês abrem no sábado?');
		await helena.run({ resource: 'session', operation: 'sendMessage', sessionId: session.id, text: 'Sim, das 9h às 13h.' });
		await helena.run({
			resource: 'session',
			operation: 'sendMessage',
			sessionId: session.id,
			content: 'file',
			fileSource: 'url',
			fileUrl: 'https://example.com/horarios.pdf',
			caption: 'Nossos horários',
		});
		helena.sandbox.clearRequests();
		return session.id as string;
	}

	test('simplified, oldest first: who wrote what, in both directions, with the file', async () => {
		const id = await mariaTalks();

		const { items, error } = await helena.run({ resource: 'session', operation: 'getMessages', sessionId: id, returnAll: true });

		expect(error).toBeUndefined();
		expect(allRequests(helena)).toEqual([
			{
				method: 'GET',
				path: `/chat/v1/session/${id}/message`,
				query: { OrderBy: 'createdAt', OrderDirection: 'ASCENDING', PageNumber: '1', PageSize: '100' },
				body: undefined,
			},
		]);
		// after the demo history of her conversation
		const history = helena.sandbox.chat.history(id) as { id: string }[];
		expect(items.map((item) => item.json.id)).toEqual(history.map((message) => message.id));
		expect(items.slice(-3).map((item) => item.json)).toEqual([
			expect.objectContaining({ direction: 'received', author: 'contact', type: 'TEXT', text: 'Vocês abrem no sábado?', file: null }),
			expect.objectContaining({ direction: 'sent', author: 'api', type: 'TEXT', text: 'Sim, das 9h às 13h.', file: null }),
			expect.objectContaining({
				direction: 'sent',
				type: 'DOCUMENT',
				text: 'Nossos horários',
				file: expect.objectContaining({ url: 'https://example.com/horarios.pdf' }),
			}),
		]);
		expect(Object.keys(items[0].json).sort()).toEqual(SIMPLIFIED_MESSAGE_KEYS);
	});

	test('Conversation → Get Messages and Message → Get Many simplify a message to the same keys and values, the file with its ID', async () => {
		const id = await mariaTalks();
		const history = await helena.run({ resource: 'session', operation: 'getMessages', sessionId: id, returnAll: true });
		const many = await helena.run({ resource: 'message', operation: 'getAll', sessionId: id, returnAll: true });

		expect(history.error).toBeUndefined();
		expect(many.error).toBeUndefined();
		expect(history.items.map((item) => item.json)).toEqual(many.items.map((item) => item.json));
		const document = history.items.find((item) => item.json.type === 'DOCUMENT')!.json.file as { id: unknown };
		expect(Object.keys(document).sort()).toEqual(['id', 'mimeType', 'name', 'size', 'url']);
	});

	test('newest first with a Limit gives the latest messages; Simplify off gives Helena’s message as it is', async () => {
		const id = await mariaTalks();

		const { items, error } = await helena.run({
			resource: 'session',
			operation: 'getMessages',
			sessionId: id,
			limit: 2,
			simple: false,
			options: { orderDirection: 'DESCENDING' },
			filters: { createdAfter: '2020-01-01', updatedBefore: '2099-01-01T00:00:00Z' },
		});

		expect(error).toBeUndefined();
		expect(allRequests(helena)[0].query).toEqual({
			'CreatedAt.After': '2020-01-01T00:00:00Z',
			'UpdatedAt.Before': '2099-01-01T00:00:00Z',
			OrderBy: 'createdAt',
			OrderDirection: 'DESCENDING',
			PageNumber: '1',
			PageSize: '100',
		});
		expect(items.map((item) => item.json.text)).toEqual(['Nossos horários', 'Sim, das 9h às 13h.']);
		expect(items[0].json).toMatchObject({
			sessionId: id,
			direction: 'TO_HUB',
			origin: 'API',
			details: { file: { publicUrl: 'https://example.com/horarios.pdf' } },
		});
	});

	test('a date that is not one, and a missing conversation, are named', async () => {
		const bad = await helena.run({
			resource: 'session',
			operation: 'getMessages',
			sessionId: mariaSession(helena).id,
			filters: { createdAfter: 'last tuesday' },
		});
		expect(bad.error?.message).toBe(
			'Sent After is not an ISO 8601 date such as 2024-03-07 or 2024-03-07T14:30:00Z: "last tuesday" (item 0)',
		);
		expect(allRequests(helena)).toEqual([]);

		const missing = await helena.run({ resource: 'session', operation: 'getMessages', sessionId: MISSING });
		expect(missing.error?.message).toBe(`The conversation (session) with ID "${MISSING}" was not found in Helena`);
	});
});
