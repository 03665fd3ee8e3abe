// The CRM example workflows in a running n8n: a new conversation becomes a card in the first step; a card
// entering Proposta sends its contact a template and notes it on the card. Both start from Helena's deliveries.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';

import { loadExample } from '../../../scripts/lib/examples.mjs';
import { outputOf } from '../../../scripts/lib/n8n.mjs';
import { API_KEY, e2e } from '../context.mjs';
import { CREDENTIAL_ID } from '../../../scripts/lib/workflows.mjs';

const require = createRequire(import.meta.url);
const { demo } = require('../../sandbox/index.js');

const credentials = { helenaApi: { id: CREDENTIAL_ID, name: 'Helena sandbox' } };
const cardExample = loadExample('new-conversation-to-crm-card.json', { credentials });
const templateExample = loadExample('card-step-change-sends-template.json', { credentials });
const SALES = demo.panelId('Funil de Vendas');
const step = (name) => demo.stepId('Funil de Vendas', name);

/** Moves a card through Helena's API, as an agent dragging it would. */
async function moveCard(id, stepId) {
	const response = await fetch(`${e2e.sandbox.url}/crm/v3/panel/card/${id}`, {
		method: 'PUT',
		headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
		body: JSON.stringify({ fields: ['StepId'], stepId }),
	});
	assert.equal(response.status, 200, await response.text());
}

describe(`the CRM example workflows in a running n8n ${e2e.version}`, () => {
	// the delivery log is shared by the suites: leave it as this suite found it
	let deliveriesBefore = 0;
	before(async () => {
		deliveriesBefore = e2e.sandbox.deliveries.length;
		await e2e.n8n.importWorkflows([cardExample, templateExample]);
		await e2e.server();
	});
	after(() => e2e.sandbox.deliveries.splice(deliveriesBefore));

	/** Should an assertion fail, the next tests still start with no active workflow and no subscription. */
	function deactivateAfter(t, workflowId) {
		t.after(async () => {
			await e2e.n8n.api('POST', `/workflows/${workflowId}/deactivate`).catch(() => {});
			await e2e.subscriptionCount(0);
		});
	}

	test('new-conversation-to-crm-card: SESSION_NEW becomes a card in Leads linked to the contact and the conversation', async (t) => {
		deactivateAfter(t, cardExample.id);
		const before = e2e.sandbox.crm.cards().length;
		e2e.sandbox.clearRequests();
		await e2e.n8n.api('POST', `/workflows/${cardExample.id}/activate`);
		assert.equal(await e2e.subscriptionCount(1), 1);

		// a demo contact with no conversation yet (earlier suites open some), so that writing opens one
		const used = new Set(e2e.sandbox.chat.sessions().map((each) => each.contactId));
		const n = [5, 6, 7, 8, 9, 10, 11, 12].find((index) => !used.has(demo.contactId(index)));
		const session = e2e.sandbox.chat.contactWrites(demo.contactPhone(n), 'Quero saber o preço do plano Pro');
		assert.ok(!used.has(session.contactId), 'a new conversation');
		await e2e.sandbox.waitForDeliveries();
		const [execution] = await e2e.finishedExecutions(cardExample.id, 1);

		assert.equal(execution.status, 'success');
		const creates = e2e.sandbox.requests.filter((request) => request.method === 'POST' && request.decodedPath === '/crm/v2/panel/card');
		assert.equal(creates.length, 1);
		assert.deepEqual(creates[0].body, {
			stepId: step('Leads'),
			title: creates[0].body.title,
			contactIds: [demo.contactId(n)],
			sessionId: session.id,
			metadata: { source: 'n8n: new conversation' },
		});
		assert.match(creates[0].body.title, /^Lead: ./);
		const [card] = outputOf(execution.data.resultData.runData, 'Create card');
		assert.equal(e2e.sandbox.crm.cards().length, before + 1);
		const stored = e2e.sandbox.crm.card(card.id);
		assert.equal(stored.panelId, SALES);
		assert.equal(stored.stepTitle, 'Leads');
		assert.equal(stored.sessionId, session.id);
		assert.deepEqual(stored.contactIds, [demo.contactId(n)]);

		await e2e.n8n.api('POST', `/workflows/${cardExample.id}/deactivate`);
		assert.equal(await e2e.subscriptionCount(0), 0);
	});

	test('card-step-change-sends-template: a card entering Proposta sends its contact the template and notes it; another step sends nothing', async (t) => {
		deactivateAfter(t, templateExample.id);
		const card = demo.cardId('Maria Silva - Plano Pro');
		e2e.sandbox.clearRequests();
		await e2e.n8n.api('POST', `/workflows/${templateExample.id}/activate`);
		assert.equal(await e2e.subscriptionCount(1), 1);

		await moveCard(card, step('Qualificação'));
		await e2e.sandbox.waitForDeliveries();
		await e2e.finishedExecutions(templateExample.id, 1);
		await moveCard(card, step('Proposta'));
		await e2e.sandbox.waitForDeliveries();
		const executions = await e2e.finishedExecutions(templateExample.id, 2);

		assert.deepEqual(
			executions.map((execution) => execution.status),
			['success', 'success'],
		);
		const templates = e2e.sandbox.requests.filter((request) => request.decodedPath === '/chat/v1/send/template');
		assert.equal(templates.length, 1);
		assert.equal(templates[0].body.templateId, demo.templateId('boas_vindas'));
		assert.deepEqual(templates[0].body.parameters, { nome: 'Maria Silva' });
		const [note] = e2e.sandbox.crm.notes(card);
		assert.match(note.text, /^Proposal template sent to Maria Silva \(message .+\)\.$/);

		await e2e.n8n.api('POST', `/workflows/${templateExample.id}/deactivate`);
		assert.equal(await e2e.subscriptionCount(0), 0);
	});
});
