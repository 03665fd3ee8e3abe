import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { demo } from '../sandbox';
import { allRequests, byId, mariaSession, MISSING, useChatSandbox } from '../chat/chatFixture';

/*
 * Send Message writes into an existing conversation: a text, a template of the conversation's channel
 * with its parameters (checked against the template before anything is sent), or a file by URL, by
 * Helena file ID or from an n8n binary field. The message joins the conversation's history.
 */
describe('Conversation → Send Message', () => {
	const helena = useChatSandbox();
	beforeEach(() => helena.sandbox.misbehaviour.clear());

	const lines = () => allRequests(helena).map((request) => `${request.method} ${request.path.replace(/\/__storage\/.*/, '/__storage/…')}`);
	const send = (parameters: INodeParameters, options?: { inputItems?: INodeExecutionData[] }) =>
		helena.run({ resource: 'session', operation: 'sendMessage', sessionId: mariaSession(helena).id, ...parameters }, options);
	const history = (id: string) => helena.sandbox.chat.history(id);

	test('a text goes into the conversation and joins its history; the output is the queued receipt', async () => {
		const { id } = mariaSession(helena);
		const before = history(id).length;

		const { items, error } = await send({ text: 'Olá Maria, tudo certo com seu pedido!' });

		expect(error).toBeUndefined();
		expect(allRequests(helena)).toEqual([
			{ method: 'POST', path: `/chat/v1/session/${id}/message`, query: {}, body: { text: 'Olá Maria, tudo certo com seu pedido!' } },
		]);
		expect(items[0].json).toMatchObject({ sessionId: id, status: 'QUEUED', statusUrl: expect.stringContaining(String(items[0].json.id)) });
		expect(
			history(id)
				.slice(before)
				.map((message: { text: string; direction: string }) => [message.direction, message.text]),
		).toEqual([['TO_HUB', 'Olá Maria, tudo certo com seu pedido!']]);
	});

	test("Wait for Helena's Result uses the synchronous send and outputs the message as the channel took it", async () => {
		const { id } = mariaSession(helena);

		const { items, error } = await send({ text: 'Um momento', options: { waitForResult: true, refId: '' } });

		expect(error).toBeUndefined();
		expect(lines()).toEqual([`POST /chat/v1/session/${id}/message/sync`]);
		expect(items[0].json).toMatchObject({ sessionId: id, status: 'SENT', direction: 'TO_HUB', text: 'Um momento' });
	});

	test('a template of the conversation’s channel with its parameters: read, checked, then sent once', async () => {
		const { id } = mariaSession(helena);
		const template = demo.templateId('boas_vindas');

		const { items, error } = await send({
			content: 'template',
			template: byId(template),
			templateParameters: { parameter: [{ name: 'nome', value: 'Maria' }] },
		});

		expect(error).toBeUndefined();
		expect(lines()).toEqual([
			`GET /chat/v2/session/${id}`,
			'GET /chat/v1/channel',
			'GET /chat/v1/template',
			`POST /chat/v1/session/${id}/message`,
		]);
		expect(allRequests(helena)[3].body).toEqual({ templateId: template, parameters: { nome: 'Maria' } });
		expect(items[0].json.status).toBe('QUEUED');
		expect(history(id).at(-1)).toMatchObject({ templateId: template, text: 'Olá Maria, obrigado pelo contato! Como podemos ajudar?' });
	});

	test.each([
		[
			'a parameter the template lacks',
			{
				parameter: [
					{ name: 'nome', value: 'Maria' },
					{ name: 'cupom', value: 'X' },
				],
			},
			'Template Parameters has "cupom", which the template "boas_vindas" does not declare (its parameters: nome) (item 0)',
		],
		['a parameter it needs left out', {}, 'Template Parameters lacks "nome", required by the template "boas_vindas" (item 0)'],
	])('%s is refused before the send', async (_title, templateParameters, message) => {
		const { error } = await send({ content: 'template', template: byId(demo.templateId('boas_vindas')), templateParameters });

		expect(error?.message).toBe(message);
		expect(lines().filter((line) => line.startsWith('POST'))).toEqual([]);
	});

	test('a template of another channel, a template not approved and a completed conversation are refused before the send', async () => {
		const other = await send({
			content: 'template',
			template: byId(demo.templateId('retorno_suporte')),
			templateParameters: {
				parameter: [
					{ name: 'nome', value: 'Maria' },
					{ name: 'protocolo', value: '1' },
				],
			},
		});
		expect(other.error?.message).toMatch(/^Template "[0-9a-f-]+" is not a template of the channel WhatsApp Comercial/);

		const draft = await send({
			content: 'template',
			template: byId(demo.templateId('rascunho')),
			templateParameters: { parameter: [{ name: 'nome', value: 'Maria' }] },
		});
		expect(draft.error?.message).toBe('Template "rascunho" is not approved by WhatsApp (status InRevision) (item 0)');

		const completed = helena.sandbox.chat.sessions().find((s: { status: string }) => s.status === 'COMPLETED');
		const closed = await helena.run({
			resource: 'session',
			operation: 'sendMessage',
			sessionId: completed.id,
			content: 'template',
			template: byId(demo.templateId('boas_vindas')),
			templateParameters: { parameter: [{ name: 'nome', value: 'Bruno' }] },
		});
		expect(closed.error?.message).toBe(
			`Session ID names a completed conversation ("${completed.id}"): Helena sends only into an open one (item 0)`,
		);
		expect(lines().filter((line) => line.startsWith('POST'))).toEqual([]);
	});

	test('a text into a completed conversation: Helena refuses, and the error says what to do', async () => {
		const completed = helena.sandbox.chat.sessions().find((s: { status: string }) => s.status === 'COMPLETED');

		const { error } = await helena.run({ resource: 'session', operation: 'sendMessage', sessionId: completed.id, text: 'Oi' });

		expect(error?.message).toBe(
			`The conversation "${completed.id}" is completed: Helena sends only into an open one (item 0); the message was not sent`,
		);
		expect(error?.description).toMatch(/^Send to the contact's phone number with Message → Send Text or Send Template/);
	});

	test("outside WhatsApp's 24-hour window a text is refused with what to do, and a template goes", async () => {
		const completed = helena.sandbox.chat.sessions().find((s: { status: string }) => s.status === 'COMPLETED');
		await helena.run({ resource: 'session', operation: 'setStatus', sessionId: completed.id, status: 'PENDING' });
		expect(helena.sandbox.chat.session(completed.id).windowStatus).toBe('EXPIRED');
		const before = helena.sandbox.chat.history(completed.id).length;

		const text = await helena.run({ resource: 'session', operation: 'sendMessage', sessionId: completed.id, text: 'Oi' });
		const template = await helena.run({
			resource: 'session',
			operation: 'sendMessage',
			sessionId: completed.id,
			content: 'template',
			template: byId(demo.templateId('boas_vindas')),
			templateParameters: { parameter: [{ name: 'nome', value: 'Bruno' }] },
		});

		expect(text.error?.message).toBe(
			"WhatsApp's 24-hour window with this conversation is closed: only a template can start the conversation; the message was not sent",
		);
		expect(text.error?.description).toMatch(
			/^Send a template \(Content: Template\), or send this once the contact has written in the last 24 hours/,
		);
		expect(template.error).toBeUndefined();
		expect(
			helena.sandbox.chat
				.history(completed.id)
				.map((message: { text: string }) => message.text)
				.slice(before),
		).toEqual(['Olá Bruno, obrigado pelo contato! Como podemos ajudar?']);
	});

	test('a file by Helena file ID, and a file from a binary field (uploaded first, sent by its new ID)', async () => {
		const { id } = mariaSession(helena);
		const pdf = {
			json: {},
			binary: {
				data: { data: Buffer.from('%PDF-1.4 horários').toString('base64'), mimeType: 'application/pdf', fileName: 'horarios.pdf' },
			},
		};

		const uploaded = await send({ content: 'file', fileSource: 'binary', binaryPropertyName: 'data' }, { inputItems: [pdf] });

		expect(uploaded.error).toBeUndefined();
		expect(lines()).toEqual(['GET /core/v2/file', 'PUT /__storage/…', 'POST /core/v2/file', `POST /chat/v1/session/${id}/message`]);
		// the newest file (the demo history has its own)
		const stored = helena.sandbox.chat.files().at(-1);
		expect(allRequests(helena)[3].body).toEqual({ fileId: stored.id });
		expect(history(id).at(-1)).toMatchObject({ type: 'DOCUMENT', fileId: stored.id });

		helena.sandbox.clearRequests();
		const byFileId = await send({ content: 'file', fileSource: 'fileId', fileId: stored.id, caption: 'De novo' });
		expect(byFileId.error).toBeUndefined();
		expect(allRequests(helena)).toEqual([
			{ method: 'POST', path: `/chat/v1/session/${id}/message`, query: {}, body: { fileId: stored.id, text: 'De novo' } },
		]);
	});

	test('an image too large for WhatsApp is refused naming the cap, before the upload', async () => {
		const big = {
			json: {},
			binary: { data: { data: Buffer.alloc(6 * 1024 * 1024, 1).toString('base64'), mimeType: 'image/png', fileName: 'foto.png' } },
		};

		const { error } = await send({ content: 'file', fileSource: 'binary' }, { inputItems: [big] });

		expect(error?.message).toBe('Input Binary Field "data" is 6.0 MB; WhatsApp accepts an image of at most 5.0 MB (item 0)');
		expect(lines()).toEqual([]);
	});

	test.each([
		['an object as the text', { text: '={{ { answer: "hi" } }}' }, 'Text must be text, not an object (item 0)'],
		[
			'a list as the session ID',
			{ sessionId: '={{ ["a"] }}', text: 'Oi' },
			'Session ID must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, not a list (item 0)',
		],
		['an empty text', { text: '   ' }, 'Text is empty (item 0)'],
		['an unknown content', { content: 'sticker' }, 'Content must be one of text, template, file, not "sticker" (item 0)'],
		[
			'a reply to something that is not an ID',
			{ text: 'Oi', options: { refId: 'the last one' } },
			'Reply To Message ID must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, not "the last one" (item 0)',
		],
		[
			'a file URL that is not one',
			{ content: 'file', fileUrl: 'ftp://example.com/a.pdf' },
			'File URL must be an http:// or https:// URL, not "ftp://example.com/a.pdf" (item 0)',
		],
		[
			'a file ID that is not one',
			{ content: 'file', fileSource: 'fileId', fileId: '={{ 42 }}' },
			'Helena File ID must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, not "42" (item 0)',
		],
	])(
		'%s (as an expression or an AI model gives it) is refused before any request, naming the field and the item',
		async (_title, parameters, message) => {
			const { error } = await send(parameters as INodeParameters);

			expect(error?.message).toBe(message);
			expect(allRequests(helena)).toEqual([]);
		},
	);

	test('an unknown conversation is named', async () => {
		const { error } = await helena.run({ resource: 'session', operation: 'sendMessage', sessionId: MISSING, text: 'Oi' });
		expect(error?.message).toBe(`The conversation (session) with ID "${MISSING}" was not found in Helena; the message was not sent`);
	});
});
