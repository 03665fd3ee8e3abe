import { demo } from '../sandbox';
import { allRequests, byId, COMERCIAL, fromList, mariaSession, MISSING, useChatSandbox } from './chatFixture';

const VENDAS = demo.departmentId('Vendas');
const SUPORTE = demo.departmentId('Suporte');
const CARLA = demo.userId('Carla Mendes');

describe('Conversation (Session) resource', () => {
	const helena = useChatSandbox();

	describe('Get Many', () => {
		test('filters by status, department, user, channel and tag; one item per conversation, newest first', async () => {
			const { items, error } = await helena.run({
				resource: 'session',
				operation: 'getAll',
				returnAll: true,
				filters: {
					status: ['IN_PROGRESS', 'PENDING'],
					department: fromList(VENDAS, 'Vendas'),
					user: fromList(demo.userId('Ana Souza'), 'Ana Souza'),
					channel: fromList(COMERCIAL.id, 'WhatsApp Comercial'),
					tag: fromList(demo.tagId('VIP'), 'VIP'),
				},
			});

			expect(error).toBeUndefined();
			const [channels, list] = allRequests(helena);
			expect(channels.path).toBe('/chat/v1/channel');
			expect(list).toEqual({
				method: 'GET',
				path: '/chat/v2/session',
				query: {
					Status: ['IN_PROGRESS', 'PENDING'],
					DepartmentId: VENDAS,
					UserId: demo.userId('Ana Souza'),
					TagsId: demo.tagId('VIP'),
					ChannelsId: COMERCIAL.id,
					IncludeDetails: ['ContactDetails', 'AgentDetails', 'DepartmentsDetails', 'ChannelDetails'],
					OrderBy: 'createdAt',
					OrderDirection: 'DESCENDING',
					PageNumber: '1',
					PageSize: '100',
				},
				body: undefined,
			});
			expect(items.map((item) => item.json.id)).toEqual([mariaSession(helena).id]);
			expect(items[0].json).toMatchObject({
				status: 'IN_PROGRESS',
				windowStatus: 'ACTIVE',
				contactDetails: { name: 'Maria Silva' },
				agentDetails: { userId: demo.userId('Ana Souza'), name: 'Ana Souza' },
				departmentDetails: { name: 'Vendas' },
			});
		});

		test('Limit stops at the limit; dates go out as the API names them', async () => {
			const { items, error } = await helena.run({
				resource: 'session',
				operation: 'getAll',
				returnAll: false,
				limit: 2,
				filters: { createdAfter: '2020-01-01T00:00:00.000Z' },
				options: { includeDetails: [], orderDirection: 'ASCENDING' },
			});

			expect(error).toBeUndefined();
			expect(items).toHaveLength(2);
			expect(allRequests(helena)).toEqual([
				{
					method: 'GET',
					path: '/chat/v2/session',
					query: {
						'CreatedAt.After': '2020-01-01T00:00:00.000Z',
						OrderBy: 'createdAt',
						OrderDirection: 'ASCENDING',
						PageNumber: '1',
						PageSize: '100',
					},
					body: undefined,
				},
			]);
		});
	});

	describe('Get', () => {
		test('reads one conversation with the details asked for', async () => {
			const id = mariaSession(helena).id;
			const { items, error } = await helena.run({
				resource: 'session',
				operation: 'get',
				sessionId: id,
				includeDetails: ['ContactDetails'],
			});

			expect(error).toBeUndefined();
			expect(allRequests(helena)).toEqual([
				{ method: 'GET', path: `/chat/v2/session/${id}`, query: { includeDetails: 'ContactDetails' }, body: undefined },
			]);
			expect(items[0].json).toMatchObject({ id, contactDetails: { name: 'Maria Silva' }, agentDetails: null });
		});

		test('an unknown conversation says so', async () => {
			const { error } = await helena.run({ resource: 'session', operation: 'get', sessionId: MISSING });
			expect(error?.message).toBe(`The conversation (session) with ID "${MISSING}" was not found in Helena`);
		});
	});

	describe('Transfer', () => {
		test('to a department only: type DEPARTMENT; the conversation waits in the team', async () => {
			const id = mariaSession(helena).id;
			const { items, error } = await helena.run({
				resource: 'session',
				operation: 'transfer',
				sessionId: id,
				transferDepartment: fromList(SUPORTE, 'Suporte'),
			});

			expect(error).toBeUndefined();
			expect(allRequests(helena)).toEqual([
				{ method: 'PUT', path: `/chat/v1/session/${id}/transfer`, query: {}, body: { type: 'DEPARTMENT', newDepartmentId: SUPORTE } },
			]);
			expect(items[0].json).toMatchObject({ id, departmentId: SUPORTE, userId: null, status: 'PENDING' });
		});

		test('to a user in a department: type USER with both; stop the chatbot on request', async () => {
			const id = mariaSession(helena).id;
			const { items } = await helena.run({
				resource: 'session',
				operation: 'transfer',
				sessionId: id,
				transferDepartment: byId(SUPORTE),
				transferUser: fromList(CARLA, 'Carla Mendes'),
				stopBotInExecution: true,
			});

			expect(allRequests(helena)[0].body).toEqual({
				type: 'USER',
				newUserId: CARLA,
				newDepartmentId: SUPORTE,
				options: { stopBotInExecution: true },
			});
			expect(items[0].json).toMatchObject({ departmentId: SUPORTE, userId: CARLA, status: 'IN_PROGRESS' });
		});

		test('neither a department nor a user is an input error; an agent record ID in place of the user ID is refused by Helena', async () => {
			const id = mariaSession(helena).id;
			const neither = await helena.run({ resource: 'session', operation: 'transfer', sessionId: id });
			const agentId = await helena.run({
				resource: 'session',
				operation: 'transfer',
				sessionId: id,
				transferUser: byId(demo.agentId('Carla Mendes')),
			});

			expect(neither.error?.message).toBe('To Department and To User are both empty: choose where the conversation goes (item 0)');
			expect(agentId.error?.message).toBe(
				`Helena rejected the request: '${demo.agentId('Carla Mendes')}' é o ID do agente, não o ID do usuário (userId) que 'newUserId' espera`,
			);
			expect(allRequests(helena)).toHaveLength(1);
		});
	});

	describe('Complete', () => {
		test('closes the conversation, to reopen when the contact writes again', async () => {
			const id = mariaSession(helena).id;
			const { items, error } = await helena.run({
				resource: 'session',
				operation: 'complete',
				sessionId: id,
				reactivateOnNewMessage: true,
			});

			expect(error).toBeUndefined();
			expect(allRequests(helena)).toEqual([
				{
					method: 'PUT',
					path: `/chat/v1/session/${id}/complete`,
					query: {},
					body: { reactivateOnNewMessage: true, stopBotInExecution: false },
				},
			]);
			expect(items[0].json).toMatchObject({ id, status: 'COMPLETED' });
			const reopened = helena.sandbox.chat.contactWrites(demo.contactPhone(1), 'Mais uma dúvida');
			expect(reopened).toMatchObject({ id, status: 'PENDING' });
		});

		test('a conversation already completed is refused by Helena', async () => {
			const id = mariaSession(helena).id;
			await helena.run({ resource: 'session', operation: 'complete', sessionId: id });
			const { error } = await helena.run({ resource: 'session', operation: 'complete', sessionId: id });
			expect(error?.message).toBe('Helena rejected the request: A sessão já está concluída');
		});
	});

	describe('Update', () => {
		test('records the outcome, metadata and protocol; the fields list is derived from what was set', async () => {
			const id = mariaSession(helena).id;
			const { items, error } = await helena.run({
				resource: 'session',
				operation: 'update',
				sessionId: id,
				updateFields: {
					outcome: 'WON',
					amount: 1490.5,
					outcomeDescription: 'Plano Pro anual',
					metadata: { entry: [{ key: 'pedido', value: 'A-77' }] },
					number: 'PROTO-2026-1',
				},
			});

			expect(error).toBeUndefined();
			expect(allRequests(helena)).toEqual([
				{
					method: 'PUT',
					path: `/chat/v2/session/${id}/partial`,
					query: {},
					body: {
						fields: ['Classification', 'Metadata', 'Number'],
						classification: { category: 'WON', description: 'Plano Pro anual', amount: 1490.5 },
						metadata: { pedido: 'A-77' },
						number: 'PROTO-2026-1',
					},
				},
			]);
			expect(items[0].json).toMatchObject({
				classification: { category: 'WON', amount: 1490.5 },
				metadata: { pedido: 'A-77' },
				number: 'PROTO-2026-1',
			});
		});

		test('nothing to change, or an amount without an outcome, is an input error', async () => {
			const id = mariaSession(helena).id;
			const empty = await helena.run({ resource: 'session', operation: 'update', sessionId: id, updateFields: {} });
			const amount = await helena.run({ resource: 'session', operation: 'update', sessionId: id, updateFields: { amount: 10 } });

			expect(empty.error?.message).toBe('Update Fields is empty: add at least one field to change (item 0)');
			expect(amount.error?.message).toBe('Outcome is required with Outcome Amount or Outcome Description (item 0)');
			expect(allRequests(helena)).toEqual([]);
		});
	});

	describe('Add Note', () => {
		test('adds an internal note with a file link', async () => {
			const id = mariaSession(helena).id;
			const { items, error } = await helena.run({
				resource: 'session',
				operation: 'addNote',
				sessionId: id,
				text: 'Resumo: cliente quer upgrade',
				fileUrls: 'https://example.com/resumo.pdf',
			});

			expect(error).toBeUndefined();
			expect(allRequests(helena)[0]).toEqual({
				method: 'POST',
				path: `/chat/v1/session/${id}/note`,
				query: {},
				body: { text: 'Resumo: cliente quer upgrade', filesUrls: ['https://example.com/resumo.pdf'] },
			});
			expect(items[0].json).toMatchObject({ type: 'NOTE', sessionId: id, text: 'Resumo: cliente quer upgrade' });
		});

		test('an empty note is refused before any request', async () => {
			const { error } = await helena.run({ resource: 'session', operation: 'addNote', sessionId: mariaSession(helena).id, text: ' ' });
			expect(error?.message).toBe('Note is empty: write a note or add a file URL (item 0)');
			expect(allRequests(helena)).toEqual([]);
		});
	});
});
