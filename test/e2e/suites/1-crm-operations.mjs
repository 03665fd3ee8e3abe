// One workflow through the Panel and Card operations, run by `n8n execute` (before the suites that start
// an n8n server, whose task broker would hold the port `n8n execute` needs on 2.x).
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';

import { outputOf } from '../../../scripts/lib/n8n.mjs';
import { e2e } from '../context.mjs';
import { helenaChainWorkflow } from '../../../scripts/lib/workflows.mjs';

const require = createRequire(import.meta.url);
const { demo } = require('../../sandbox/index.js');

const SALES = demo.panelId('Funil de Vendas');
const step = (name) => demo.stepId('Funil de Vendas', name);

describe(`the Panel and Card operations in one workflow, in n8n ${e2e.version}`, () => {
	test('list panels and lost reasons, create a card, move it, lose it with a reason, note it, duplicate it, read it back', async () => {
		const support = demo.panelId('Suporte Técnico');
		const byId = (value) => ({ __rl: true, mode: 'id', value });
		const cardId = "={{ $('Create card').first().json.id }}";
		e2e.sandbox.clearRequests();
		const workflow = helenaChainWorkflow('e2eCrmChain00001', [
			{ name: 'Panels', parameters: { resource: 'panel', operation: 'getAll', returnAll: true } },
			{ name: 'Lost reasons', parameters: { resource: 'panel', operation: 'getLostReasons', panel: byId(SALES), returnAll: true } },
			{
				name: 'Create card',
				parameters: {
					resource: 'card',
					operation: 'create',
					panel: byId(SALES),
					step: byId(step('Leads')),
					title: 'e2e deal',
					additionalFields: { monetaryAmount: 1200, customFieldsUi: { field: [{ name: 'Plano de interesse', value: 'Pro' }] } },
				},
			},
			{ name: 'Move', parameters: { resource: 'card', operation: 'update', cardId, updateFields: { step: byId(step('Proposta')) } } },
			{
				name: 'Lose',
				parameters: {
					resource: 'card',
					operation: 'update',
					cardId,
					updateFields: { status: 'LOST', lostReason: byId(demo.lostReasonId('Funil de Vendas', 'Preço alto')) },
				},
			},
			{ name: 'Note', parameters: { resource: 'card', operation: 'addNote', cardId, text: 'Lost on price' } },
			{ name: 'Notes', parameters: { resource: 'card', operation: 'getNotes', cardId, returnAll: true } },
			{
				name: 'Duplicate',
				parameters: { resource: 'card', operation: 'duplicate', cardId, copyToStep: byId(demo.stepId('Suporte Técnico', 'Aberto')) },
			},
			{ name: 'Get card', parameters: { resource: 'card', operation: 'get', cardId } },
			{ name: 'Support cards', parameters: { resource: 'card', operation: 'getAll', panel: byId(support), returnAll: true } },
		]);
		const result = await e2e.executeWorkflow(workflow);

		assert.equal(result.ok, true, result.raw.stdout.slice(-3000) + result.raw.stderr.slice(-3000));
		assert.deepEqual(
			outputOf(result.runData, 'Panels').map((panel) => panel.title),
			['Funil de Vendas', 'Suporte Técnico'],
		);
		assert.equal(outputOf(result.runData, 'Lost reasons').length, 3);
		const [card] = outputOf(result.runData, 'Get card');
		assert.equal(card.stepTitle, 'Proposta');
		assert.equal(card.status, 'LOST');
		assert.deepEqual(card.lostReason, { id: demo.lostReasonId('Funil de Vendas', 'Preço alto'), name: 'Preço alto' });
		assert.deepEqual(card.customFields, { 'plano-interesse': 'Pro' });
		assert.deepEqual(
			outputOf(result.runData, 'Notes').map((note) => note.text),
			['Lost on price'],
		);
		const [copy] = outputOf(result.runData, 'Duplicate');
		assert.ok(outputOf(result.runData, 'Support cards').some((listed) => listed.id === copy.id));
		const writes = e2e.sandbox.requests.filter((request) => request.method !== 'GET');
		assert.deepEqual(
			writes.map((request) => `${request.method} ${request.decodedPath.replace(card.id, '{id}')}`),
			[
				'POST /crm/v2/panel/card',
				'PUT /crm/v3/panel/card/{id}',
				'PUT /crm/v3/panel/card/{id}',
				'POST /crm/v1/panel/card/{id}/note',
				'POST /crm/v2/panel/card/{id}/duplicate',
			],
		);
		assert.equal(e2e.sandbox.requests.filter((request) => request.violations).length, 0);
	});
});
