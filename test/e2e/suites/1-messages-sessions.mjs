// Every Message and Conversation operation in one workflow run by `n8n execute`, against the sandbox's chat
// service: the requests Helena received and the items n8n put out, failure cases included.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';

import { outputOf } from '../../../scripts/lib/n8n.mjs';
import { e2e } from '../context.mjs';
import { helenaChainWorkflow } from '../../../scripts/lib/workflows.mjs';

const require = createRequire(import.meta.url);
const { demo } = require('../../sandbox/index.js');

const rl = (value, mode = 'list') => ({ __rl: true, mode, value });
const NEW_LEAD = '+55 41 99876-5432';

describe(`Message and Conversation operations in n8n ${e2e.version}`, () => {
	test('send, template, media, chatbot, status, message history, download, typing, OTP, delete, get many, get, transfer, update, note and complete; the window and parameter failures', async () => {
		const sandbox = e2e.sandbox;
		const maria = sandbox.chat.sessions().find((session) => session.contactId === demo.contactId(1) && session.status !== 'COMPLETED');
		sandbox.chat.contactWrites(demo.undeliverablePhone, 'oi');
		// Maria sends a voice note: its file lives on the media origin, another host than the API
		const voice = sandbox.chat.contactSendsFile(demo.contactPhone(1), { name: 'voz.ogg', mimeType: 'audio/ogg', size: 200_000 });
		sandbox.clearRequests();
		sandbox.media.requests.length = 0;
		const session = maria.id;

		const workflow = helenaChainWorkflow('e2eChatOps000001', [
			{
				name: 'Open conversations',
				parameters: { resource: 'session', operation: 'getAll', returnAll: true, filters: { status: ['IN_PROGRESS'] } },
			},
			{
				name: 'Reply',
				parameters: { resource: 'message', operation: 'sendText', sendTo: 'session', sessionId: session, text: 'Olá Maria!' },
			},
			{ name: 'Reply status', parameters: { resource: 'message', operation: 'getStatus', messageId: "={{ $('Reply').first().json.id }}" } },
			{
				name: 'Text outside window',
				parameters: { resource: 'message', operation: 'sendText', sendTo: 'phone', phoneNumber: NEW_LEAD, text: 'Oi!' },
			},
			{
				name: 'Template',
				parameters: {
					resource: 'message',
					operation: 'sendTemplate',
					channel: rl('5511940000001', 'number'),
					phoneNumber: NEW_LEAD,
					template: rl(demo.templateId('boas_vindas')),
					templateParameters: { parameter: [{ name: 'nome', value: 'Lia' }] },
				},
			},
			{
				name: 'Template positional',
				parameters: {
					resource: 'message',
					operation: 'sendTemplate',
					channel: rl(demo.channelId('WhatsApp Comercial')),
					phoneNumber: NEW_LEAD,
					template: rl(demo.templateId('boas_vindas')),
					templateParameters: { parameter: [{ name: '1', value: 'Lia' }] },
				},
			},
			{
				name: 'Brochure',
				parameters: {
					resource: 'message',
					operation: 'sendMedia',
					sendTo: 'session',
					sessionId: session,
					mediaType: 'document',
					fileUrl: 'https://example.com/brochure.pdf',
					caption: 'Our brochure',
				},
			},
			{
				name: 'To undeliverable',
				parameters: { resource: 'message', operation: 'sendText', phoneNumber: demo.undeliverablePhone, text: 'Olá' },
			},
			{
				name: 'Chatbot',
				parameters: {
					resource: 'message',
					operation: 'startChatbot',
					chatbot: rl(demo.chatbotKey('Triagem')),
					sendTo: 'session',
					sessionId: session,
				},
			},
			{ name: 'History', parameters: { resource: 'message', operation: 'getAll', sessionId: session, returnAll: true } },
			{ name: 'Voice file', parameters: { resource: 'message', operation: 'downloadMedia', messageId: voice.message.id } },
			{ name: 'Reply message', parameters: { resource: 'message', operation: 'get', messageId: "={{ $('Reply').first().json.id }}" } },
			{ name: 'Typing', parameters: { resource: 'message', operation: 'sendTyping', sessionId: session } },
			{
				name: 'OTP',
				parameters: {
					resource: 'message',
					operation: 'sendOtp',
					channel: rl('5511940000001', 'number'),
					phoneNumber: NEW_LEAD,
					otpOptions: { senderId: 'e2e-otp-1' },
				},
			},
			{ name: 'OTP status', parameters: { resource: 'message', operation: 'getStatus', sentWith: 'otp', messageId: 'e2e-otp-1' } },
			{ name: 'Delete reply', parameters: { resource: 'message', operation: 'delete', messageId: "={{ $('Reply').first().json.id }}" } },
			{ name: 'Conversation', parameters: { resource: 'session', operation: 'get', sessionId: session } },
			{
				name: 'Transfer',
				parameters: {
					resource: 'session',
					operation: 'transfer',
					sessionId: session,
					transferDepartment: rl(demo.departmentId('Suporte')),
					transferUser: rl(demo.userId('Carla Mendes')),
				},
			},
			{
				name: 'Outcome',
				parameters: { resource: 'session', operation: 'update', sessionId: session, updateFields: { outcome: 'WON', amount: 990 } },
			},
			{ name: 'Note', parameters: { resource: 'session', operation: 'addNote', sessionId: session, text: 'Won: plano anual' } },
			{ name: 'Complete', parameters: { resource: 'session', operation: 'complete', sessionId: session } },
		]);

		const result = await e2e.executeWorkflow(workflow);

		assert.equal(result.ok, true, result.raw.stdout.slice(-3000) + result.raw.stderr.slice(-3000));
		const out = (name) => outputOf(result.runData, name);
		assert.deepEqual(
			out('Open conversations').map((s) => s.id),
			[session],
		);
		const [reply] = out('Reply');
		assert.equal(reply.sessionId, session);
		assert.ok(['QUEUED', 'SENT', 'DELIVERED', 'READ'].includes(out('Reply status')[0].status));
		assert.match(
			out('Text outside window')[0].error,
			/24-hour window with the contact \+55 41 99876-5432 is closed: only a template can start the conversation/,
		);
		assert.equal(out('Template')[0].status, 'QUEUED');
		assert.match(
			out('Template positional')[0].error,
			/Template Parameters has "1", which the template "boas_vindas" does not declare \(its parameters: nome\)/,
		);
		assert.equal(out('Brochure')[0].sessionId, session);
		assert.equal(out('Chatbot')[0].sessionId, session);
		const history = out('History');
		assert.ok(history.some((m) => m.author === 'contact' && m.type === 'AUDIO' && m.file?.name === 'voz.ogg'));
		assert.ok(history.some((m) => m.id === reply.id && m.text === 'Olá Maria!'));
		const [voiceItem] = result.runData['Voice file'][0].data.main[0];
		assert.equal(voiceItem.json.id, voice.message.id);
		assert.equal(voiceItem.binary.data.fileName, 'voz.ogg');
		assert.equal(voiceItem.binary.data.mimeType, 'audio/ogg');
		// n8n 1.x keeps binary data in the execution (base64); a binary data store keeps only its ID there
		if (!voiceItem.binary.data.id) {
			assert.equal(createHash('sha256').update(Buffer.from(voiceItem.binary.data.data, 'base64')).digest('hex'), voice.sha256);
		}
		assert.equal(sandbox.media.requests.length, 1);
		assert.deepEqual(sandbox.media.keyLeaks(), []);
		assert.equal(out('Reply message')[0].text, 'Olá Maria!');
		assert.deepEqual(out('Typing'), [{ sent: true, sessionId: session }]);
		assert.equal(out('OTP')[0].senderId, 'e2e-otp-1');
		assert.equal(out('OTP status')[0].status, 'SENT');
		assert.deepEqual(out('Delete reply'), [{ deleted: true, id: reply.id }]);
		assert.equal(out('Conversation')[0].contactDetails.name, 'Maria Silva');
		assert.deepEqual(
			[out('Transfer')[0].userId, out('Transfer')[0].departmentId],
			[demo.userId('Carla Mendes'), demo.departmentId('Suporte')],
		);
		assert.equal(out('Outcome')[0].classification.category, 'WON');
		assert.equal(out('Note')[0].type, 'NOTE');
		assert.equal(out('Complete')[0].status, 'COMPLETED');

		const sent = sandbox.requests.filter((request) => request.method !== 'GET');
		assert.deepEqual(
			sent.map(
				(request) => `${request.status} ${request.method} ${request.decodedPath.replace(session, '<maria>').replace(reply.id, '<reply>')}`,
			),
			[
				'200 POST /chat/v1/send/text',
				'400 POST /chat/v1/send/text',
				'200 POST /chat/v1/send/template',
				'200 POST /chat/v1/send/document',
				'200 POST /chat/v1/send/text',
				'200 POST /chat/v1/send/chatbot',
				'200 POST /chat/v1/send/typing',
				'200 POST /chat/v1/send/otp',
				'200 DELETE /chat/v1/message/<reply>',
				'200 PUT /chat/v1/session/<maria>/transfer',
				'200 PUT /chat/v2/session/<maria>/partial',
				'200 POST /chat/v1/session/<maria>/note',
				'200 PUT /chat/v1/session/<maria>/complete',
			],
		);
		assert.deepEqual(sent[2].body, {
			from: '5511940000001',
			to: NEW_LEAD,
			templateId: demo.templateId('boas_vindas'),
			parameters: { nome: 'Lia' },
		});

		// The undeliverable number: once the sandbox has moved every message on, Get Status reads FAILED and why.
		sandbox.chat.settle();
		const failedId = out('To undeliverable')[0].id;
		const status = await e2e.executeWorkflow(
			helenaChainWorkflow('e2eChatStatus001', [
				{ name: 'Status', parameters: { resource: 'message', operation: 'getStatus', messageId: failedId } },
			]),
		);
		assert.equal(status.ok, true, status.raw.stderr.slice(-2000));
		assert.deepEqual((({ status: s, failedReason }) => ({ status: s, failedReason }))(outputOf(status.runData, 'Status')[0]), {
			status: 'FAILED',
			failedReason: 'O número não possui uma conta de WhatsApp',
		});
	});
});
