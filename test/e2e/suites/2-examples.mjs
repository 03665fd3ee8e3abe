// The example workflows that start from a webhook (Helena's SESSION_NEW delivery, an n8n form), imported
// from examples/ and activated in the running n8n; and the Helena Tool that n8n registers for the AI Agent.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { before, describe, test } from 'node:test';

import { TRIGGER_DEMO } from '../../../scripts/lib/demoWorkflows.mjs';
import { loadExample, nodeNamed } from '../../../scripts/lib/examples.mjs';
import { executionStatus, outputOf } from '../../../scripts/lib/n8n.mjs';
import { e2e } from '../context.mjs';
import { CREDENTIAL_ID } from '../../../scripts/lib/workflows.mjs';

const require = createRequire(import.meta.url);
const { demo } = require('../../sandbox/index.js');
const { newConversationCommand, sandboxStateCommand } = require('../../../scripts/lib/demoCommands.cjs');

const credentials = { helenaApi: { id: CREDENTIAL_ID, name: 'Helena sandbox' } };
const tagExample = loadExample('tag-new-conversations.json', { credentials });
const csvExample = loadExample('import-contacts-from-csv.json', { credentials });

const tagNamesOf = (contact) => [...contact.tagIds].map((id) => e2e.sandbox.state.tags.get(id).name).sort();

/** The executions of a workflow, once every one of them has finished. */
describe(`the example workflows in a running n8n ${e2e.version}`, () => {
	before(async () => {
		await e2e.n8n.importWorkflows([tagExample, csvExample]);
		await e2e.server();
	});

	test('n8n registers the Helena Tool (n8n-nodes-helena.helenaTool) for the AI Agent, with every operation', async () => {
		const response = await fetch(`${e2e.n8n.url}/types/nodes.json`, { headers: { cookie: e2e.n8n.cookie } });
		const types = await response.json();
		const tool = types.find((type) => type.name === 'n8n-nodes-helena.helenaTool');
		const node = types.find((type) => type.name === 'n8n-nodes-helena.helena');

		assert.ok(tool, 'no n8n-nodes-helena.helenaTool type');
		assert.equal(tool.displayName, 'Helena Tool');
		assert.deepEqual(tool.outputs, ['ai_tool']);
		assert.deepEqual(tool.inputs, []);
		assert.deepEqual(tool.codex.categories, ['AI']);
		const operations = (description) =>
			description.properties
				.filter((property) => property.name === 'operation')
				.flatMap((property) => property.options.map((option) => option.value));
		assert.deepEqual(operations(tool), operations(node));
		assert.ok(tool.properties.some((property) => property.name === 'toolDescription'));
	});

	test('tag-new-conversations: a contact writes, Helena delivers SESSION_NEW; the workflow tags the contact and sends a welcome into the conversation', async () => {
		const pedro = demo.contactId(4);
		assert.deepEqual(tagNamesOf(e2e.sandbox.state.contacts.get(pedro)), []);
		e2e.sandbox.clearRequests();
		await e2e.n8n.api('POST', `/workflows/${tagExample.id}/activate`);
		assert.equal(await e2e.subscriptionCount(1), 1);
		const [subscription] = [...e2e.sandbox.state.subscriptions.values()];
		assert.deepEqual(subscription.events, ['SESSION_NEW']);

		const session = e2e.sandbox.chat.contactWrites(demo.contactPhone(4), 'Oi, vocês entregam no sábado?');
		await e2e.sandbox.waitForDeliveries();
		const [delivery] = e2e.sandbox.deliveries.filter((entry) => entry.eventType === 'SESSION_NEW');
		assert.equal(delivery.status, 200);
		assert.equal(delivery.body.content.id, session.id);
		const [execution] = await e2e.finishedExecutions(tagExample.id, 1);

		assert.equal(executionStatus(execution), 'success');
		const contactRequests = e2e.sandbox.requests.filter((request) => request.decodedPath.startsWith('/core/v1/contact'));
		assert.deepEqual(
			contactRequests.map((request) => `${request.method} ${request.decodedPath}`),
			[`GET /core/v1/contact/${pedro}`, `POST /core/v1/contact/${pedro}/tags`],
		);
		assert.deepEqual(contactRequests[1].body, { tagNames: ['Conversation started'], operation: 'InsertIfNotExists' });
		assert.deepEqual(tagNamesOf(e2e.sandbox.state.contacts.get(pedro)), ['Conversation started']);
		const [tagged] = outputOf(execution.data.resultData.runData, 'Tag contact');
		assert.equal(tagged.id, pedro);
		const sends = e2e.sandbox.requests.filter((request) => request.decodedPath === '/chat/v1/send/text');
		assert.equal(sends.length, 1);
		const pedroName = e2e.sandbox.state.contacts.get(pedro).name;
		assert.deepEqual(sends[0].body, {
			sessionId: session.id,
			text: `Hi ${pedroName}, thanks for your message! An agent will be with you shortly.`,
		});
		const [welcome] = outputOf(execution.data.resultData.runData, 'Send welcome');
		assert.equal(welcome.sessionId, session.id);
		assert.equal(e2e.sandbox.chat.message(welcome.id).direction, 'TO_HUB');

		await e2e.n8n.api('POST', `/workflows/${tagExample.id}/deactivate`);
		assert.equal(await e2e.subscriptionCount(0), 0);
	});

	test('the command `npm start` prints for the trigger demo, run exactly as printed, tags the contact of the new conversation and welcomes it', async (t) => {
		assert.equal(TRIGGER_DEMO.id, tagExample.id, 'npm start names this example for the command');
		const command = newConversationCommand(e2e.sandbox.url);
		// should an assertion fail, the later suites still start with no active workflow and no subscription
		t.after(async () => {
			await e2e.n8n.api('POST', `/workflows/${tagExample.id}/deactivate`).catch(() => {});
			await e2e.subscriptionCount(0);
		});
		await e2e.n8n.api('POST', `/workflows/${tagExample.id}/activate`);
		assert.equal(await e2e.subscriptionCount(1), 1);
		const executionsBefore = (await e2e.n8n.api('GET', `/executions?workflowId=${tagExample.id}`)).data.length;
		// asynchronously: the sandbox that answers the command lives in this process
		const shell = async (text) => (await promisify(execFile)('bash', ['-c', text], { encoding: 'utf8', timeout: 60_000 })).stdout;
		// the README's command for looking at the sandbox: one subscription per active trigger
		const state = JSON.parse(await shell(sandboxStateCommand(e2e.sandbox.url)));
		assert.deepEqual(
			state.subscriptions.map((subscription) => subscription.events.map((event) => event.event)),
			[['SESSION_NEW']],
		);
		e2e.sandbox.clearRequests();
		const sessionsBefore = new Set(e2e.sandbox.chat.sessions().map((session) => session.id));

		const answer = JSON.parse(await shell(command));
		assert.deepEqual(
			answer.map((delivery) => delivery.status),
			[200],
			'the sandbox delivered the event to the one subscription, answered 200',
		);
		const delivery = e2e.sandbox.deliveries.filter((entry) => entry.eventType === 'SESSION_NEW').at(-1);
		const session = delivery.body.content;
		assert.ok(!sessionsBefore.has(session.id), 'the event announces a new conversation');
		assert.deepEqual(e2e.sandbox.chat.session(session.id), session, "the sandbox's chat service knows the conversation");
		const contact = e2e.sandbox.state.contacts.get(session.contactId);
		assert.ok(contact, 'the sandbox knows its contact');

		const executions = await e2e.finishedExecutions(tagExample.id, executionsBefore + 1);
		assert.equal(executions.length, executionsBefore + 1, 'one run for the one event');
		const execution = executions.find((each) => outputOf(each.data.resultData.runData, 'New conversation')[0]?.content?.id === session.id);
		assert.equal(execution?.status, 'success', JSON.stringify(execution?.data?.resultData?.error ?? execution?.status));
		assert.deepEqual(
			e2e.sandbox.requests.map((request) => `${request.method} ${request.decodedPath} ${request.status}`),
			[`GET /core/v1/contact/${contact.id} 200`, `POST /core/v1/contact/${contact.id}/tags 200`, 'POST /chat/v1/send/text 200'],
		);
		assert.ok(tagNamesOf(contact).includes('Conversation started'), 'the contact got the tag');
		const [welcome] = outputOf(execution.data.resultData.runData, 'Send welcome');
		assert.equal(welcome.sessionId, session.id);
		const sent = e2e.sandbox.chat.message(welcome.id);
		assert.equal(sent.direction, 'TO_HUB');
		assert.equal(sent.text, `Hi ${contact.name || 'there'}, thanks for your message! An agent will be with you shortly.`);

		await e2e.n8n.api('POST', `/workflows/${tagExample.id}/deactivate`);
		assert.equal(await e2e.subscriptionCount(0), 0);
	});

	test('import-contacts-from-csv: a CSV uploaded in the form becomes one batch request; existing contacts are updated', async () => {
		const maria = demo.contactId(1);
		const mariaTagsBefore = tagNamesOf(e2e.sandbox.state.contacts.get(maria));
		const contactsBefore = e2e.sandbox.state.contacts.size;
		e2e.sandbox.clearRequests();
		await e2e.n8n.api('POST', `/workflows/${csvExample.id}/activate`);

		const csv = [
			'Name,Phone,Email,Tags',
			'Maria Silva,5511999999999,maria.silva@example.com,Newsletter',
			'Bruna Castro,5521987650001,bruna.castro@example.com,"Lead, Site"',
			'Otávio Reis,5531987650002,otavio.reis@example.com,Lead',
		].join('\n');
		const form = new FormData();
		form.append('field-0', new Blob([csv], { type: 'text/csv' }), 'contacts.csv');
		const formUrl = `${e2e.n8n.url}/form/${nodeNamed(csvExample, 'Upload form').webhookId}`;
		const submitted = await e2e.eventually(
			() => fetch(formUrl, { method: 'POST', body: form }),
			(response) => response.status !== 404,
		);
		assert.equal(submitted.status, 200, await submitted.text());
		const [execution] = await e2e.finishedExecutions(csvExample.id, 1);

		assert.equal(executionStatus(execution), 'success');
		const batches = e2e.sandbox.requests.filter((request) => request.decodedPath === '/core/v2/contact/batch');
		assert.equal(batches.length, 1);
		assert.deepEqual(batches[0].body, {
			items: [
				{ name: 'Maria Silva', phoneNumber: '5511999999999', email: 'maria.silva@example.com', tagNames: ['Newsletter'] },
				{ name: 'Bruna Castro', phoneNumber: '5521987650001', email: 'bruna.castro@example.com', tagNames: ['Lead', 'Site'] },
				{ name: 'Otávio Reis', phoneNumber: '5531987650002', email: 'otavio.reis@example.com', tagNames: ['Lead'] },
			],
			options: { upsertTagOperation: 'INSERTIFNOTEXISTS' },
		});
		assert.equal(e2e.sandbox.state.contacts.size, contactsBefore + 2);
		assert.deepEqual(tagNamesOf(e2e.sandbox.state.contacts.get(maria)), [...new Set([...mariaTagsBefore, 'Newsletter'])].sort());
		const saved = outputOf(execution.data.resultData.runData, 'Create or update contacts');
		assert.deepEqual(
			saved.map((contact) => contact.name),
			['Maria Silva', 'Bruna Castro', 'Otávio Reis'],
		);
		assert.equal(saved[0].id, maria);

		await e2e.n8n.api('POST', `/workflows/${csvExample.id}/deactivate`);
	});
});
