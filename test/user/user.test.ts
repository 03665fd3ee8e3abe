import { useSandbox } from '../engine/sandbox';
import { demo } from '../sandbox';
import { byId, fromList, requestsSent } from '../helpers/requests';

const ANA = demo.userId('Ana Souza');
const BRUNO = demo.userId('Bruno Lima');
const CARLA = demo.userId('Carla Mendes');
const DIEGO = demo.userId('Diego Alves');
const SUPORTE = demo.departmentId('Suporte');
const VENDAS = demo.departmentId('Vendas');
const FINANCEIRO = demo.departmentId('Financeiro');
const MISSING = '0b0b0b0b-0000-4000-8000-000000000000';

describe('User (agent) resource', () => {
	const helena = useSandbox();
	beforeEach(() => {
		helena.sandbox.reset('demo');
		helena.sandbox.clearRequests();
	});

	/** The conversations the sandbox holds for a user, by status. */
	const conversationsOf = (userId: string | null) =>
		helena.sandbox.chat
			.sessions()
			.filter((session: { userId: string | null }) => session.userId === userId)
			.map((session: { status: string }) => session.status);

	describe('Get Many', () => {
		test('lists every user, one item each, with both IDs and their departments', async () => {
			const { items, error } = await helena.run({ resource: 'user', operation: 'getAll' });

			expect(error).toBeUndefined();
			expect(requestsSent(helena)).toEqual([{ method: 'GET', path: '/core/v1/agent', query: {}, body: undefined }]);
			expect(items.map((item) => [item.json.name, item.json.userId, item.json.profile])).toEqual([
				['Ana Souza', ANA, 'Admin'],
				['Bruno Lima', BRUNO, 'Agent'],
				['Carla Mendes', CARLA, 'Agent'],
				['Diego Alves', DIEGO, 'RestrictedAgent'],
			]);
			expect(items[0].json).toMatchObject({ id: demo.agentId('Ana Souza'), isOwner: true, availability: 'AVAILABLE' });
			expect(items[0].json.departments).toEqual(
				expect.arrayContaining([
					{ agentId: demo.agentId('Ana Souza'), userId: ANA, departmentId: SUPORTE, isAgent: true, isSupervisor: true },
				]),
			);
			expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 0 }, { item: 0 }, { item: 0 }]);
		});
	});

	describe('Get', () => {
		test('reads a user picked from the list by user ID', async () => {
			const { items, error } = await helena.run({ resource: 'user', operation: 'get', user: fromList(BRUNO, 'Bruno Lima') });

			expect(error).toBeUndefined();
			expect(requestsSent(helena)).toEqual([{ method: 'GET', path: `/core/v1/agent/${BRUNO}`, query: {}, body: undefined }]);
			expect(items.map((item) => item.json)).toEqual([
				expect.objectContaining({ userId: BRUNO, name: 'Bruno Lima', email: 'bruno.lima@empresa-demo.com.br' }),
			]);
		});

		test('an unknown user is reported as not found, naming the ID', async () => {
			const { error } = await helena.run({ resource: 'user', operation: 'get', user: byId(MISSING) });

			expect(error?.message).toBe(`The user with ID "${MISSING}" was not found in Helena`);
			expect(helena.apiRequests()).toHaveLength(1);
		});

		test('an ID from an expression that is not a UUID is refused before any request', async () => {
			const { error } = await helena.run(
				{ resource: 'user', operation: 'get', user: byId('={{ $json.who }}') },
				{ items: [{ who: 'bruno' }] },
			);

			expect(error?.message).toBe('User must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, not "bruno" (item 0)');
			expect(helena.apiRequests()).toHaveLength(0);
		});
	});

	describe('Create', () => {
		test('sends the name, profile and the fields set; returns the new user', async () => {
			const { items, error } = await helena.run({
				resource: 'user',
				operation: 'create',
				name: '  Maria Oliveira ',
				profile: 'RestrictedAgent',
				additionalFields: { email: 'maria@empresa-demo.com.br', phoneNumber: '5511977770000', availability: 'UNAVAILABLE' },
			});

			expect(error).toBeUndefined();
			expect(requestsSent(helena)).toEqual([
				{
					method: 'POST',
					path: '/core/v1/agent',
					query: {},
					body: {
						name: 'Maria Oliveira',
						profile: 'RestrictedAgent',
						email: 'maria@empresa-demo.com.br',
						phoneNumber: '5511977770000',
						availability: 'UNAVAILABLE',
					},
				},
			]);
			expect(items[0].json).toMatchObject({ name: 'Maria Oliveira', profile: 'RestrictedAgent', availability: 'UNAVAILABLE' });
			const listed = await helena.run({ resource: 'user', operation: 'getAll' });
			expect(listed.items.map((item) => item.json.name)).toContain('Maria Oliveira');
		});

		test('only name and profile when nothing else is set', async () => {
			await helena.run({ resource: 'user', operation: 'create', name: 'Rafa', profile: 'Agent' });

			expect(requestsSent(helena).map((request) => request.body)).toEqual([{ name: 'Rafa', profile: 'Agent' }]);
		});

		test.each([
			[{ name: '   ', profile: 'Agent' }, 'Name must be 1 to 100 characters long; it has 0 (item 0)'],
			[{ name: 'A'.repeat(101), profile: 'Agent' }, 'Name must be 1 to 100 characters long; it has 101 (item 0)'],
			[
				{ name: 'Rafa', profile: 'Agent', additionalFields: { email: 'rafa.at.example' } },
				'Email is not an e-mail address such as name@example.com: it must contain exactly one @ ("rafa.at.example") (item 0)',
			],
			[{ name: 'Rafa', profile: '={{ "Owner" }}' }, 'Profile'],
		])('bad input is refused before any request: %j', async (parameters, message) => {
			const { error } = await helena.run({ resource: 'user', operation: 'create', ...parameters });

			expect(error?.message).toContain(message);
			expect(helena.apiRequests()).toHaveLength(0);
		});

		test('a plain create answered 503 is not repeated (a repeat could add the user twice)', async () => {
			helena.sandbox.failNext(1, { method: 'POST', status: 503, retryAfterSeconds: 0 });

			const { error } = await helena.run({ resource: 'user', operation: 'create', name: 'Rafa', profile: 'Agent' });

			expect(error).toBeDefined();
			expect(helena.apiRequests().map((request) => request.method)).toEqual(['POST']);
		});

		test('Helena refusing an e-mail already in use is shown with its words', async () => {
			const { error } = await helena.run({
				resource: 'user',
				operation: 'create',
				name: 'Another Ana',
				profile: 'Agent',
				additionalFields: { email: 'ana.souza@empresa-demo.com.br' },
			});

			expect(`${error?.message} ${(error as { description?: string })?.description}`).toContain('ana.souza@empresa-demo.com.br');
		});
	});

	describe('Update', () => {
		test('sends only the fields set, and names them in `fields`', async () => {
			const { items, error } = await helena.run({
				resource: 'user',
				operation: 'update',
				user: byId(CARLA),
				updateFields: { shortName: 'Carlinha', availability: 'UNAVAILABLE' },
			});

			expect(error).toBeUndefined();
			expect(requestsSent(helena)).toEqual([
				{
					method: 'PUT',
					path: `/core/v1/agent/${CARLA}`,
					query: {},
					body: { fields: ['ShortName', 'Availability'], shortName: 'Carlinha', availability: 'UNAVAILABLE' },
				},
			]);
			expect(items[0].json).toMatchObject({ userId: CARLA, name: 'Carla Mendes', shortName: 'Carlinha', availability: 'UNAVAILABLE' });
		});

		test('every field, in the order Helena lists them; an empty phone clears it', async () => {
			await helena.run({
				resource: 'user',
				operation: 'update',
				user: byId(BRUNO),
				updateFields: {
					profile: 'Admin',
					phoneNumber: '',
					email: 'bruno@empresa-demo.com.br',
					name: 'Bruno L.',
					shortName: 'B',
					availability: 'AVAILABLE',
				},
			});

			const [request] = requestsSent(helena);
			expect(request.body).toEqual({
				fields: ['Name', 'ShortName', 'PhoneNumber', 'Email', 'Profile', 'Availability'],
				name: 'Bruno L.',
				shortName: 'B',
				phoneNumber: null,
				email: 'bruno@empresa-demo.com.br',
				profile: 'Admin',
				availability: 'AVAILABLE',
			});
			expect(helena.sandbox.state.users.get(BRUNO)).toMatchObject({ name: 'Bruno L.', email: 'bruno@empresa-demo.com.br' });
		});

		test('an update with no field is refused before any request', async () => {
			const { error } = await helena.run({ resource: 'user', operation: 'update', user: byId(BRUNO), updateFields: {} });

			expect(error?.message).toBe('Update Fields is empty: add at least one field to change (item 0)');
			expect(helena.apiRequests()).toHaveLength(0);
		});
	});

	describe('Delete', () => {
		const deleteBruno = (parameters: object = {}) =>
			helena.run({ resource: 'user', operation: 'delete', user: byId(BRUNO), ...parameters });

		test('nothing is chosen for the open conversations by default, and the node says so before any request', async () => {
			const { error } = await deleteBruno();

			expect(error?.message).toBe(
				'Open Conversations is not chosen: say whether the user’s open conversations are completed, transferred or returned to the queue (item 0)',
			);
			expect(helena.apiRequests()).toHaveLength(0);
		});

		test('Complete Them: the open conversations are completed, the user is gone, { deleted, id } comes out', async () => {
			// Ana holds the demo's conversation in progress; give it to Bruno first
			const open = helena.sandbox.chat.sessions().find((session: { status: string }) => session.status === 'IN_PROGRESS');
			await helena.run({ resource: 'session', operation: 'transfer', sessionId: open.id, transferUser: byId(BRUNO) });
			expect(conversationsOf(BRUNO)).toContain('IN_PROGRESS');
			helena.sandbox.clearRequests();

			const { items, error } = await deleteBruno({ openConversations: 'COMPLETE' });

			expect(error).toBeUndefined();
			expect(requestsSent(helena)).toEqual([
				{ method: 'DELETE', path: `/core/v1/agent/${BRUNO}`, query: {}, body: { sessionResolution: 'COMPLETE' } },
			]);
			expect(items.map((item) => item.json)).toEqual([{ deleted: true, id: BRUNO }]);
			expect(helena.sandbox.chat.session(open.id).status).toBe('COMPLETED');
			expect(helena.sandbox.state.users.has(BRUNO)).toBe(false);
		});

		test("the account's owner cannot be deleted: Helena's refusal is shown and the conversations stay", async () => {
			const open = helena.sandbox.chat.sessions().find((session: { status: string }) => session.status === 'IN_PROGRESS');

			const { error } = await helena.run({
				resource: 'user',
				operation: 'delete',
				user: byId(ANA),
				openConversations: 'TRANSFER',
				transferTo: fromList(CARLA, 'Carla Mendes'),
			});

			expect(requestsSent(helena)).toEqual([
				{ method: 'DELETE', path: `/core/v1/agent/${ANA}`, query: {}, body: { sessionResolution: 'TRANSFER', transferUserId: CARLA } },
			]);
			expect(`${error?.message} ${(error as { description?: string })?.description}`).toContain(
				'O proprietário da conta não pode ser excluído',
			);
			expect(helena.sandbox.chat.session(open.id).userId).toBe(ANA);
			expect(helena.sandbox.state.users.has(ANA)).toBe(true);
		});

		test('Transfer Them from a user who is not the owner; Return Them to the Queue leaves them pending', async () => {
			const open = helena.sandbox.chat.sessions().find((session: { status: string }) => session.status === 'IN_PROGRESS');
			await helena.run({ resource: 'session', operation: 'transfer', sessionId: open.id, transferUser: byId(BRUNO) });

			const transferred = await deleteBruno({ openConversations: 'TRANSFER', transferTo: byId(CARLA) });
			expect(transferred.error).toBeUndefined();
			expect(helena.sandbox.chat.session(open.id)).toMatchObject({ userId: CARLA, status: 'IN_PROGRESS' });

			const returned = await helena.run({
				resource: 'user',
				operation: 'delete',
				user: byId(CARLA),
				openConversations: 'RETURN_TO_PENDING',
			});
			expect(returned.error).toBeUndefined();
			expect(helena.sandbox.chat.session(open.id)).toMatchObject({ userId: null, status: 'PENDING' });
			expect(helena.apiRequests().slice(-1)[0].body).toEqual({ sessionResolution: 'RETURN_TO_PENDING' });
		});

		test.each([
			[
				{ openConversations: 'TRANSFER', transferTo: byId('={{ $json.nobody }}') },
				'Transfer To is empty: choose who takes over the conversations (item 0)',
			],
			[{ openConversations: 'TRANSFER', transferTo: byId(BRUNO) }, 'Transfer To is the user being deleted: choose another user (item 0)'],
			[{ openConversations: '={{ $json.what }}', transferTo: byId(CARLA) }, 'Open Conversations'],
		])('bad input is refused before any request: %j', async (parameters, message) => {
			const { error } = await helena.run(
				{ resource: 'user', operation: 'delete', user: byId(BRUNO), ...parameters },
				{ items: [{ what: 'DELETE_THEM' }] },
			);

			expect(error?.message).toContain(message);
			expect(helena.apiRequests()).toHaveLength(0);
		});

		test('n8n itself refuses to run Transfer Them with no Transfer To (a required parameter)', async () => {
			await expect(deleteBruno({ openConversations: 'TRANSFER' })).rejects.toThrow('The workflow has issues');
			expect(helena.apiRequests()).toHaveLength(0);
		});

		test('safe to repeat: a repeat after a lost answer finds the user gone, and that counts as deleted', async () => {
			helena.sandbox.misbehaviour.next({ loseAnswer: true, method: 'DELETE' });

			const { items, error } = await deleteBruno({ openConversations: 'RETURN_TO_PENDING' });

			expect(error).toBeUndefined();
			expect(items.map((item) => item.json)).toEqual([{ deleted: true, id: BRUNO }]);
			expect(helena.apiRequests().map((request) => [request.method, request.status])).toEqual([
				['DELETE', 0],
				['DELETE', 500],
			]);
		});

		test('a user who was never there is "not found"', async () => {
			const { error } = await helena.run({ resource: 'user', operation: 'delete', user: byId(MISSING), openConversations: 'COMPLETE' });

			expect(error?.message).toBe(`The user with ID "${MISSING}" was not found in Helena`);
		});
	});

	describe('Set Status', () => {
		test('blocks a user and returns the user', async () => {
			const { items, error } = await helena.run({ resource: 'user', operation: 'setStatus', user: byId(DIEGO), status: 'Blocked' });

			expect(error).toBeUndefined();
			expect(requestsSent(helena)).toEqual([
				{ method: 'POST', path: `/core/v1/agent/${DIEGO}/status`, query: {}, body: { status: 'Blocked' } },
			]);
			expect(items[0].json).toMatchObject({ userId: DIEGO });
		});

		test('a status answered 503 is repeated (the same status again changes nothing)', async () => {
			helena.sandbox.failNext(1, { method: 'POST', status: 503, retryAfterSeconds: 0 });

			const { error } = await helena.run({ resource: 'user', operation: 'setStatus', user: byId(DIEGO), status: 'Active' });

			expect(error).toBeUndefined();
			expect(helena.apiRequests().map((request) => request.status)).toEqual([503, 200]);
		});
	});

	describe('Log Out', () => {
		test('posts the logout and outputs { loggedOut, id }, one per item', async () => {
			const { items, error } = await helena.run(
				{ resource: 'user', operation: 'logOut', user: byId('={{ $json.userId }}') },
				{ items: [{ userId: BRUNO }, { userId: CARLA }] },
			);

			expect(error).toBeUndefined();
			expect(requestsSent(helena).map((request) => [request.method, request.path, request.body])).toEqual([
				['POST', `/core/v1/agent/${BRUNO}/logout`, undefined],
				['POST', `/core/v1/agent/${CARLA}/logout`, undefined],
			]);
			expect(items.map((item) => [item.json, item.pairedItem])).toEqual([
				[{ loggedOut: true, id: BRUNO }, { item: 0 }],
				[{ loggedOut: true, id: CARLA }, { item: 1 }],
			]);
		});
	});

	describe('Set Departments', () => {
		const departmentsOf = (userId: string) =>
			[...helena.sandbox.state.departments.values()]
				.filter((d: { agents: { userId: string }[] }) => d.agents.some((a) => a.userId === userId))
				.map((d: { name: string }) => d.name);

		test('Add or Update: the departments picked, with their roles', async () => {
			const { items, error } = await helena.run({
				resource: 'user',
				operation: 'setDepartments',
				user: byId(DIEGO),
				departmentsAction: 'Upsert',
				departments: {
					department: [
						{ departmentId: fromList(VENDAS, 'Vendas'), isAgent: true, isSupervisor: true },
						{ departmentId: byId(FINANCEIRO), isAgent: false, isSupervisor: true },
					],
				},
			});

			expect(error).toBeUndefined();
			const items_ = [
				{ departmentId: VENDAS, isAgent: true, isSupervisor: true },
				{ departmentId: FINANCEIRO, isAgent: false, isSupervisor: true },
			];
			expect(requestsSent(helena)).toEqual([
				{ method: 'POST', path: `/core/v1/agent/${DIEGO}/departments`, query: {}, body: { action: 'Upsert', items: items_ } },
			]);
			expect(items.map((item) => item.json)).toEqual([{ id: DIEGO, action: 'Upsert', items: items_ }]);
			expect(departmentsOf(DIEGO)).toEqual(expect.arrayContaining(['Vendas', 'Financeiro']));
		});

		test('Remove sends only the department IDs; Replace All with no department removes the user from every one', async () => {
			await helena.run({
				resource: 'user',
				operation: 'setDepartments',
				user: byId(ANA),
				departmentsAction: 'Remove',
				departments: { department: [{ departmentId: byId(SUPORTE), isAgent: true }] },
			});
			expect(requestsSent(helena)[0].body).toEqual({ action: 'Remove', items: [{ departmentId: SUPORTE }] });
			expect(departmentsOf(ANA)).not.toContain('Suporte');

			const { error } = await helena.run({
				resource: 'user',
				operation: 'setDepartments',
				user: byId(ANA),
				departmentsAction: 'ReplaceAll',
				departments: {},
			});
			expect(error).toBeUndefined();
			expect(requestsSent(helena)[1].body).toEqual({ action: 'ReplaceAll', items: [] });
			expect(departmentsOf(ANA)).toEqual([]);
		});

		test.each([
			[{ departmentsAction: 'Upsert', departments: {} }, 'Departments is empty: add at least one department (item 0)'],
			[
				{
					departmentsAction: 'Upsert',
					departments: { department: [{ departmentId: byId(VENDAS) }, { departmentId: byId(VENDAS.toUpperCase()) }] },
				},
				`Departments has the department ${VENDAS.toUpperCase()} twice; give each department once (item 0)`,
			],
			[
				{ departmentsAction: 'Upsert', departments: { department: [{ departmentId: byId('={{ "vendas" }}') }] } },
				'Department must be a UUID',
			],
		])('bad input is refused before any request: %j', async (parameters, message) => {
			const { error } = await helena.run({ resource: 'user', operation: 'setDepartments', user: byId(DIEGO), ...parameters });

			expect(error?.message).toContain(message);
			expect(helena.apiRequests()).toHaveLength(0);
		});

		test('a department Helena does not know leaves every team as it was', async () => {
			const before = departmentsOf(DIEGO);

			const { error } = await helena.run({
				resource: 'user',
				operation: 'setDepartments',
				user: byId(DIEGO),
				departmentsAction: 'ReplaceAll',
				departments: { department: [{ departmentId: byId(VENDAS) }, { departmentId: byId(MISSING) }] },
			});

			expect(error?.message).toContain('department');
			expect(departmentsOf(DIEGO)).toEqual(before);
		});
	});

	describe('the User picker, declared once', () => {
		test('Department → Update Agents takes a user picked from the list, as the User operations do', async () => {
			const { error } = await helena.run({
				resource: 'department',
				operation: 'updateAgents',
				department: byId(FINANCEIRO),
				agentsAction: 'Upsert',
				agents: { agent: [{ userId: fromList(DIEGO, 'Diego Alves'), isAgent: true, isSupervisor: true }] },
			});

			expect(error).toBeUndefined();
			expect(requestsSent(helena)[0].body).toEqual({ action: 'Upsert', items: [{ userId: DIEGO, isAgent: true, isSupervisor: true }] });
		});

		test('the list the pickers show is the users list', async () => {
			const { Helena } = await import('../../nodes/Helena/Helena.node');
			const properties = new Helena().description.properties;
			const searchMethod = (name: string) =>
				properties
					.filter((property) => property.name === name && property.type === 'resourceLocator')
					.map((property) => property.modes?.find((mode) => mode.name === 'list')?.typeOptions?.searchListMethod);
			const agents = properties.find((property) => property.name === 'agents' && property.type === 'fixedCollection');
			const agentPicker = (
				agents?.options as Array<{
					values: Array<{ name: string; modes?: Array<{ name: string; typeOptions?: { searchListMethod?: string } }> }>;
				}>
			)[0].values.find((value) => value.name === 'userId');

			expect(new Set([...searchMethod('user'), ...searchMethod('transferTo')])).toEqual(new Set(['searchUsers']));
			expect(agentPicker?.modes?.find((mode) => mode.name === 'list')?.typeOptions?.searchListMethod).toBe('searchUsers');
		});
	});

	test('every request stayed within the contract', () => {
		expect(helena.sandbox.contract.violations).toEqual([]);
	});
});
