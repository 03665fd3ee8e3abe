import { runListSearch, runLoadOptions } from '../engine/runMethod';
import { demo } from '../sandbox';
import { allRequests, lostReason, MARIA_CARD, SALES, step, SUPPORT, supportStep, useCrmSandbox } from './crmFixture';

describe('pickers of the Panel and Card operations', () => {
	const helena = useCrmSandbox();
	const ask = (name: string, options: { filter?: string; parameters?: Record<string, unknown> } = {}) =>
		runListSearch(name, { credentials: helena.credentials, ...options } as never);
	const panel = (value: string) => ({ panel: { __rl: true, mode: 'list', value } });

	test('panels: title and kind, searched by title', async () => {
		expect((await ask('searchPanels')).results).toEqual([
			{ name: 'Funil de Vendas (sales)', value: SALES },
			{ name: 'Suporte Técnico (management)', value: SUPPORT },
		]);
		expect((await ask('searchPanels', { filter: 'suporte' })).results.map((r) => r.value)).toEqual([SUPPORT]);
		expect(allRequests(helena)[1].query).toMatchObject({ Title: 'suporte' });
	});

	test("steps: the chosen panel's, or every panel's named with their panel when none is chosen", async () => {
		const chosen = await ask('searchSteps', { parameters: panel(SUPPORT) });
		expect(chosen.results).toEqual([
			{ name: 'Aberto', value: supportStep('Aberto') },
			{ name: 'Em andamento', value: supportStep('Em andamento') },
			{ name: 'Resolvido', value: supportStep('Resolvido') },
		]);
		const all = await ask('searchSteps', { filter: 'prop' });
		expect(all.results).toEqual([{ name: 'Funil de Vendas › Proposta', value: step('Proposta') }]);
	});

	test('cards: searched by title in every panel, one panel a page and named with it; in the chosen panel only when there is one', async () => {
		const first = await ask('searchCards', { filter: 'plano' });
		expect(first.results).toEqual([
			{ name: 'Funil de Vendas › Maria Silva - Plano Pro', value: MARIA_CARD },
			{ name: 'Funil de Vendas › João Santos - Plano Enterprise', value: demo.cardId('João Santos - Plano Enterprise') },
		]);
		expect(first.paginationToken).toBe('1:1');
		const second = await runListSearch('searchCards', {
			credentials: helena.credentials,
			filter: 'plano',
			paginationToken: '1:1',
		} as never);
		expect(second).toEqual({ results: [], paginationToken: undefined });
		const cardRequests = allRequests(helena).filter((r) => r.path === '/crm/v2/panel/card');
		expect(cardRequests.map((r) => r.query)).toEqual([
			{ PanelId: SALES, TextFilter: 'plano', PageNumber: '1', PageSize: '100' },
			{ PanelId: SUPPORT, TextFilter: 'plano', PageNumber: '1', PageSize: '100' },
		]);

		const chosen = await ask('searchCards', { parameters: panel(SUPPORT) });
		expect(chosen).toEqual({
			results: [{ name: 'Erro ao emitir nota fiscal', value: demo.cardId('Erro ao emitir nota fiscal') }],
			paginationToken: undefined,
		});
	});

	test('a card picked from the list or given by ID reaches Card → Get the same way', async () => {
		const fromPicker = await helena.run({ resource: 'card', operation: 'get', cardId: { __rl: true, mode: 'list', value: MARIA_CARD } });
		const byIdValue = await helena.run({
			resource: 'card',
			operation: 'get',
			cardId: { __rl: true, mode: 'id', value: ` ${MARIA_CARD} ` },
		});
		expect(fromPicker.items[0].json.id).toBe(MARIA_CARD);
		expect(byIdValue.items[0].json.id).toBe(MARIA_CARD);
	});

	test('lost reasons: those of sales panels', async () => {
		const reasons = await ask('searchLostReasons', { parameters: panel(SALES) });
		expect(reasons.results).toEqual([
			{ name: 'Preço alto', value: lostReason('Preço alto') },
			{ name: 'Escolheu concorrente', value: lostReason('Escolheu concorrente') },
			{ name: 'Sem resposta', value: lostReason('Sem resposta') },
		]);
		expect((await ask('searchLostReasons', { filter: 'preço' })).results).toEqual([
			{ name: 'Preço alto', value: lostReason('Preço alto') },
		]);
	});

	test('custom fields: the chosen panel’s by name, or every panel’s from core’s list (EntityType=PANEL)', async () => {
		const chosen = await runLoadOptions('getPanelCustomFields', { credentials: helena.credentials, parameters: panel(SUPPORT) });
		expect(chosen).toEqual([{ name: 'Prioridade', value: 'prioridade', description: 'string' }]);
		const all = await runLoadOptions('getPanelCustomFields', { credentials: helena.credentials });
		expect(all.map((option) => option.value)).toEqual(['origem-lead', 'plano-interesse', 'prioridade', 'usuarios']);
		expect(allRequests(helena).map((r) => `${r.path} ${JSON.stringify(r.query)}`)).toEqual([
			`/crm/v1/panel/${SUPPORT}/custom-fields {}`,
			'/core/v1/custom-field {"EntityType":"PANEL"}',
		]);
	});
});
