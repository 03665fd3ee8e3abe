// One workflow through the Tag, Sequence and Portfolio operations, run by `n8n execute` (before the suites that
// start an n8n server, whose task broker would hold the port `n8n execute` needs on 2.x).
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';

import { outputOf } from '../../../scripts/lib/n8n.mjs';
import { e2e } from '../context.mjs';
import { helenaChainWorkflow } from '../../../scripts/lib/workflows.mjs';

const require = createRequire(import.meta.url);
const { demo } = require('../../sandbox/index.js');

const REACTIVATION = demo.sequenceId('Reativação');
const NORTH = demo.portfolioId('Carteira Norte');
const byId = (value) => ({ __rl: true, mode: 'id', value });
const byName = (value) => ({ __rl: true, mode: 'name', value });
const byPhone = (value) => ({ __rl: true, mode: 'phone', value });

describe(`the Tag, Sequence and Portfolio operations in one workflow, in n8n ${e2e.version}`, () => {
	test('create, recolour and delete tags; put contacts in a sequence and a portfolio, one and many, list them, take them out', async () => {
		e2e.sandbox.clearRequests();
		const phones = ['+55|11955550001', '+55|11955550002', '+55|11955550003'];
		const workflow = helenaChainWorkflow('e2eListsChain001', [
			{ name: 'Create tag', parameters: { resource: 'tag', operation: 'create', name: 'e2e tag', color: 'BLUE_300' } },
			{
				name: 'Recolour tag',
				parameters: { resource: 'tag', operation: 'update', tag: byName('E2E TAG'), updateFields: { color: '#F48FB1' } },
			},
			{ name: 'Tags', parameters: { resource: 'tag', operation: 'getAll', returnAll: true } },
			{ name: 'Sequences', parameters: { resource: 'sequence', operation: 'getAll', returnAll: true } },
			{
				name: 'Add Maria',
				parameters: { resource: 'sequence', operation: 'addContact', sequence: byId(REACTIVATION), contact: byPhone('+55|11999999999') },
			},
			{
				name: 'Add many',
				parameters: {
					resource: 'sequence',
					operation: 'addContacts',
					sequence: byId(REACTIVATION),
					phoneNumbers: `={{ ${JSON.stringify(phones)} }}`,
				},
			},
			{
				name: 'Sequence contacts',
				parameters: { resource: 'sequence', operation: 'getContacts', sequence: byId(REACTIVATION), returnAll: true },
			},
			{
				name: 'Remove many',
				parameters: { resource: 'sequence', operation: 'removeContacts', sequence: byId(REACTIVATION), phoneNumbers: phones.join(', ') },
			},
			{ name: 'Portfolios', parameters: { resource: 'portfolio', operation: 'getAll', returnAll: true } },
			{
				name: 'Add João',
				parameters: { resource: 'portfolio', operation: 'addContact', portfolio: byId(NORTH), contact: byId(demo.contactId(2)) },
			},
			{
				name: 'Portfolio contacts',
				parameters: { resource: 'portfolio', operation: 'getContacts', portfolio: byId(NORTH), returnAll: true },
			},
			{
				name: 'Remove João',
				parameters: { resource: 'portfolio', operation: 'removeContact', portfolio: byId(NORTH), contact: byId(demo.contactId(2)) },
			},
			{ name: 'Delete tag', parameters: { resource: 'tag', operation: 'delete', tag: byName('e2e tag') } },
			{
				name: 'Delete VIP',
				parameters: { resource: 'tag', operation: 'delete', tag: byId(demo.tagId('VIP')), options: { removeFromContacts: true } },
			},
		]);
		const result = await e2e.executeWorkflow(workflow);

		assert.equal(result.ok, true, result.raw.stdout.slice(-3000) + result.raw.stderr.slice(-3000));
		const [tag] = outputOf(result.runData, 'Recolour tag');
		assert.deepEqual([tag.name, tag.color], ['e2e tag', 'PINK_300']);
		assert.ok(outputOf(result.runData, 'Tags').some((listed) => listed.id === tag.id));
		assert.deepEqual(
			outputOf(result.runData, 'Sequences').map((sequence) => sequence.name),
			['Boas-vindas', 'Pós-venda', 'Reativação'],
		);
		const [many] = outputOf(result.runData, 'Add many');
		assert.equal(many.added, true);
		assert.equal(many.contacts.length, 3);
		const inSequence = outputOf(result.runData, 'Sequence contacts').map((contact) => contact.phoneNumber);
		assert.deepEqual(inSequence.sort(), ['+55|11999999999', ...phones].sort());
		assert.deepEqual(outputOf(result.runData, 'Remove many'), [
			{ removed: true, sequenceId: REACTIVATION, contactIds: [], phoneNumbers: phones },
		]);
		assert.deepEqual(
			outputOf(result.runData, 'Portfolios').map((portfolio) => [portfolio.name, portfolio.contactsCount]),
			[
				['Carteira Sul', 2],
				['Carteira Norte', 1],
			],
		);
		assert.deepEqual(
			outputOf(result.runData, 'Portfolio contacts')
				.map((contact) => contact.name)
				.sort(),
			['Fernanda Almeida', 'João Santos'],
		);
		assert.deepEqual(outputOf(result.runData, 'Delete tag'), [{ deleted: true, id: tag.id }]);
		assert.deepEqual(outputOf(result.runData, 'Delete VIP'), [{ deleted: true, id: demo.tagId('VIP') }]);
		const writes = e2e.sandbox.requests.filter((request) => request.method !== 'GET');
		assert.deepEqual(
			writes.map((request) => `${request.method} ${request.decodedPath.replace(tag.id, '{tag}')}`),
			[
				'POST /core/v1/tag',
				'PUT /core/v1/tag/{tag}',
				`POST /chat/v1/sequence/${REACTIVATION}/contact`,
				`POST /chat/v1/sequence/${REACTIVATION}/contact/batch`,
				`DELETE /chat/v1/sequence/${REACTIVATION}/contact/batch`,
				`POST /core/v1/portfolio/${NORTH}/contact`,
				`DELETE /core/v1/portfolio/${NORTH}/contact`,
				'DELETE /core/v1/tag/{tag}',
				`DELETE /core/v1/tag/${demo.tagId('VIP')}`,
			],
		);
		assert.equal(e2e.sandbox.requests.filter((request) => request.violations).length, 0);
	});
});
