// The README's "Try it with `npm start`" column, walked row by row on the n8n `npm start` runs by default (n8n 2.x),
// with every example imported as `npm start` imports it: the "Helena sandbox" credential and the "Sandbox model"
// (the sandbox's stand-in chat model), so the AI examples run with no key of one's own. Each row's steps are done as
// a newcomer does them, by HTTP: "Activate this workflow" through n8n's public API, "Execute workflow", the chat and
// the form the way the editor starts them (n8n's REST API), and what a contact or the team does on the sandbox page
// through the page's own API (POST /__sandbox/page/<action>). What the row promises is read where the newcomer reads
// it: on the sandbox page (GET /__sandbox/page/state), or in the execution. The two rows that the browser tests of
// run.mjs click through (the Send and Wait and the tagging examples) are not walked again here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { exampleFiles } from '../../scripts/lib/examples.mjs';
import { executionStatus, packageRoot } from '../../scripts/lib/n8n.mjs';
import { demoWorkflowOf } from '../../scripts/lib/demoWorkflows.mjs';
import { MCP_TOKEN_CREDENTIAL } from '../../scripts/lib/workflows.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** A browser's user agent: n8n answers a link preview (a bot) without resuming the workflow. */
const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36' };

/** The README's example table: file → the text of its "Try it with `npm start`" cell. */
function readmeTryItRows() {
	const readme = readFileSync(path.join(packageRoot, 'README.md'), 'utf8');
	const section = readme.slice(readme.indexOf('## Example workflows'));
	const rows = new Map();
	for (const line of section.split('\n')) {
		const file = /^\| \[`([\w-]+\.json)`\]/.exec(line)?.[1];
		if (file) rows.set(file, line.split('|').at(-2).trim());
	}
	return rows;
}

/**
 * Registers the walk's tests in the caller's `describe`. `parts()` gives the running `{ n8n, sandbox }` (n8n signed
 * in, with a public-API key, every example imported); `walkedByBrowser` the rows the caller's browser tests click through.
 */
export function walkTryItColumn(parts, { walkedByBrowser }) {
	const n8n = () => parts().n8n;
	const sandbox = () => parts().sandbox;

	/** Polls `read` until `accept` holds (or the time is up: the error says what was read last). */
	async function until(what, read, accept, { timeoutMs = 90_000, intervalMs = 500 } = {}) {
		const deadline = Date.now() + timeoutMs;
		let value;
		for (;;) {
			value = await read();
			if (accept(value)) return value;
			if (Date.now() > deadline)
				throw new Error(`${what}: not within ${timeoutMs / 1000} s; last seen: ${JSON.stringify(value)?.slice(0, 1500)}`);
			await sleep(intervalMs);
		}
	}

	/** What the sandbox page shows. */
	const pageState = async () => await (await fetch(`${sandbox().url}/__sandbox/page/state`)).json();
	/** A person's action on the sandbox page, through the page's own route. */
	async function onPage(action, body) {
		const response = await fetch(`${sandbox().url}/__sandbox/page/${action}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(body),
		});
		const answer = await response.json();
		assert.equal(response.status, 200, `page action ${action}: ${JSON.stringify(answer)}`);
		return answer;
	}
	const conversationOf = (state, who) => state.conversations.find((c) => c.contact.name === who || c.contact.phone === who);
	const conversationById = (state, id) => state.conversations.find((c) => c.id === id);
	const messagesOf = async (who) => conversationOf(await pageState(), who)?.messages ?? [];
	const messagesIn = async (id) => conversationById(await pageState(), id)?.messages ?? [];

	/**
	 * The sandbox's subscriptions of the workflow's Helena Triggers (their URLs carry the node's webhook ID). n8n 2.x
	 * registers and removes them after its activate and deactivate calls have answered; a person's next click comes
	 * seconds later, a test's at once: it waits for them.
	 */
	const subscriptionsOf = async (workflow) => {
		const hooks = workflow.nodes.filter((node) => node.type === 'n8n-nodes-helena.helenaTrigger').map((node) => node.webhookId);
		const { subscriptions } = await pageState();
		return { expected: hooks.length, found: subscriptions.filter((s) => hooks.some((hook) => s.url.includes(hook))).length };
	};
	const activate = async (workflow) => {
		await n8n().api('POST', `/workflows/${workflow.id}/activate`);
		await until(
			`the subscription of "${workflow.name}"`,
			() => subscriptionsOf(workflow),
			(s) => s.found === s.expected,
			{ timeoutMs: 30_000 },
		);
	};
	const deactivate = async (workflow) => {
		await n8n()
			.api('POST', `/workflows/${workflow.id}/deactivate`)
			.catch(() => {});
		await until(
			`"${workflow.name}" unsubscribed`,
			() => subscriptionsOf(workflow),
			(s) => s.found === 0,
			{ timeoutMs: 30_000 },
		);
	};
	const executions = async (workflow) => (await n8n().api('GET', `/executions?workflowId=${workflow.id}&includeData=true`)).data;
	/** The first execution of `workflow` after `before` executions to end, once it has; it must have succeeded. */
	async function nextEnded(workflow, before) {
		const list = await until(
			`an execution of "${workflow.name}"`,
			() => executions(workflow),
			(all) => all.length > before && ['success', 'error', 'crashed'].includes(executionStatus(all[all.length - before - 1])),
		);
		const execution = list[list.length - before - 1];
		assert.equal(executionStatus(execution), 'success', JSON.stringify(execution.data?.resultData?.error ?? execution.status));
		return execution;
	}
	const itemsOf = (execution, node) => execution.data.resultData.runData[node]?.[0]?.data?.main?.[0] ?? [];

	/**
	 * "Execute workflow" in the editor, from `triggerName` (the chat's message as `data`): the saved workflow is run
	 * through n8n's REST API as the editor runs it.
	 */
	async function runInEditor(workflow, triggerName, json) {
		const saved = await n8n().rest('GET', `/workflows/${workflow.id}`);
		const triggerToStartFrom = { name: triggerName };
		if (json)
			triggerToStartFrom.data = { startTime: Date.now(), executionTime: 0, executionIndex: 0, source: [], data: { main: [[{ json }]] } };
		return await n8n().rest('POST', `/workflows/${workflow.id}/run`, { workflowData: saved, triggerToStartFrom });
	}

	/** What the workflow's executions say, for a failure's message: each one's status and error. */
	async function executionsSaid(workflow) {
		const list = await executions(workflow).catch((error) => [{ status: `unreadable: ${error.message}` }]);
		const said = list.map((each) => {
			const error = each.data?.resultData?.error;
			const failed = Object.entries(each.data?.resultData?.runData ?? {}).find(([, runs]) => runs.some((run) => run.error));
			return `${each.id} ${executionStatus(each)}${error ? `: ${error.message}` : ''}${failed ? ` (in ${failed[0]})` : ''}`;
		});
		return `executions of "${workflow.name}": ${said.join('; ') || 'none'}`;
	}

	/** Runs a row's walk; a failure says what the workflow's executions say. */
	async function walkWithDiagnosis(workflow, walk) {
		try {
			await walk(workflow);
		} catch (error) {
			error.message += `\n${await executionsSaid(workflow)}`;
			throw error;
		}
	}

	/** Each row's steps, and what it promises, as the README says them. */
	const walks = {
		'new-conversation-to-crm-card.json': async (workflow) => {
			await activate(workflow);
			try {
				await onPage('startConversation', { phone: '+55 11 97300-1101', name: 'Lia Card', text: 'Olá! Quero um orçamento.' });
				const leads = await until(
					'a card for the conversation in Leads',
					async () => (await pageState()).panels.find((p) => p.title === 'Funil de Vendas').steps.find((s) => s.title === 'Leads').cards,
					(cards) => cards.some((card) => card.contacts.includes('Lia Card')),
				);
				assert.ok(leads.some((card) => card.contacts.includes('Lia Card')));
			} finally {
				await deactivate(workflow);
			}
		},
		'card-step-change-sends-template.json': async (workflow) => {
			await activate(workflow);
			try {
				const before = (await messagesOf('Maria Silva')).length;
				const { panels } = await pageState();
				const sales = panels.find((p) => p.title === 'Funil de Vendas');
				const card = sales.steps.flatMap((s) => s.cards).find((c) => c.title === 'Maria Silva - Plano Pro');
				await onPage('moveCard', { cardId: card.id, stepId: sales.steps.find((s) => s.title === 'Proposta').id });
				const messages = await until(
					'the template in Maria Silva’s conversation',
					() => messagesOf('Maria Silva'),
					(list) => list.slice(before).some((m) => m.template),
				);
				assert.equal(messages.slice(before).find((m) => m.template).fromContact, false);
			} finally {
				await deactivate(workflow);
			}
		},
		'import-contacts-from-csv.json': async (workflow) => {
			const before = (await executions(workflow)).length;
			const form = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.formTrigger');
			const started = await runInEditor(workflow, form.name);
			assert.ok(started?.waitingForWebhook || started?.executionId, JSON.stringify(started));
			// the form that opens: n8n's test form, its one field a CSV file
			const csv =
				'Name,Phone,Email,Tags\nCarla Form,+55 11 97300-2201,carla@example.com,CSV import\nDiego Form,+55 11 97300-2202,diego@example.com,"CSV import, VIP"\n';
			const body = new FormData();
			body.append('field-0', new Blob([csv], { type: 'text/csv' }), 'contacts.csv');
			const submitted = await until(
				'the test form to accept the upload',
				() => fetch(`${n8n().url}/form-test/${form.webhookId}`, { method: 'POST', body, headers: BROWSER }),
				(response) => response.status !== 404,
				{ timeoutMs: 30_000 },
			);
			assert.equal(submitted.status, 200, await submitted.text());
			await nextEnded(workflow, before);
			const { contacts } = await pageState();
			const diego = contacts.find((contact) => contact.name === 'Diego Form');
			assert.ok(contacts.some((contact) => contact.name === 'Carla Form'));
			assert.deepEqual([...(diego?.tags ?? [])].sort(), ['CSV import', 'VIP']);
		},
		'export-updated-contacts-nightly.json': async (workflow) => {
			const before = (await executions(workflow)).length;
			await runInEditor(workflow, 'Run now');
			const execution = await nextEnded(workflow, before);
			const rows = itemsOf(execution, 'Spreadsheet columns').map((item) => item.json);
			const changed = (await pageState()).contacts.filter((contact) => contact.annotation === 'Changed by npm start for the demo');
			assert.equal(changed.length, 3);
			assert.deepEqual(
				changed.map((contact) => rows.some((row) => row['Contact ID'] === contact.id)),
				[true, true, true],
			);
			assert.ok(itemsOf(execution, 'CSV file')[0]?.binary?.data, 'no CSV file');
		},
		'send-invoice-template-to-leads.json': async (workflow) => {
			const before = (await executions(workflow)).length;
			await runInEditor(workflow, 'Run');
			await nextEnded(workflow, before);
			const state = await pageState();
			for (const phone of ['+55 21 97654-0101', '+55 31 97654-0102']) {
				const sent = conversationOf(state, phone)?.messages.find((m) => m.template === 'fatura');
				assert.ok(sent, `no fatura template in ${phone}'s conversation`);
				assert.match(sent.file?.name ?? '', /\.pdf$/);
			}
		},
		'ai-agent-contact-assistant.json': async (workflow) => {
			const before = (await executions(workflow)).length;
			const chat = workflow.nodes.find((node) => node.type === '@n8n/n8n-nodes-langchain.chatTrigger');
			await runInEditor(workflow, chat.name, { sessionId: 'try-it-chat', action: 'sendMessage', chatInput: 'Tag 5511999999999 as Gold' });
			const execution = await nextEnded(workflow, before);
			const maria = (await pageState()).contacts.find((contact) => contact.name === 'Maria Silva');
			assert.ok(maria.tags.includes('Gold'), `Maria Silva's tags: ${maria.tags}`);
			assert.match(itemsOf(execution, 'AI Agent')[0]?.json.output ?? '', /Gold/);
		},
		'ai-assistant-answers-in-conversation.json': async (workflow) => {
			await activate(workflow);
			try {
				// João Santos's conversation was completed: his reply opens a new one, which the page then shows
				const joao = conversationOf(await pageState(), 'João Santos');
				const { id } = await onPage('reply', { sessionId: joao.id, text: 'Oi! Vocês abrem no sábado?' });
				const answersSince = async (count) => (await messagesIn(id)).slice(count).filter((m) => !m.fromContact);
				const [answer] = await until(
					'the assistant’s answer in the conversation',
					() => answersSince(0),
					(list) => list.length > 0,
				);
				assert.equal(answer.text, 'Sim! Abrimos no sábado, das 9h às 13h.');
				// several messages a few seconds apart: one answer comes, to all of them
				const count = (await messagesIn(id)).length;
				await onPage('replyBurst', { sessionId: id, text: 'oi\ntudo bem?\nvocês fazem entrega no meu bairro?', gapMs: 1500 });
				await until(
					'an answer to the burst',
					() => answersSince(count),
					(list) => list.length > 0,
				);
				await sleep(12_000); // a second answer would come within one quiet time (5 s) and a model run
				assert.deepEqual(
					(await answersSince(count)).map((m) => m.text),
					['Entregamos, sim: em até 2 dias úteis.'],
				);
				// asked for a person, it says so once and transfers; then it is silent while the people have it
				const asked = (await messagesIn(id)).length;
				await onPage('reply', { sessionId: id, text: 'Quero falar com uma pessoa' });
				await until(
					'the answer to "a person, please"',
					() => answersSince(asked),
					(list) => list.length > 0,
				);
				await onPage('reply', { sessionId: id, text: 'Alô?' });
				await sleep(12_000);
				assert.deepEqual(
					(await answersSince(asked)).map((m) => m.text),
					['Claro, vou te passar para um atendente agora.'],
				);
			} finally {
				await deactivate(workflow);
			}
		},
		'mcp-server-helena-tools.json': async (workflow) => {
			await activate(workflow);
			const client = new Client({ name: 'helena-try-it', version: '1.0.0' });
			try {
				// as the row says: the workflow's MCP address with the demo token, then read Maria Silva's conversation and answer her
				const address = new URL(`${n8n().url}/mcp/helena`);
				const headers = { Authorization: `Bearer ${MCP_TOKEN_CREDENTIAL.data.token}` };
				await until(
					'the MCP Server Trigger answering',
					() =>
						client.connect(new StreamableHTTPClientTransport(address, { requestInit: { headers } })).then(
							() => true,
							() => false,
						),
					Boolean,
				);
				const call = async (name, args) => {
					const result = await client.callTool({ name, arguments: args });
					assert.ok(!result.isError, `${name}: ${JSON.stringify(result.content)}`);
					return JSON.parse(result.content[0].text);
				};
				const contact = [await call('Find_contact_by_phone', { phone: '5511999999999' })].flat()[0];
				assert.equal(contact.name, 'Maria Silva');
				const conversations = [await call('List_conversations_of_a_contact', { contactId: contact.id })].flat();
				const open = conversations.find((conversation) => conversation.status !== 'COMPLETED');
				await call('Get_conversation_history', { sessionId: open.id, count: 5 });
				const before = (await messagesOf('Maria Silva')).length;
				await call('Send_a_text_in_a_conversation', { sessionId: open.id, message: 'Oi Maria, recebemos sua mensagem.' });
				await until(
					'the answer in Maria Silva’s conversation on the page',
					() => messagesOf('Maria Silva'),
					(list) => list.slice(before).some((m) => m.text === 'Oi Maria, recebemos sua mensagem.'),
				);
			} finally {
				await client.close().catch(() => undefined);
				await deactivate(workflow);
			}
		},
		'ai-assistant-asks-manager-before-transfer.json': async (workflow) => {
			await activate(workflow);
			try {
				const managerBefore = (await messagesOf('Maria Silva')).length;
				// a contact writes from a new number: a conversation of no department yet
				const { id } = await onPage('startConversation', {
					phone: '+55 11 97300-3301',
					name: 'Rui Gate',
					text: 'Quero falar com uma pessoa, por favor',
				});
				// Maria Silva, the manager here, gets the approval request with two buttons
				const asked = await until(
					'the approval request in Maria Silva’s conversation',
					() => messagesOf('Maria Silva'),
					(list) => list.slice(managerBefore).some((m) => m.answers.length === 2),
				);
				const request = asked.slice(managerBefore).find((m) => m.answers.length === 2);
				assert.deepEqual(
					request.answers.map((answer) => answer.label),
					['Approve', 'Decline'],
				);
				assert.equal(conversationById(await pageState(), id).department, null, 'transferred before anyone approved');
				// click Approve, as she would: the conversation is transferred
				const approve = await fetch(request.answers[0].url, { headers: BROWSER });
				assert.equal(approve.status, 200);
				await until(
					'Rui Gate’s conversation transferred to Suporte',
					async () => conversationById(await pageState(), id),
					(conversation) => conversation.department === 'Suporte',
				);
				// the assistant told the contact it was asking a manager
				assert.ok((await messagesIn(id)).some((m) => !m.fromContact && /gerente/.test(m.text ?? '')));
			} finally {
				await deactivate(workflow);
			}
		},
	};

	/**
	 * The contact-changes row waits for n8n's every-minute poll: it is activated and a contact changed first, and
	 * its CSV checked last, while the other rows are walked.
	 */
	const polling = demoWorkflowOf('contact-changes-to-spreadsheet.json');
	let changedContactId;
	let pollingBefore = 0;
	const contactChangesStart = async () => {
		pollingBefore = (await executions(polling)).length;
		await activate(polling);
		await sleep(3000); // the trigger's first poll, at activation, sets its cursor
		const { contacts } = await pageState();
		// not one of the three npm start changed for the nightly export, which that row counts
		changedContactId = contacts.find((contact) => contact.name === 'Maria Silva').id;
		await onPage('changeContact', { contactId: changedContactId });
	};
	const contactChangesEnd = async () => {
		try {
			const list = await until(
				'an execution with the changed contact (the trigger polls every minute)',
				() => executions(polling),
				(all) =>
					all
						.slice(0, all.length - pollingBefore)
						.some((execution) => itemsOf(execution, 'Spreadsheet columns').some((item) => item.json['Contact ID'] === changedContactId)),
				{ timeoutMs: 150_000, intervalMs: 2000 },
			);
			const execution = list.find((each) =>
				itemsOf(each, 'Spreadsheet columns').some((item) => item.json['Contact ID'] === changedContactId),
			);
			assert.equal(executionStatus(execution), 'success');
			assert.ok(itemsOf(execution, 'Spreadsheet file')[0]?.binary?.data, 'no CSV file');
		} finally {
			await deactivate(polling);
		}
	};

	const rows = readmeTryItRows();
	test('the README has a "Try it with `npm start`" row for every example, and each row is walked', () => {
		assert.deepEqual([...rows.keys()].sort(), exampleFiles());
		const walked = new Set([...Object.keys(walks), 'contact-changes-to-spreadsheet.json', ...walkedByBrowser]);
		assert.deepEqual(
			exampleFiles().filter((file) => !walked.has(file)),
			[],
			'examples whose README row this test does not walk',
		);
		for (const [file, steps] of rows)
			assert.ok(!/OpenAI credential of your own|Pick an OpenAI credential/.test(steps), `${file}: ${steps}`);
	});

	test('contact-changes-to-spreadsheet.json (first half): activate it, click Change on a contact', contactChangesStart);
	for (const [file, walk] of Object.entries(walks)) {
		test(`${file}: ${rows.get(file) ?? '(no README row)'}`, async () => {
			await walkWithDiagnosis(demoWorkflowOf(file), walk);
		});
	}
	test('contact-changes-to-spreadsheet.json (second half): within a minute an execution makes the CSV with that change', contactChangesEnd);
}
