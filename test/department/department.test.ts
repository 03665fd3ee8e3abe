import { description } from '../../nodes/Helena/actions/department/update.operation';
import { useSandbox } from '../engine/sandbox';
import { demo } from '../sandbox';
import { byId, fromList, requestsSent } from '../helpers/requests';

const SUPORTE = demo.departmentId('Suporte');
const VENDAS = demo.departmentId('Vendas');
const FINANCEIRO = demo.departmentId('Financeiro');
const ANA = demo.userId('Ana Souza');
const BRUNO = demo.userId('Bruno Lima');
const CARLA = demo.userId('Carla Mendes');
const DIEGO = demo.userId('Diego Alves');
const MISSING = '0b0b0b0b-0000-4000-8000-000000000000';

describe('Department resource', () => {
	const helena = useSandbox();
	beforeEach(() => {
		helena.sandbox.reset('demo');
		helena.sandbox.clearRequests();
	});

	describe('Get Many', () => {
		test('lists every department, one item each', async () => {
			const { items, error } = await helena.run({ resource: 'department', operation: 'getAll' });

			expect(error).toBeUndefined();
			expect(requestsSent(helena)).toEqual([{ method: 'GET', path: '/core/v2/department', query: {}, body: undefined }]);
			expect(items.map((item) => [item.json.name, item.json.id])).toEqual([
				['Suporte', SUPORTE],
				['Vendas', VENDAS],
				['Financeiro', FINANCEIRO],
			]);
			expect(items[1].json).toMatchObject({ distribuitionEnabled: true, isDefault: false });
			expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 0 }, { item: 0 }]);
		});
	});

	describe('Get', () => {
		test('reads a department picked from the list, with all details by default', async () => {
			const { items, error } = await helena.run({
				resource: 'department',
				operation: 'get',
				department: fromList(SUPORTE, 'Suporte'),
			});

			expect(error).toBeUndefined();
			expect(requestsSent(helena)).toEqual([
				{ method: 'GET', path: `/core/v1/department/${SUPORTE}`, query: { includeDetails: 'All' }, body: undefined },
			]);
			expect(items).toHaveLength(1);
			expect(items[0].json).toMatchObject({
				id: SUPORTE,
				name: 'Suporte',
				description: 'Atendimento de suporte técnico',
				agents: [
					{ userId: ANA, departmentId: SUPORTE, isAgent: true, isSupervisor: true },
					{ userId: BRUNO, departmentId: SUPORTE, isAgent: true, isSupervisor: false },
				],
				channels: [expect.objectContaining({ id: demo.channelId('WhatsApp Suporte'), name: 'WhatsApp Suporte' })],
			});
		});

		test('sends the chosen detail, or none', async () => {
			const agentsOnly = await helena.run({
				resource: 'department',
				operation: 'get',
				department: byId(VENDAS),
				includeDetails: 'Agents',
			});
			const bare = await helena.run({
				resource: 'department',
				operation: 'get',
				department: byId(VENDAS),
				includeDetails: 'none',
			});

			expect(requestsSent(helena).map((request) => request.query)).toEqual([{ includeDetails: 'Agents' }, {}]);
			expect(agentsOnly.items[0].json.agents).toHaveLength(2);
			expect(agentsOnly.items[0].json.channels).toBeNull();
			expect(bare.items[0].json).toMatchObject({ id: VENDAS, agents: null, channels: null });
		});

		test('one request per input item, each result paired to its item', async () => {
			const { items, error } = await helena.run(
				{ resource: 'department', operation: 'get', department: byId('={{ $json.departmentId }}') },
				{ items: [{ departmentId: VENDAS }, { departmentId: FINANCEIRO }] },
			);

			expect(error).toBeUndefined();
			expect(requestsSent(helena).map((request) => request.path)).toEqual([
				`/core/v1/department/${VENDAS}`,
				`/core/v1/department/${FINANCEIRO}`,
			]);
			expect(items.map((item) => [item.json.name, item.pairedItem])).toEqual([
				['Vendas', { item: 0 }],
				['Financeiro', { item: 1 }],
			]);
		});

		test('n8n itself refuses to run a typed ID that is not a UUID (the By ID validation)', async () => {
			await expect(helena.run({ resource: 'department', operation: 'get', department: byId('suporte') })).rejects.toThrow(
				'The workflow has issues',
			);
			expect(helena.apiRequests()).toHaveLength(0);
		});

		test('an ID from an expression that is not a UUID is refused before any request', async () => {
			const { error } = await helena.run(
				{ resource: 'department', operation: 'get', department: byId('={{ $json.team }}') },
				{ items: [{ team: 'suporte' }] },
			);

			expect(error?.message).toBe('Department must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, not "suporte" (item 0)');
			expect(helena.apiRequests()).toHaveLength(0);
		});

		test('an unknown department is reported as not found, without retries', async () => {
			const { error } = await helena.run({ resource: 'department', operation: 'get', department: byId(MISSING) });

			expect(error?.message).toBe(`The department with ID "${MISSING}" was not found in Helena`);
			expect(helena.apiRequests()).toHaveLength(1);
		});
	});

	describe('Create', () => {
		test('sends every setting and outputs the new department', async () => {
			const { items, error } = await helena.run({
				resource: 'department',
				operation: 'create',
				name: 'Pós-venda',
				additionalFields: {
					isDefault: true,
					distributionIsEnabled: true,
					distributionConfig: {
						settings: { expirationIsEnabled: true, maximumDurationInMinutes: 120, inactivityTimeInMinutes: 30 },
					},
					restrictionType: 'USER_RESTRICTION',
					channelsConfig: { config: { scope: 'SELECTED', channels: ['WhatsApp Comercial', '5511940000002'] } },
					agents: {
						agent: [
							{ userId: CARLA, isAgent: true, isSupervisor: true },
							{ userId: DIEGO, isAgent: true, isSupervisor: false },
						],
					},
				},
			});

			expect(error).toBeUndefined();
			expect(requestsSent(helena)).toEqual([
				{
					method: 'POST',
					path: '/core/v1/department',
					query: {},
					body: {
						name: 'Pós-venda',
						isDefault: true,
						distributionIsEnabled: true,
						channelsConfig: { scope: 'SELECTED', channels: ['WhatsApp Comercial', '5511940000002'] },
						restrictionType: 'USER_RESTRICTION',
						distributionConfig: { expirationIsEnabled: true, maximumDurationInMinutes: 120, inactivityTimeInMinutes: 30 },
						agents: [
							{ userId: CARLA, isAgent: true, isSupervisor: true },
							{ userId: DIEGO, isAgent: true, isSupervisor: false },
						],
					},
				},
			]);
			expect(items).toHaveLength(1);
			expect(items[0].json).toMatchObject({
				name: 'Pós-venda',
				isDefault: true,
				distribuitionEnabled: true,
				restrictionType: 'USER_RESTRICTION',
				distributionConfig: { expirationIsEnabled: true, maximumDurationInMinutes: 120, inactivityTimeInMinutes: 30 },
				channels: [expect.objectContaining({ name: 'WhatsApp Comercial' }), expect.objectContaining({ name: 'WhatsApp Suporte' })],
			});
			expect(helena.sandbox.state.departments.has(String(items[0].json.id))).toBe(true);
		});

		test('with only a name, sends only the name', async () => {
			const { items, error } = await helena.run({ resource: 'department', operation: 'create', name: '  Ouvidoria ' });

			expect(error).toBeUndefined();
			expect(requestsSent(helena).map((request) => request.body)).toEqual([{ name: 'Ouvidoria' }]);
			expect(items[0].json).toMatchObject({ name: 'Ouvidoria', restrictionType: 'NONE' });
		});

		test('distribution minutes left empty are not sent; 0 minutes are sent as 0', async () => {
			await helena.run({
				resource: 'department',
				operation: 'create',
				name: 'Plantão',
				additionalFields: {
					distributionConfig: { settings: { expirationIsEnabled: false, maximumDurationInMinutes: '', inactivityTimeInMinutes: '' } },
					channelsConfig: { config: { scope: 'NONE' } },
				},
			});
			await helena.run({
				resource: 'department',
				operation: 'create',
				name: 'Plantão 2',
				additionalFields: {
					distributionConfig: { settings: { expirationIsEnabled: true, maximumDurationInMinutes: '0', inactivityTimeInMinutes: 0 } },
				},
			});

			expect(requestsSent(helena).map((request) => request.body)).toEqual([
				{ name: 'Plantão', channelsConfig: { scope: 'NONE', channels: [] }, distributionConfig: { expirationIsEnabled: false } },
				{ name: 'Plantão 2', distributionConfig: { expirationIsEnabled: true, maximumDurationInMinutes: 0, inactivityTimeInMinutes: 0 } },
			]);
		});

		test('distribution minutes that are not whole numbers are refused before any request', async () => {
			const { error } = await helena.run({
				resource: 'department',
				operation: 'create',
				name: 'Plantão',
				additionalFields: { distributionConfig: { settings: { maximumDurationInMinutes: '1.5' } } },
			});

			expect(error?.message).toContain('Maximum Duration (Minutes)');
			expect(requestsSent(helena)).toEqual([]);
		});

		test('a name of 101 characters is refused before any request', async () => {
			const { error } = await helena.run({ resource: 'department', operation: 'create', name: 'x'.repeat(101) });

			expect(error?.message).toBe('Name must be 1 to 100 characters long; it has 101 (item 0)');
			expect(helena.apiRequests()).toHaveLength(0);
		});

		test('selected channels without any channel are refused before any request', async () => {
			const { error } = await helena.run({
				resource: 'department',
				operation: 'create',
				name: 'Sem canais',
				additionalFields: { channelsConfig: { config: { scope: 'SELECTED', channels: [' '] } } },
			});

			expect(error?.message).toBe('Channels needs at least one channel when the scope is Selected Channels (item 0)');
			expect(helena.apiRequests()).toHaveLength(0);
		});

		test('an agent whose user ID is not a UUID is refused before any request', async () => {
			const { error } = await helena.run({
				resource: 'department',
				operation: 'create',
				name: 'Equipe',
				additionalFields: { agents: { agent: [{ userId: 'ana.souza', isAgent: true, isSupervisor: false }] } },
			});

			expect(error?.message).toBe('User ID must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, not "ana.souza" (item 0)');
			expect(helena.apiRequests()).toHaveLength(0);
		});

		test('a create answered 503 is not repeated (it could create a second department)', async () => {
			helena.sandbox.failNext(1, { status: 503, method: 'POST' });

			const { error } = await helena.run({ resource: 'department', operation: 'create', name: 'Uma vez' });

			expect(helena.apiRequests().map((request) => request.status)).toEqual([503]);
			expect(error?.description).toContain('it was not repeated automatically');
		});
	});

	describe('Update', () => {
		test('sends the fields that were set and names them in `fields`', async () => {
			const { items, error } = await helena.run({
				resource: 'department',
				operation: 'update',
				department: fromList(VENDAS, 'Vendas'),
				updateFields: {
					name: 'Vendas B2B',
					restrictionType: 'DEPARTMENT_RESTRICTION',
					distributionConfig: {
						settings: { expirationIsEnabled: false, maximumDurationInMinutes: 90, inactivityTimeInMinutes: 10 },
					},
				},
			});

			expect(error).toBeUndefined();
			expect(requestsSent(helena)).toEqual([
				{
					method: 'PUT',
					path: `/core/v1/department/${VENDAS}`,
					query: {},
					body: {
						fields: ['Name', 'RestrictionType', 'DistributionConfig'],
						name: 'Vendas B2B',
						restrictionType: 'DEPARTMENT_RESTRICTION',
						distributionConfig: { expirationIsEnabled: false, maximumDurationInMinutes: 90, inactivityTimeInMinutes: 10 },
					},
				},
			]);
			expect(items).toHaveLength(1);
			expect(items[0].json).toMatchObject({
				id: VENDAS,
				name: 'Vendas B2B',
				description: 'Equipe comercial',
				restrictionType: 'DEPARTMENT_RESTRICTION',
				distribuitionEnabled: true,
			});
		});

		test("a department's description is not offered: Helena's update request has no property for it", () => {
			const updateFields = description.find((property) => property.name === 'updateFields');
			expect(updateFields?.options?.map((option) => option.name)).not.toContain('description');
		});

		test('booleans and channels are applied even when false or empty scope', async () => {
			const { items } = await helena.run({
				resource: 'department',
				operation: 'update',
				department: byId(SUPORTE),
				updateFields: { isDefault: false, distributionIsEnabled: false, channelsConfig: { config: { scope: 'ALL' } } },
			});

			expect(requestsSent(helena)[0].body).toEqual({
				fields: ['IsDefault', 'DistributionIsEnabled', 'ChannelsConfig'],
				isDefault: false,
				distributionIsEnabled: false,
				channelsConfig: { scope: 'ALL', channels: [] },
			});
			expect(items[0].json).toMatchObject({ isDefault: false, channels: expect.arrayContaining([]) });
			expect(items[0].json.channels).toHaveLength(3);
		});

		test('an update with nothing set is a clear error and sends nothing', async () => {
			const { error } = await helena.run({
				resource: 'department',
				operation: 'update',
				department: byId(SUPORTE),
				updateFields: {},
			});

			expect(error?.message).toBe('Update Fields is empty: add at least one field to change (item 0)');
			expect(helena.apiRequests()).toHaveLength(0);
		});

		test('a name of 101 characters is refused before any request', async () => {
			const { error } = await helena.run({
				resource: 'department',
				operation: 'update',
				department: byId(SUPORTE),
				updateFields: { name: 'n'.repeat(101) },
			});

			expect(error?.message).toBe('Name must be 1 to 100 characters long; it has 101 (item 0)');
			expect(helena.apiRequests()).toHaveLength(0);
		});
	});

	describe('Delete', () => {
		test('deletes the department and outputs { deleted, id }', async () => {
			const { items, error } = await helena.run({
				resource: 'department',
				operation: 'delete',
				department: byId(FINANCEIRO),
			});

			expect(error).toBeUndefined();
			expect(requestsSent(helena)).toEqual([{ method: 'DELETE', path: `/core/v1/department/${FINANCEIRO}`, query: {}, body: undefined }]);
			expect(items.map((item) => item.json)).toEqual([{ deleted: true, id: FINANCEIRO }]);
			expect(helena.sandbox.state.departments.has(FINANCEIRO)).toBe(false);
		});

		test('deleting a department that does not exist says it was not found', async () => {
			const { error } = await helena.run({ resource: 'department', operation: 'delete', department: byId(MISSING) });

			expect(error?.message).toBe(`The department with ID "${MISSING}" was not found in Helena`);
			expect(helena.apiRequests()).toHaveLength(1);
		});

		test('under Continue On Fail, a missing department becomes an error item', async () => {
			const { items, error } = await helena.run(
				{ resource: 'department', operation: 'delete', department: byId('={{ $json.id }}') },
				{ items: [{ id: MISSING }, { id: FINANCEIRO }], continueOnFail: true },
			);

			expect(error).toBeUndefined();
			expect(items.map((item) => item.json)).toEqual([
				{ error: `The department with ID "${MISSING}" was not found in Helena`, description: expect.any(String) },
				{ deleted: true, id: FINANCEIRO },
			]);
		});
	});

	describe('Update Agents', () => {
		test('Add or Update sends Upsert with the users and their roles', async () => {
			const { items, error } = await helena.run({
				resource: 'department',
				operation: 'updateAgents',
				department: byId(SUPORTE),
				agentsAction: 'Upsert',
				agents: {
					agent: [
						{ userId: BRUNO, isAgent: true, isSupervisor: true },
						{ userId: CARLA, isAgent: false, isSupervisor: true },
					],
				},
			});

			const body = {
				action: 'Upsert',
				items: [
					{ userId: BRUNO, isAgent: true, isSupervisor: true },
					{ userId: CARLA, isAgent: false, isSupervisor: true },
				],
			};
			expect(error).toBeUndefined();
			expect(requestsSent(helena)).toEqual([{ method: 'PUT', path: `/core/v1/department/${SUPORTE}/agents`, query: {}, body }]);
			expect(items.map((item) => item.json)).toEqual([body]);
			const agents = helena.sandbox.state.departments.get(SUPORTE).agents;
			expect(agents).toEqual([
				{ userId: ANA, isAgent: true, isSupervisor: true },
				{ userId: BRUNO, isAgent: true, isSupervisor: true },
				{ userId: CARLA, isAgent: false, isSupervisor: true },
			]);
		});

		test('Remove sends only the user IDs', async () => {
			const { error } = await helena.run({
				resource: 'department',
				operation: 'updateAgents',
				department: byId(SUPORTE),
				agentsAction: 'Remove',
				agents: { agent: [{ userId: ANA, isAgent: true, isSupervisor: false }] },
			});

			expect(error).toBeUndefined();
			expect(requestsSent(helena)[0].body).toEqual({ action: 'Remove', items: [{ userId: ANA }] });
			expect(helena.sandbox.state.departments.get(SUPORTE).agents.map((agent: { userId: string }) => agent.userId)).toEqual([BRUNO]);
		});

		test('Replace All with users makes them the only agents; with none it empties the department', async () => {
			await helena.run({
				resource: 'department',
				operation: 'updateAgents',
				department: byId(VENDAS),
				agentsAction: 'ReplaceAll',
				agents: { agent: [{ userId: ANA }] },
			});
			const emptied = await helena.run({
				resource: 'department',
				operation: 'updateAgents',
				department: byId(SUPORTE),
				agentsAction: 'ReplaceAll',
			});

			expect(emptied.error).toBeUndefined();
			expect(requestsSent(helena).map((request) => request.body)).toEqual([
				{ action: 'ReplaceAll', items: [{ userId: ANA, isAgent: true, isSupervisor: false }] },
				{ action: 'ReplaceAll', items: [] },
			]);
			expect(helena.sandbox.state.departments.get(VENDAS).agents).toEqual([{ userId: ANA, isAgent: true, isSupervisor: false }]);
			expect(helena.sandbox.state.departments.get(SUPORTE).agents).toEqual([]);
		});

		test('Add or Update without any user is refused before any request', async () => {
			const { error } = await helena.run({
				resource: 'department',
				operation: 'updateAgents',
				department: byId(SUPORTE),
				agentsAction: 'Upsert',
			});

			expect(error?.message).toBe('Agents is empty: add at least one user (item 0)');
			expect(helena.apiRequests()).toHaveLength(0);
		});
	});

	describe('Get Channels', () => {
		test('outputs the channel scope and channel IDs', async () => {
			const { items, error } = await helena.run({
				resource: 'department',
				operation: 'getChannels',
				department: byId(VENDAS),
			});

			expect(error).toBeUndefined();
			expect(requestsSent(helena)).toEqual([{ method: 'GET', path: `/core/v1/department/${VENDAS}/channel`, query: {}, body: undefined }]);
			expect(items.map((item) => item.json)).toEqual([
				{ scope: 'SELECTED', channels: [demo.channelId('WhatsApp Comercial'), demo.channelId('Instagram Loja')] },
			]);
		});
	});
});
