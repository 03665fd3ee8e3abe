import type { INodeParameters } from 'n8n-workflow';

import { allRequests, COMERCIAL, fromList, MARIA_PHONE, mariaSession, useChatSandbox } from '../chat/chatFixture';
import { TEST_API_KEY } from '../engine/sandbox';
import { demo } from '../sandbox';

/*
 * A connection that breaks after the request was sent leaves its outcome unknown: Helena may have applied
 * it. A request that is not safe to repeat is then never repeated, and n8n says so, exactly as for a
 * timeout or a 5xx. Only a failure before anything was sent (a refused connection) is "Could not reach
 * Helena". Every request, the upload to the file store included, obeys the credential's Timeout.
 */
describe('an outcome that is unknown is reported as such, never as a failure to connect', () => {
	const helena = useChatSandbox();
	beforeEach(() => helena.sandbox.misbehaviour.clear());
	afterAll(() => helena.sandbox.misbehaviour.clear());

	const lines = () => allRequests(helena).map((request) => `${request.method} ${request.path}`);
	const pdf = (name = 'fatura.pdf') => ({
		json: {},
		binary: { data: { data: Buffer.from('%PDF-1.4 fatura').toString('base64'), mimeType: 'application/pdf', fileName: name } },
	});

	const plainWrites: Array<[string, () => INodeParameters, string]> = [
		[
			'Send Text to a phone',
			() => ({ resource: 'message', operation: 'sendText', phoneNumber: MARIA_PHONE, text: 'Oi' }),
			'/chat/v1/send/text',
		],
		[
			'Send Text into a conversation',
			() => ({ resource: 'message', operation: 'sendText', sendTo: 'session', sessionId: mariaSession(helena).id, text: 'Oi' }),
			'/chat/v1/send/text',
		],
		[
			'Send Media by URL',
			() => ({
				resource: 'message',
				operation: 'sendMedia',
				sendTo: 'session',
				sessionId: mariaSession(helena).id,
				mediaType: 'document',
				fileUrl: 'https://example.com/a.pdf',
			}),
			'/chat/v1/send/document',
		],
		[
			'Send Template',
			() => ({
				resource: 'message',
				operation: 'sendTemplate',
				channel: fromList(COMERCIAL.id, 'WhatsApp Comercial'),
				phoneNumber: '+55 11 97654-0000',
				template: fromList(demo.templateId('boas_vindas'), 'boas_vindas'),
				templateParameters: { parameter: [{ name: 'nome', value: 'Bruna' }] },
			}),
			'/chat/v1/send/template',
		],
		[
			'Start Chatbot',
			() => ({
				resource: 'message',
				operation: 'startChatbot',
				chatbot: fromList(demo.chatbotKey('Triagem'), 'Triagem'),
				sendTo: 'session',
				sessionId: mariaSession(helena).id,
			}),
			'/chat/v1/send/chatbot',
		],
		[
			'Add Note',
			() => ({ resource: 'session', operation: 'addNote', sessionId: mariaSession(helena).id, text: 'Resumo' }),
			'/chat/v1/session/{id}/note',
		],
		[
			'Contact Create',
			() => ({ resource: 'contact', operation: 'create', name: 'Lia', phoneNumber: '+55|11955550000' }),
			'/core/v1/contact',
		],
		['Department Create', () => ({ resource: 'department', operation: 'create', name: 'Plantão' }), '/core/v1/department'],
		[
			'Webhook Create',
			() => ({ resource: 'webhook', operation: 'create', name: 'CRM', url: 'https://crm.example.com/hook', events: ['CONTACT_NEW'] }),
			'/core/v1/webhook/subscription',
		],
	];

	describe.each([
		['reset after the request was read', { reset: true }],
		['applied, then the connection dropped', { loseAnswer: true }],
	])('%s', (_case, rule) => {
		test.each(plainWrites)('%s: sent once, and the error says it may have been applied', async (_name, parameters, endpoint) => {
			const run = parameters();
			helena.sandbox.clearRequests();
			helena.sandbox.misbehaviour.next({ ...rule, method: 'POST' });

			const { items, error } = await helena.run(run);

			expect(items).toEqual([]);
			// a send says what became of the message too: the model of an AI Agent sees only the message
			const sends = endpoint.startsWith('/chat/v1/send/');
			expect(error?.message).toBe(
				`The connection to Helena broke during POST ${endpoint}; the request was not repeated${sends ? '; the message may have been sent' : ''}`,
			);
			expect(error?.description).toContain('broke after the request was sent');
			expect(error?.description).toContain('Helena may have applied it');
			expect(error?.description).toContain('Check in Helena whether it was applied');
			expect(error?.message).not.toContain('Could not reach');
			expect(JSON.stringify([error?.message, error?.description])).not.toContain(TEST_API_KEY);
			expect(lines().filter((line) => line.startsWith('POST')).length).toBe(1);
		});
	});

	test('a lost answer to Send Text: the message exists once in Helena, and the node did not send it again', async () => {
		const session = mariaSession(helena);
		helena.sandbox.misbehaviour.next({ loseAnswer: true, method: 'POST', path: '/chat/v1/send/text' });

		const { error } = await helena.run({
			resource: 'message',
			operation: 'sendText',
			sendTo: 'session',
			sessionId: session.id,
			text: 'Único',
		});

		expect(error?.message).toBe(
			'The connection to Helena broke during POST /chat/v1/send/text; the request was not repeated; the message may have been sent',
		);
		expect(lines()).toEqual(['POST /chat/v1/send/text']);
		expect(helena.sandbox.requests[0].status).toBe(0);
	});

	test('a refused connection (nothing sent) is "Could not reach Helena", for a send as for a read', async () => {
		const credentials = { baseUrl: 'http://127.0.0.1:9' };
		const send = await helena.run(
			{ resource: 'message', operation: 'sendText', phoneNumber: '+55 11 97654-0000', text: 'Oi' },
			{ credentials },
		);
		const read = await helena.run({ resource: 'session', operation: 'get', sessionId: mariaSession(helena).id }, { credentials });

		expect(send.error?.message).toBe('Could not reach Helena at http://127.0.0.1:9; the message was not sent');
		expect(send.error?.description).toContain('Check the Base URL');
		expect(read.error?.message).toBe('Could not reach Helena at http://127.0.0.1:9');
		expect(helena.sandbox.requests).toEqual([]);
	});

	test('a repeatable change (Session Update, a PUT) whose connection resets once is repeated and applied', async () => {
		const session = mariaSession(helena);
		helena.sandbox.misbehaviour.next({ reset: true, method: 'PUT' });

		const { items, error } = await helena.run({
			resource: 'session',
			operation: 'update',
			sessionId: session.id,
			updateFields: { number: 'PROT-1' },
		});

		expect(error).toBeUndefined();
		expect(items[0].json.number).toBe('PROT-1');
		expect(lines()).toEqual(Array(2).fill(`PUT /chat/v2/session/${session.id}/partial`));
	});

	test('a repeatable change whose connection resets every time says so after 3 attempts, without "Could not reach"', async () => {
		const session = mariaSession(helena);
		helena.sandbox.misbehaviour.always({ reset: true, method: 'PUT' });

		const { error } = await helena.run({ resource: 'session', operation: 'update', sessionId: session.id, updateFields: { number: 'X' } });

		expect(error?.message).toBe(`The connection to Helena broke during PUT /chat/v2/session/{id}/partial (3 attempts)`);
		expect(lines()).toHaveLength(3);
	});

	describe('the upload to the file store', () => {
		const media = () => ({
			resource: 'message',
			operation: 'sendMedia',
			sendTo: 'session',
			sessionId: mariaSession(helena).id,
			mediaType: 'document',
			fileSource: 'binary',
			binaryPropertyName: 'data',
		});

		test('a store that accepts and never answers ends with a timeout error after the credential Timeout; nothing is sent', async () => {
			helena.sandbox.misbehaviour.always({ storage: true, hang: true });
			const started = Date.now();

			const { items, error } = await helena.run(media(), { inputItems: [pdf()], credentials: { timeout: 0.5 } });

			expect(Date.now() - started).toBeLessThan(10_000);
			expect(items).toEqual([]);
			expect(error?.message).toBe(`The upload of "fatura.pdf" to Helena's file storage failed (item 0)`);
			expect(error?.description).toContain('no answer within 0.5 s (the Timeout of the "Helena API" credential)');
			expect(lines().map((line) => line.replace(/\/__storage\/.*/, '/__storage/…'))).toEqual(['GET /core/v2/file', 'PUT /__storage/…']);
		});

		test('a store that drops the connection: the error names the file and the item; nothing is confirmed or sent', async () => {
			helena.sandbox.misbehaviour.next({ storage: true, reset: true });

			const { error } = await helena.run(media(), { inputItems: [pdf('nota.pdf')] });

			expect(error?.message).toBe(`The upload of "nota.pdf" to Helena's file storage failed (item 0)`);
			expect(error?.description).toContain('the connection broke during the upload');
			expect(lines().filter((line) => line.startsWith('POST'))).toEqual([]);
		});

		test('the API obeys the Timeout too: a send that hangs ends after it, not repeated', async () => {
			helena.sandbox.misbehaviour.next({ hang: true, method: 'POST', path: '/chat/v1/send/text' });

			const { error } = await helena.run(
				{ resource: 'message', operation: 'sendText', sendTo: 'session', sessionId: mariaSession(helena).id, text: 'Oi' },
				{ credentials: { timeout: 0.3 } },
			);

			expect(error?.message).toBe(
				'Helena did not answer POST /chat/v1/send/text within 0.3 s; the request was not repeated; the message may have been sent',
			);
			expect(lines()).toEqual(['POST /chat/v1/send/text']);
		});
	});
});
