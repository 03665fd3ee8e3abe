// The Conversation operations that work inside one conversation, in one workflow run by `n8n execute`: sends
// into it (text, template, file, waiting for Helena's result), its history, assignment, status and notes.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';

import { outputOf } from '../../../scripts/lib/n8n.mjs';
import { helenaChainWorkflow } from '../../../scripts/lib/workflows.mjs';
import { e2e } from '../context.mjs';

const require = createRequire(import.meta.url);
const { demo } = require('../../sandbox/index.js');

const rl = (value, mode = 'list') => ({ __rl: true, mode, value });

describe(`Conversation operations inside one conversation in n8n ${e2e.version}`, () => {
	test('send text, template, file and a synchronous send; read the history; assign; notes; status; bad input named', async () => {
		const sandbox = e2e.sandbox;
		const session = sandbox.chat.contactWrites('+55 11 95555-0303', 'Oi, quero um orçamento').id;
		sandbox.clearRequests();
		const inSession = (parameters) => ({ resource: 'session', sessionId: session, ...parameters });

		const workflow = helenaChainWorkflow('e2eConvOps000001', [
			{ name: 'Answer', parameters: inSession({ operation: 'sendMessage', text: 'Claro! Qual produto?' }) },
			{
				name: 'Welcome template',
				parameters: inSession({
					operation: 'sendMessage',
					content: 'template',
					template: rl(demo.templateId('boas_vindas')),
					templateParameters: { parameter: [{ name: 'nome', value: 'Lia' }] },
				}),
			},
			{
				name: 'Template with a stray parameter',
				parameters: inSession({
					operation: 'sendMessage',
					content: 'template',
					template: rl(demo.templateId('boas_vindas')),
					templateParameters: {
						parameter: [
							{ name: 'nome', value: 'Lia' },
							{ name: 'cupom', value: 'X' },
						],
					},
				}),
			},
			{
				name: 'Price list',
				parameters: inSession({
					operation: 'sendMessage',
					content: 'file',
					fileSource: 'url',
					fileUrl: 'https://example.com/precos.pdf',
					caption: 'Tabela de preços',
				}),
			},
			{ name: 'Wait for result', parameters: inSession({ operation: 'sendMessage', text: 'Aguardo', options: { waitForResult: true } }) },
			{ name: 'History', parameters: inSession({ operation: 'getMessages', returnAll: true }) },
			{ name: 'Assign', parameters: inSession({ operation: 'assign', user: rl(demo.userId('Bruno Lima')) }) },
			{ name: 'Note', parameters: inSession({ operation: 'addNote', text: 'Quer orçamento de 10 unidades' }) },
			{ name: 'Notes', parameters: inSession({ operation: 'getNotes', returnAll: true }) },
			{ name: 'One note', parameters: { resource: 'session', operation: 'getNote', noteId: "={{ $('Note').first().json.id }}" } },
			{ name: 'Delete note', parameters: { resource: 'session', operation: 'deleteNote', noteId: "={{ $('Note').first().json.id }}" } },
			{
				name: 'Delete note again',
				parameters: { resource: 'session', operation: 'deleteNote', noteId: "={{ $('Note').first().json.id }}" },
			},
			{ name: 'Bad status', parameters: inSession({ operation: 'setStatus', status: '={{ "CLOSED" }}' }) },
			{ name: 'Close', parameters: inSession({ operation: 'setStatus', status: 'COMPLETED' }) },
		]);

		const result = await e2e.executeWorkflow(workflow);

		assert.equal(result.ok, true, result.raw.stdout.slice(-3000) + result.raw.stderr.slice(-3000));
		const out = (name) => outputOf(result.runData, name);
		assert.deepEqual([out('Answer')[0].sessionId, out('Answer')[0].status], [session, 'QUEUED']);
		assert.equal(out('Welcome template')[0].status, 'QUEUED');
		assert.match(
			out('Template with a stray parameter')[0].error,
			/Template Parameters has "cupom", which the template "boas_vindas" does not declare/,
		);
		assert.equal(out('Price list')[0].sessionId, session);
		assert.deepEqual([out('Wait for result')[0].status, out('Wait for result')[0].text], ['SENT', 'Aguardo']);
		assert.deepEqual(
			out('History').map((message) => [message.direction, message.author, message.type, message.text]),
			[
				['received', 'contact', 'TEXT', 'Oi, quero um orçamento'],
				['sent', 'api', 'TEXT', 'Claro! Qual produto?'],
				['sent', 'api', 'TEXT', 'Olá Lia, obrigado pelo contato! Como podemos ajudar?'],
				['sent', 'api', 'DOCUMENT', 'Tabela de preços'],
				['sent', 'api', 'TEXT', 'Aguardo'],
			],
		);
		assert.equal(out('History')[3].file.url, 'https://example.com/precos.pdf');
		assert.deepEqual([out('Assign')[0].userId, out('Assign')[0].status], [demo.userId('Bruno Lima'), 'IN_PROGRESS']);
		assert.deepEqual(
			out('Notes').map((note) => note.text),
			['Quer orçamento de 10 unidades'],
		);
		assert.equal(out('One note')[0].id, out('Note')[0].id);
		assert.deepEqual(out('Delete note')[0], { deleted: true, id: out('Note')[0].id });
		assert.deepEqual(out('Delete note again')[0], { deleted: false, id: out('Note')[0].id, alreadyGone: true });
		assert.match(
			out('Bad status')[0].error,
			/^Status must be one of COMPLETED, HIDDEN, IN_PROGRESS, PENDING, STARTED, not "CLOSED" \(item 0\)$/,
		);
		assert.equal(out('Close')[0].status, 'COMPLETED');

		const changes = sandbox.requests.filter((request) => request.method !== 'GET');
		assert.deepEqual(
			changes.map((request) => `${request.status} ${request.method} ${request.decodedPath.replace(session, '<s>')}`),
			[
				'200 POST /chat/v1/session/<s>/message',
				'200 POST /chat/v1/session/<s>/message',
				'200 POST /chat/v1/session/<s>/message',
				'200 POST /chat/v1/session/<s>/message/sync',
				'200 PUT /chat/v1/session/<s>/assignee',
				'200 POST /chat/v1/session/<s>/note',
				`200 DELETE /chat/v1/session/note/${out('Note')[0].id}`,
				`500 DELETE /chat/v1/session/note/${out('Note')[0].id}`,
				'200 PUT /chat/v1/session/<s>/status',
			],
		);
		assert.deepEqual(changes[1].body, { templateId: demo.templateId('boas_vindas'), parameters: { nome: 'Lia' } });
		assert.deepEqual(changes[2].body, { text: 'Tabela de preços', fileUrl: 'https://example.com/precos.pdf' });
		assert.equal(sandbox.chat.session(session).status, 'COMPLETED');
	});
});
