import type { INodeParameters } from 'n8n-workflow';

import { demo } from '../sandbox';
import { allRequests, byId, fromList, lostReason, MARIA_CARD, SALES, step, SUPPORT, supportStep, useCrmSandbox } from './crmFixture';

const ANA = demo.userId('Ana Souza');
const BRUNO = demo.userId('Bruno Lima');

describe('Card resource', () => {
	const helena = useCrmSandbox();

	describe('Get Many', () => {
		test('filters by step, contact, responsible user, statuses, text and dates; Simplify keeps the usual fields', async () => {
			const { items, error } = await helena.run({
				resource: 'card',
				operation: 'getAll',
				panel: fromList(SALES, 'Funil de Vendas'),
				returnAll: true,
				filters: {
					step: fromList(step('Leads'), 'Leads'),
					contactId: demo.contactId(1),
					responsibleUser: fromList(ANA, 'Ana Souza'),
					statuses: ['OPEN', 'WON'],
					text: 'plano',
					createdBefore: '2030-01-01T00:00:00Z',
				},
			});

			expect(error).toBeUndefined();
			expect(allRequests(helena)).toEqual([
				{ method: 'GET', path: `/crm/v1/panel/${SALES}`, query: { IncludeDetails: 'Steps' }, body: undefined },
				{
					method: 'GET',
					path: '/crm/v2/panel/card',
					query: {
						PanelId: SALES,
						StepId: step('Leads'),
						ContactId: demo.contactId(1),
						ResponsibleUserId: ANA,
						TextFilter: 'plano',
						Statuses: ['OPEN', 'WON'],
						'CreatedAt.Before': '2030-01-01T00:00:00Z',
						IncludeDetails: 'StepTitle',
						PageNumber: '1',
						PageSize: '100',
					},
					body: undefined,
				},
			]);
			expect(items.map((item) => item.json)).toEqual([
				{
					id: MARIA_CARD,
					title: 'Maria Silva - Plano Pro',
					panelId: SALES,
					stepId: step('Leads'),
					stepTitle: 'Leads',
					status: 'OPEN',
					monetaryAmount: 1490,
					responsibleUserId: ANA,
					contactIds: [demo.contactId(1)],
					dueDate: null,
					updatedAt: '2025-12-01T09:00:00.000Z',
				},
			]);
		});

		test('without Simplify the cards come whole, with the details chosen; a limit stops there', async () => {
			const { items, error } = await helena.run({
				resource: 'card',
				operation: 'getAll',
				panel: byId(SALES),
				returnAll: false,
				limit: 2,
				simple: false,
				options: { includeDetails: ['PanelTitle', 'Contacts'] },
			});
			expect(error).toBeUndefined();
			expect(allRequests(helena)[0].query).toEqual({
				PanelId: SALES,
				IncludeDetails: ['PanelTitle', 'Contacts'],
				PageNumber: '1',
				PageSize: '100',
			});
			expect(items).toHaveLength(2);
			expect(items[0].json).toMatchObject({ panelTitle: 'Funil de Vendas', contacts: [{ id: demo.contactId(1), name: 'Maria Silva' }] });
		});

		test('items of one panel side by side while Helena answers slowly share one read of the panel (one read in flight per question)', async () => {
			helena.sandbox.setFaults({ latencyMs: 200 });
			try {
				const { error, items } = await helena.run(
					{ resource: 'card', operation: 'getAll', panel: byId(SALES), filters: { step: byId(step('Leads')) }, returnAll: false, limit: 1 },
					{ items: Array.from({ length: 6 }, () => ({})) },
				);
				expect(error).toBeUndefined();
				expect(items.length).toBeGreaterThan(0);
			} finally {
				helena.sandbox.setFaults({ latencyMs: 0 });
			}
			expect(allRequests(helena).filter((r) => r.path === `/crm/v1/panel/${SALES}`)).toHaveLength(1);
		});

		test('a step of another panel is refused before the listing, naming the step and the item', async () => {
			const { error } = await helena.run({
				resource: 'card',
				operation: 'getAll',
				panel: byId(SALES),
				filters: { step: byId(supportStep('Aberto')) },
			});
			expect(error?.message).toBe(`Step "${supportStep('Aberto')}" is not a step of the panel "Funil de Vendas" (item 0)`);
			expect(allRequests(helena).map((r) => r.path)).toEqual([`/crm/v1/panel/${SALES}`]);
		});
	});

	test('Get reads /crm/v2/panel/card/{id} with every detail', async () => {
		const { items, error } = await helena.run({ resource: 'card', operation: 'get', cardId: MARIA_CARD });
		expect(error).toBeUndefined();
		expect(allRequests(helena)).toEqual([
			{
				method: 'GET',
				path: `/crm/v2/panel/card/${MARIA_CARD}`,
				query: { IncludeDetails: ['PanelTitle', 'StepTitle', 'StepPhase', 'ResponsibleUser', 'Contacts', 'CustomFields', 'LostReason'] },
				body: undefined,
			},
		]);
		expect(items[0].json).toMatchObject({
			id: MARIA_CARD,
			panelTitle: 'Funil de Vendas',
			stepTitle: 'Leads',
			stepPhase: 'INITIAL',
			responsibleUser: { id: ANA, name: 'Ana Souza' },
		});
	});

	describe('Create', () => {
		test('every field goes out under the contract keys; custom fields by name become their keys', async () => {
			const { items, error } = await helena.run({
				resource: 'card',
				operation: 'create',
				panel: fromList(SALES, 'Funil de Vendas'),
				step: fromList(step('Leads'), 'Leads'),
				title: 'Nova oportunidade',
				additionalFields: {
					description: 'Veio pelo site',
					position: 0,
					dueDate: '2026-12-31T18:00:00Z',
					responsibleUser: fromList(BRUNO, 'Bruno Lima'),
					contactIds: demo.contactId(2),
					monetaryAmount: 2500.5,
					tagNames: 'Quente, Site',
					customFieldsUi: {
						field: [
							{ name: 'Origem do lead', value: 'Site' },
							{ name: 'plano-interesse', value: 'pro' },
							{ name: 'Usuários', value: '12' },
						],
					},
					metadataUi: { entry: [{ key: 'crmId', value: 'A-1' }] },
				},
			});

			expect(error).toBeUndefined();
			const requests = allRequests(helena);
			expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
				`GET /crm/v1/panel/${SALES}`,
				`GET /crm/v1/panel/${SALES}/custom-fields`,
				'POST /crm/v2/panel/card',
			]);
			expect(requests[2].body).toEqual({
				stepId: step('Leads'),
				title: 'Nova oportunidade',
				description: 'Veio pelo site',
				position: 0,
				dueDate: '2026-12-31T18:00:00Z',
				responsibleUserId: BRUNO,
				contactIds: [demo.contactId(2)],
				monetaryAmount: 2500.5,
				tagNames: ['Quente', 'Site'],
				metadata: { crmId: 'A-1' },
				customFields: { 'origem-lead': 'Site', 'plano-interesse': 'Pro', usuarios: 12 },
			});
			const created = helena.sandbox.crm.card(items[0].json.id as string);
			expect(created).toMatchObject({
				title: 'Nova oportunidade',
				stepTitle: 'Leads',
				status: 'OPEN',
				customFields: { 'origem-lead': 'Site', 'plano-interesse': 'Pro', usuarios: 12 },
			});
			expect(created.tagIds).toHaveLength(2);
		});

		test('a title over 500 characters, a step of another panel and a custom field the panel lacks are refused before the create', async () => {
			const base = { resource: 'card', operation: 'create', panel: byId(SALES), step: byId(step('Leads')), title: 'Ok' };
			let run = await helena.run({ ...base, title: 'x'.repeat(501) });
			expect(run.error?.message).toBe('Title must be 1 to 500 characters long; it has 501 (item 0)');
			run = await helena.run({ ...base, step: byId(supportStep('Aberto')) });
			expect(run.error?.message).toBe(`Step "${supportStep('Aberto')}" is not a step of the panel "Funil de Vendas" (item 0)`);
			run = await helena.run({ ...base, additionalFields: { customFieldsUi: { field: [{ name: 'Prioridade', value: 'Alta' }] } } });
			expect(run.error?.message).toBe('Custom Fields has "Prioridade", which is not a custom field of the card\'s panel (item 0)');
			run = await helena.run({ ...base, additionalFields: { customFieldsUi: { field: [{ name: 'Usuários', value: 'muitos' }] } } });
			expect(run.error?.message).toBe('Custom Fields: "Usuários" needs a whole number, not "muitos" (item 0)');
			expect(allRequests(helena).filter((r) => r.method !== 'GET')).toEqual([]);
		});
	});

	describe('Update', () => {
		test('only the fields added are sent, with the fields list Helena applies', async () => {
			const { items, error } = await helena.run({
				resource: 'card',
				operation: 'update',
				cardId: MARIA_CARD,
				updateFields: { title: 'Maria - Plano Enterprise', monetaryAmount: 9900, description: '' },
			});
			expect(error).toBeUndefined();
			expect(allRequests(helena)).toEqual([
				{
					method: 'PUT',
					path: `/crm/v3/panel/card/${MARIA_CARD}`,
					query: {},
					body: {
						fields: ['Title', 'Description', 'MonetaryAmount'],
						title: 'Maria - Plano Enterprise',
						description: null,
						monetaryAmount: 9900,
					},
				},
			]);
			expect(items[0].json).toMatchObject({ title: 'Maria - Plano Enterprise', monetaryAmount: 9900, description: null });
		});

		test('moved through steps, won, lost with a reason, archived and reopened: the sandbox holds exactly that', async () => {
			const update = async (updateFields: INodeParameters) => {
				const run = await helena.run({ resource: 'card', operation: 'update', cardId: MARIA_CARD, updateFields });
				expect(run.error).toBeUndefined();
				return helena.sandbox.crm.card(MARIA_CARD);
			};
			expect(await update({ step: fromList(step('Proposta'), 'Proposta') })).toMatchObject({ stepId: step('Proposta'), status: 'OPEN' });
			expect(await update({ status: 'WON' })).toMatchObject({ stepId: step('Proposta'), status: 'WON' });
			expect(await update({ status: 'LOST', lostReason: fromList(lostReason('Preço alto'), 'Preço alto') })).toMatchObject({
				status: 'LOST',
				lostReasonId: lostReason('Preço alto'),
				lostReason: { name: 'Preço alto' },
			});
			expect(await update({ status: 'ARCHIVED' })).toMatchObject({ status: 'ARCHIVED', lostReasonId: null });
			expect(await update({ status: 'OPEN', step: byId(step('Negociação')) })).toMatchObject({
				status: 'OPEN',
				stepId: step('Negociação'),
			});

			const puts = allRequests(helena).filter((r) => r.method === 'PUT');
			expect(puts.map((r) => r.body)).toEqual([
				{ fields: ['StepId'], stepId: step('Proposta') },
				{ fields: ['Status'], status: 'WON' },
				{ fields: ['Status'], status: 'LOST', lostReasonId: lostReason('Preço alto') },
				{ fields: ['Status'], status: 'ARCHIVED' },
				{ fields: ['StepId', 'Status'], status: 'OPEN', stepId: step('Negociação') },
			]);
		});

		test('Lost without a reason on a sales panel, a reason without Lost, and a step of another panel are refused before the update', async () => {
			const update = async (updateFields: INodeParameters) =>
				(await helena.run({ resource: 'card', operation: 'update', cardId: MARIA_CARD, updateFields })).error?.message;
			expect(await update({ status: 'LOST' })).toBe('Lost Reason is required to mark a card of a sales panel Lost (item 0)');
			expect(await update({ lostReason: byId(lostReason('Sem resposta')) })).toBe('Lost Reason needs Status set to Lost (item 0)');
			expect(await update({ step: byId(supportStep('Resolvido')) })).toBe(
				`Step "${supportStep('Resolvido')}" is not a step of the panel "Funil de Vendas" (item 0)`,
			);
			expect(await update({})).toBe('Update Fields is empty: add at least one field to change (item 0)');
			expect(allRequests(helena).filter((r) => r.method !== 'GET')).toEqual([]);
		});

		test('a card of a management panel can be marked Lost without a reason', async () => {
			const card = demo.cardId('Erro ao emitir nota fiscal');
			const { error } = await helena.run({ resource: 'card', operation: 'update', cardId: card, updateFields: { status: 'LOST' } });
			expect(error).toBeUndefined();
			expect(helena.sandbox.crm.card(card)).toMatchObject({ panelId: SUPPORT, status: 'LOST' });
		});

		test('tags: replace is the default; add and remove send their operation', async () => {
			const tags = async (tagNames: string, tagOperation?: string) => {
				const run = await helena.run({
					resource: 'card',
					operation: 'update',
					cardId: MARIA_CARD,
					updateFields: { tagNames },
					...(tagOperation ? { options: { tagOperation } } : {}),
				});
				expect(run.error).toBeUndefined();
				const names = new Map(helena.sandbox.crm.tags().map((t: { id: string; name: string }) => [t.id, t.name]));
				return (helena.sandbox.crm.card(MARIA_CARD).tagIds as string[]).map((id) => names.get(id)).sort();
			};
			expect(await tags('Quente, Site')).toEqual(['Quente', 'Site']);
			expect(await tags('Indicação', 'InsertIfNotExists')).toEqual(['Indicação', 'Quente', 'Site']);
			expect(await tags('Site', 'DeleteIfExists')).toEqual(['Indicação', 'Quente']);
			expect(await tags('Frio')).toEqual(['Frio']);
			expect(allRequests(helena).map((r) => (r.body as { options?: unknown } | undefined)?.options)).toEqual([
				{ upsertTagOperation: 'ReplaceAll' },
				{ upsertTagOperation: 'InsertIfNotExists' },
				{ upsertTagOperation: 'DeleteIfExists' },
				{ upsertTagOperation: 'ReplaceAll' },
			]);
		});

		test("custom fields of the card's panel by name", async () => {
			const { error } = await helena.run({
				resource: 'card',
				operation: 'update',
				cardId: MARIA_CARD,
				updateFields: { customFieldsUi: { field: [{ name: 'Plano de interesse', value: 'Enterprise' }] } },
			});
			expect(error).toBeUndefined();
			expect(allRequests(helena).map((r) => `${r.method} ${r.path}`)).toEqual([
				`GET /crm/v2/panel/card/${MARIA_CARD}`,
				`GET /crm/v1/panel/${SALES}/custom-fields`,
				`PUT /crm/v3/panel/card/${MARIA_CARD}`,
			]);
			expect(allRequests(helena)[2].body).toEqual({ fields: ['CustomFields'], customFields: { 'plano-interesse': 'Enterprise' } });
			expect(helena.sandbox.crm.card(MARIA_CARD).customFields).toEqual({ 'plano-interesse': 'Enterprise' });
		});
	});

	test('Duplicate copies into a step of another panel with its options, and archives the original', async () => {
		const { items, error } = await helena.run({
			resource: 'card',
			operation: 'duplicate',
			cardId: MARIA_CARD,
			copyToStep: fromList(supportStep('Aberto'), 'Suporte Técnico › Aberto'),
			options: { archiveOriginalCard: true, fields: ['Contacts', 'ResponsibleUser'] },
		});
		expect(error).toBeUndefined();
		expect(allRequests(helena)).toEqual([
			{
				method: 'POST',
				path: `/crm/v2/panel/card/${MARIA_CARD}/duplicate`,
				query: {},
				body: { copyToStepId: supportStep('Aberto'), options: { archiveOriginalCard: true, fields: ['Contacts', 'ResponsibleUser'] } },
			},
		]);
		expect(items[0].json).toMatchObject({
			panelId: SUPPORT,
			stepId: supportStep('Aberto'),
			title: 'Maria Silva - Plano Pro',
			contactIds: [demo.contactId(1)],
			responsibleUserId: ANA,
			monetaryAmount: null,
		});
		expect(helena.sandbox.crm.card(MARIA_CARD).status).toBe('ARCHIVED');
	});
});
