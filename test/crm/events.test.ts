import type { INodeParameters } from 'n8n-workflow';

import { useTrigger } from '../engine/runTrigger';
import { allRequests, fromList, lostReason, MARIA_CARD, SALES, step, useCrmSandbox } from './crmFixture';

const CARD_EVENTS = ['PANEL_CARD_NEW', 'PANEL_CARD_UPDATE', 'PANEL_CARD_STEP_CHANGE', 'PANEL_CARD_NOTE_NEW'];

describe('PANEL_CARD_* events reach Helena Trigger as the node changes cards', () => {
	const helena = useCrmSandbox();
	const startTrigger = useTrigger(helena);

	test('create, move, win, lose with a reason, archive and a note: each fires its event with the card', async () => {
		const trigger = await startTrigger({ events: CARD_EVENTS });
		await trigger.activate();
		const step_ = async (parameters: INodeParameters) => {
			const { error, items } = await helena.run(parameters);
			expect(error).toBeUndefined();
			await helena.sandbox.waitForDeliveries();
			return items;
		};
		const [created] = await step_({
			resource: 'card',
			operation: 'create',
			panel: fromList(SALES, 'Funil de Vendas'),
			step: fromList(step('Leads'), 'Leads'),
			title: 'Novo lead',
		});
		const id = created.json.id as string;
		const update = (updateFields: INodeParameters) => step_({ resource: 'card', operation: 'update', cardId: id, updateFields });
		await update({ step: fromList(step('Proposta'), 'Proposta') });
		await update({ status: 'WON' });
		await update({ status: 'LOST', lostReason: fromList(lostReason('Sem resposta'), 'Sem resposta') });
		await update({ status: 'ARCHIVED' });
		await step_({ resource: 'card', operation: 'addNote', cardId: id, text: 'Arquivado após 30 dias' });

		const events = trigger.executions.map(([item]) => item.json as { eventType: string; content: Record<string, unknown> });
		expect(events.map((event) => event.eventType)).toEqual([
			'PANEL_CARD_NEW',
			'PANEL_CARD_UPDATE',
			'PANEL_CARD_STEP_CHANGE',
			'PANEL_CARD_UPDATE',
			'PANEL_CARD_UPDATE',
			'PANEL_CARD_UPDATE',
			'PANEL_CARD_NOTE_NEW',
		]);
		expect(events[0].content).toMatchObject({ id, title: 'Novo lead', stepId: step('Leads'), stepTitle: 'Leads', status: 'OPEN' });
		expect(events[2].content).toMatchObject({ id, stepId: step('Proposta'), stepTitle: 'Proposta', previousStepId: step('Leads') });
		expect(events.slice(3, 6).map((event) => event.content.status)).toEqual(['WON', 'LOST', 'ARCHIVED']);
		expect(events[4].content.lostReason).toEqual({ id: lostReason('Sem resposta'), name: 'Sem resposta' });
		expect(events[6].content).toMatchObject({ cardId: id, text: 'Arquivado após 30 dias' });
	});

	test('a duplicate fires PANEL_CARD_NEW for the copy', async () => {
		const trigger = await startTrigger({ events: ['PANEL_CARD_NEW'] });
		await trigger.activate();
		helena.sandbox.clearRequests();
		const { items } = await helena.run({ resource: 'card', operation: 'duplicate', cardId: MARIA_CARD });
		await helena.sandbox.waitForDeliveries();
		expect(allRequests(helena).map((r) => r.body)).toEqual([{ options: { archiveOriginalCard: false } }]);
		expect(trigger.executions.map(([item]) => (item.json as { content: { id: string } }).content.id)).toEqual([items[0].json.id]);
	});
});
