import { allRequests, byId, fromList, SALES, SUPPORT, useCrmSandbox } from './crmFixture';

describe('Panel resource', () => {
	const helena = useCrmSandbox();

	test('Get Many filters by title, type and dates under /crm/v2, one item per panel, with its steps', async () => {
		const { items, error } = await helena.run({
			resource: 'panel',
			operation: 'getAll',
			returnAll: true,
			filters: { title: 'funil', type: 'SALES', createdAfter: '2025-01-01T00:00:00Z', updatedBefore: '2030-01-01T00:00:00Z' },
		});

		expect(error).toBeUndefined();
		expect(allRequests(helena)).toEqual([
			{
				method: 'GET',
				path: '/crm/v2/panel',
				query: {
					Title: 'funil',
					Type: 'SALES',
					'CreatedAt.After': '2025-01-01T00:00:00Z',
					'UpdatedAt.Before': '2030-01-01T00:00:00Z',
					IncludeDetails: 'Steps',
					PageNumber: '1',
					PageSize: '100',
				},
				body: undefined,
			},
		]);
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ id: SALES, title: 'Funil de Vendas', type: 'SALES' });
		expect((items[0].json.steps as Array<{ title: string }>).map((s) => s.title)).toEqual([
			'Leads',
			'Qualificação',
			'Proposta',
			'Negociação',
			'Fechamento',
		]);
	});

	test('Get Many with a limit of 1 reads one page and outputs one panel', async () => {
		const { items, error } = await helena.run({ resource: 'panel', operation: 'getAll', returnAll: false, limit: 1 });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.title)).toEqual(['Funil de Vendas']);
		expect(allRequests(helena)).toHaveLength(1);
	});

	test('Get reads /crm/v1/panel/{id} with its steps and tags', async () => {
		const { items, error } = await helena.run({ resource: 'panel', operation: 'get', panel: fromList(SUPPORT, 'Suporte Técnico') });

		expect(error).toBeUndefined();
		expect(allRequests(helena)).toEqual([
			{ method: 'GET', path: `/crm/v1/panel/${SUPPORT}`, query: { IncludeDetails: ['Steps', 'Tags'] }, body: undefined },
		]);
		expect(items[0].json).toMatchObject({ id: SUPPORT, type: 'MANAGEMENT', stepTitles: ['Aberto', 'Em andamento', 'Resolvido'] });
	});

	test('Get of an unknown panel says which panel', async () => {
		const { error } = await helena.run({ resource: 'panel', operation: 'get', panel: byId('0b0b0b0b-0000-4000-8000-000000000000') });
		expect(error?.message).toContain('The panel with ID "0b0b0b0b-0000-4000-8000-000000000000" was not found in Helena');
	});

	test('Get Custom Fields lists the panel custom fields, one item per field', async () => {
		const { items, error } = await helena.run({ resource: 'panel', operation: 'getCustomFields', panel: byId(SALES) });

		expect(error).toBeUndefined();
		expect(allRequests(helena)).toEqual([
			{ method: 'GET', path: `/crm/v1/panel/${SALES}/custom-fields`, query: { NestedList: 'false' }, body: undefined },
		]);
		expect(items.map((item) => [item.json.name, item.json.key, item.json.type])).toEqual([
			['Origem do lead', 'origem-lead', 'STRING'],
			['Plano de interesse', 'plano-interesse', 'SINGLESELECT'],
			['Usuários', 'usuarios', 'INTEGER'],
		]);
	});

	test('Get Lost Reasons pages through /crm/v1/panel/{id}/lost-reason', async () => {
		const { items, error } = await helena.run({ resource: 'panel', operation: 'getLostReasons', panel: byId(SALES), returnAll: true });

		expect(error).toBeUndefined();
		expect(allRequests(helena)).toEqual([
			{ method: 'GET', path: `/crm/v1/panel/${SALES}/lost-reason`, query: { PageNumber: '1', PageSize: '100' }, body: undefined },
		]);
		expect(items.map((item) => item.json.description)).toEqual(['Preço alto', 'Escolheu concorrente', 'Sem resposta']);
	});

	test('a panel given by an ID that is not a UUID is refused before any request', async () => {
		const { error } = await helena.run({ resource: 'panel', operation: 'get', panel: byId('={{ $json.v }}') }, { items: [{ v: 'funil' }] });
		expect(error?.message).toBe('Panel must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, not "funil" (item 0)');
		expect(allRequests(helena)).toEqual([]);
	});
});
