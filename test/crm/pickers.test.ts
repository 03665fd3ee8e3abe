import { runListSearch, runLoadOptions } from '../engine/runMethod';
import { allRequests, lostReason, SALES, step, SUPPORT, supportStep, useCrmSandbox } from './crmFixture';

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
