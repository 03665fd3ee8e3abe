import { demo } from '../sandbox';
import {
	allRequests,
	byId,
	byNumber,
	COMERCIAL,
	fromList,
	MARIA_PHONE,
	mariaSession,
	MISSING,
	SUPORTE_CHANNEL,
	useChatSandbox,
} from './chatFixture';

const BOAS_VINDAS = demo.templateId('boas_vindas');
const FATURA = demo.templateId('fatura');
const NEW_LEAD = '+55 21 98888-7777';

describe('Message resource', () => {
	const helena = useChatSandbox();

	describe('Send Text', () => {
		test('replies into an open conversation: one POST /chat/v1/send/text, the receipt is the output', async () => {
			const session = mariaSession(helena);

			const { items, error } = await helena.run({
				resource: 'message',
				operation: 'sendText',
				sendTo: 'session',
				sessionId: session.id,
				text: 'Olá Maria, recebemos sua mensagem!',
			});

			expect(error).toBeUndefined();
			expect(allRequests(helena)).toEqual([
				{
					method: 'POST',
					path: '/chat/v1/send/text',
					query: {},
					body: { sessionId: session.id, text: 'Olá Maria, recebemos sua mensagem!' },
				},
			]);
			expect(items).toHaveLength(1);
			expect(items[0].json).toMatchObject({ sessionId: session.id, status: 'QUEUED', failedReason: null });
			expect(items[0].pairedItem).toEqual({ item: 0 });
			expect(helena.sandbox.chat.message(items[0].json.id as string)).toMatchObject({
				text: 'Olá Maria, recebemos sua mensagem!',
				direction: 'TO_HUB',
			});
		});

		test('to a phone number from a channel picked by number, with the options the send family takes', async () => {
			const { items, error } = await helena.run({
				resource: 'message',
				operation: 'sendText',
				sendTo: 'phone',
				phoneNumber: MARIA_PHONE,
				channel: byNumber('+55 11 94000-0001'),
				text: 'Seu pedido saiu para entrega',
				sendOptions: {
					senderId: 'pedido-123',
					callbackUrl: 'https://example.com/status',
					delayTyping: 3,
					user: fromList(demo.userId('Ana Souza'), 'Ana Souza'),
				},
			});

			expect(error).toBeUndefined();
			const requests = allRequests(helena);
			expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /chat/v1/channel', 'POST /chat/v1/send/text']);
			expect(requests[1].body).toEqual({
				to: MARIA_PHONE,
				from: COMERCIAL.number,
				text: 'Seu pedido saiu para entrega',
				options: { user: { id: demo.userId('Ana Souza') } },
				callbackUrl: 'https://example.com/status',
				senderId: 'pedido-123',
				delayTyping: 3,
			});
			expect(items[0].json).toMatchObject({ status: 'QUEUED', senderId: 'pedido-123', sessionId: mariaSession(helena).id });
		});

		test('outside the WhatsApp window the send fails, says to use a template, and nothing is created', async () => {
			const contactsBefore = helena.sandbox.state.contacts.size;
			const sessionsBefore = helena.sandbox.chat.sessions().length;

			const { items, error } = await helena.run({
				resource: 'message',
				operation: 'sendText',
				sendTo: 'phone',
				phoneNumber: NEW_LEAD,
				text: 'Oi!',
			});

			expect(items).toEqual([]);
			expect(error?.message).toBe(
				"WhatsApp's 24-hour window with the contact +55 21 98888-7777 is closed: only a template can start the conversation; the message was not sent",
			);
			expect(error?.description).toMatch(/^Use Message → Send Template/);
			expect(error?.description).toContain('Fora da janela de atendimento de 24 horas');
			expect(allRequests(helena).map((r) => r.path)).toEqual(['/chat/v1/send/text']);
			expect(helena.sandbox.state.contacts.size).toBe(contactsBefore);
			expect(helena.sandbox.chat.sessions()).toHaveLength(sessionsBefore);
		});

		test('an expired window (the contact wrote three days ago) is refused the same way; Continue On Fail keeps the item', async () => {
			const { items, error } = await helena.run(
				{ resource: 'message', operation: 'sendText', sendTo: 'phone', phoneNumber: demo.contactPhone(2), text: 'Ainda precisa de ajuda?' },
				{ continueOnFail: true },
			);

			expect(error).toBeUndefined();
			expect(items).toHaveLength(1);
			expect(items[0].json.error).toMatch(/24-hour window with the contact \+55\|11988000002 is closed/);
			expect(items[0].pairedItem).toEqual({ item: 0 });
		});

		test('bad input is refused before any request: a phone without enough digits, an empty text, a session that is not an ID', async () => {
			const phone = await helena.run({ resource: 'message', operation: 'sendText', sendTo: 'phone', phoneNumber: '12345', text: 'x' });
			const empty = await helena.run({
				resource: 'message',
				operation: 'sendText',
				sendTo: 'session',
				sessionId: mariaSession(helena).id,
				text: '  ',
			});
			const session = await helena.run({ resource: 'message', operation: 'sendText', sendTo: 'session', sessionId: 'abc', text: 'x' });

			expect(phone.error?.message).toBe('Phone Number must be a phone number with country code (10 to 15 digits), not "12345" (item 0)');
			expect(empty.error?.message).toBe('Text is empty (item 0)');
			expect(session.error?.message).toMatch(/^Session ID must be a UUID/);
			expect(allRequests(helena)).toEqual([]);
		});

		test('a channel the account does not have is named in the error', async () => {
			const { error } = await helena.run({
				resource: 'message',
				operation: 'sendText',
				phoneNumber: MARIA_PHONE,
				channel: byNumber('5511900001111'),
				text: 'x',
			});

			expect(error?.message).toBe('Channel "5511900001111" is not a channel of this Helena account (item 0)');
			expect(error?.description).toContain('WhatsApp Comercial (5511940000001)');
			expect(allRequests(helena).map((r) => r.path)).toEqual(['/chat/v1/channel']);
		});
	});

	describe('Send Template', () => {
		const templateRun = (overrides: Record<string, unknown> = {}) => ({
			resource: 'message',
			operation: 'sendTemplate',
			channel: fromList(COMERCIAL.id, 'WhatsApp Comercial'),
			phoneNumber: NEW_LEAD,
			template: fromList(BOAS_VINDAS, 'boas_vindas'),
			templateParameters: { parameter: [{ name: 'nome', value: 'Bruna' }] },
			...overrides,
		});

		test('opens a conversation with a new number: the template, its parameters by name, and a new contact and session', async () => {
			const contactsBefore = helena.sandbox.state.contacts.size;

			const { items, error } = await helena.run(
				templateRun({ sendOptions: { department: fromList(demo.departmentId('Vendas'), 'Vendas') } }),
			);

			expect(error).toBeUndefined();
			const requests = allRequests(helena);
			expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
				'GET /chat/v1/channel',
				'GET /chat/v1/template',
				'POST /chat/v1/send/template',
			]);
			expect(requests[1].query).toEqual({ ChannelId: COMERCIAL.id, IncludeDetails: 'Params', PageNumber: '1', PageSize: '100' });
			expect(requests[2].body).toEqual({
				from: COMERCIAL.number,
				to: NEW_LEAD,
				templateId: BOAS_VINDAS,
				parameters: { nome: 'Bruna' },
				options: { department: { id: demo.departmentId('Vendas') } },
			});
			expect(items[0].json).toMatchObject({ status: 'QUEUED' });
			expect(helena.sandbox.state.contacts.size).toBe(contactsBefore + 1);
			const session = helena.sandbox.chat.session(items[0].json.sessionId as string);
			expect(session).toMatchObject({ departmentId: demo.departmentId('Vendas'), status: 'PENDING', windowStatus: 'NOT_STARTED' });
			expect(helena.sandbox.chat.message(items[0].json.id as string)?.text).toBe('Olá Bruna, obrigado pelo contato! Como podemos ajudar?');
		});

		test('a parameter the template does not declare (a positional "1") fails before the send, naming the declared ones', async () => {
			const { error } = await helena.run(templateRun({ templateParameters: { parameter: [{ name: '1', value: 'Bruna' }] } }));

			expect(error?.message).toBe(
				'Template Parameters has "1", which the template "boas_vindas" does not declare (its parameters: nome) (item 0)',
			);
			expect(error?.description).toBe('Parameters are matched by the names the template declares, not by position.');
			expect(allRequests(helena).map((r) => r.path)).toEqual(['/chat/v1/channel', '/chat/v1/template']);
		});

		test('a missing parameter, a template of another channel and a header file the template needs are input errors', async () => {
			const missing = await helena.run(templateRun({ templateParameters: {} }));
			const otherChannel = await helena.run(templateRun({ channel: byId(SUPORTE_CHANNEL.id) }));
			const noHeader = await helena.run(
				templateRun({
					template: byId(FATURA),
					templateParameters: {
						parameter: [
							{ name: 'nome', value: 'Ana' },
							{ name: 'valor', value: 'R$ 10' },
						],
					},
				}),
			);

			expect(missing.error?.message).toBe('Template Parameters lacks "nome", required by the template "boas_vindas" (item 0)');
			expect(otherChannel.error?.message).toBe(
				`Template "${BOAS_VINDAS}" is not a template of the channel WhatsApp Suporte (5511940000002) (item 0)`,
			);
			expect(noHeader.error?.message).toBe('Header File is required: the template "fatura" has a document header (item 0)');
			expect(allRequests(helena).filter((r) => r.method === 'POST')).toEqual([]);
		});

		test('a template that is not approved fails before the send', async () => {
			const { error } = await helena.run(
				templateRun({ template: byId(demo.templateId('rascunho')), templateParameters: { parameter: [{ name: 'nome', value: 'x' }] } }),
			);

			expect(error?.message).toBe('Template "rascunho" is not approved by WhatsApp (status InRevision) (item 0)');
			expect(allRequests(helena).filter((r) => r.method === 'POST')).toEqual([]);
		});

		test('the service side holds the same rule: an unknown parameter is a ProblemDetails 400 naming it', async () => {
			const response = await fetch(`${helena.sandbox.url}/chat/v1/send/template`, {
				method: 'POST',
				headers: { authorization: `Bearer ${helena.credentials.apiKey}`, 'content-type': 'application/json' },
				body: JSON.stringify({ from: COMERCIAL.number, to: NEW_LEAD, templateId: BOAS_VINDAS, parameters: { 1: 'Bruna' } }),
			});

			expect(response.status).toBe(400);
			expect(await response.json()).toMatchObject({
				title: 'Bad Request',
				status: 400,
				detail: "Parâmetro desconhecido '1' para o modelo 'boas_vindas'; parâmetros: nome",
			});
		});

		test('a document header from an n8n binary file: uploaded through core /v2/file and the storage address, then sent by file ID', async () => {
			const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
			const { items, error } = await helena.run(
				templateRun({
					template: byId(FATURA),
					templateParameters: {
						parameter: [
							{ name: 'nome', value: 'Ana' },
							{ name: 'valor', value: 'R$ 149,90' },
						],
					},
					fileSource: 'binary',
					binaryPropertyName: 'invoice',
				}),
				{
					inputItems: [
						{ json: {}, binary: { invoice: { data: pdf.toString('base64'), mimeType: 'application/pdf', fileName: 'fatura-0042.pdf' } } },
					],
				},
			);

			expect(error).toBeUndefined();
			const requests = helena.sandbox.requests;
			expect(requests.map((r) => `${r.method} ${r.decodedPath.replace(/__storage\/.*/, '__storage/<temp>')}`)).toEqual([
				'GET /chat/v1/channel',
				'GET /chat/v1/template',
				'GET /core/v2/file',
				'PUT /__storage/<temp>',
				'POST /core/v2/file',
				'POST /chat/v1/send/template',
			]);
			expect(requests[2].query).toEqual({ Type: 'DOCUMENT', Name: 'fatura-0042.pdf', MimeType: 'application/pdf' });
			expect(requests[3].headers.authorization).toBeUndefined();
			expect(requests[3].body).toEqual({ bytes: pdf.length });
			// the newest file (the demo history has its own)
			const file = helena.sandbox.chat.files().at(-1);
			expect(file).toMatchObject({ name: 'fatura-0042.pdf', mimeType: 'application/pdf', size: pdf.length });
			expect(file.bytes.equals(pdf)).toBe(true);
			expect(requests[5].body).toMatchObject({ templateId: FATURA, fileIdOrUrl: file.id, parameters: { nome: 'Ana', valor: 'R$ 149,90' } });
			expect(items[0].json.status).toBe('QUEUED');
		});
	});

	describe('Send Media', () => {
		test('an image by URL into the open conversation, with a caption', async () => {
			const session = mariaSession(helena);
			const { items, error } = await helena.run({
				resource: 'message',
				operation: 'sendMedia',
				sendTo: 'session',
				sessionId: session.id,
				mediaType: 'image',
				fileSource: 'url',
				fileUrl: 'https://example.com/catalogo.png',
				caption: 'Nosso catálogo',
			});

			expect(error).toBeUndefined();
			expect(allRequests(helena)).toEqual([
				{
					method: 'POST',
					path: '/chat/v1/send/image',
					query: {},
					body: { sessionId: session.id, fileIdOrUrl: 'https://example.com/catalogo.png', text: 'Nosso catálogo' },
				},
			]);
			expect(items[0].json.status).toBe('QUEUED');
		});

		test('a binary file too large for WhatsApp, or of a type it refuses, fails before anything is uploaded', async () => {
			const session = mariaSession(helena);
			const base = {
				resource: 'message',
				operation: 'sendMedia',
				sendTo: 'session',
				sessionId: session.id,
				fileSource: 'binary',
				binaryPropertyName: 'data',
			};
			const big = Buffer.alloc(5 * 1024 * 1024 + 1, 1);
			const tooLarge = await helena.run(
				{ ...base, mediaType: 'image' },
				{
					inputItems: [{ json: {}, binary: { data: { data: big.toString('base64'), mimeType: 'image/jpeg', fileName: 'foto.jpg' } } }],
				},
			);
			const refused = await helena.run(
				{ ...base, mediaType: 'image' },
				{
					inputItems: [
						{ json: {}, binary: { data: { data: Buffer.from('GIF89a').toString('base64'), mimeType: 'image/gif', fileName: 'anim.gif' } } },
					],
				},
			);
			const missing = await helena.run({ ...base, mediaType: 'document' });

			expect(tooLarge.error?.message).toBe('Input Binary Field "data" is 5.0 MB; WhatsApp accepts an image of at most 5.0 MB (item 0)');
			expect(refused.error?.message).toBe(
				'Input Binary Field "data" holds image/gif, which WhatsApp does not accept as an image (accepted: image/jpeg, image/png) (item 0)',
			);
			expect(missing.error?.message).toMatch(/binary/i);
			expect(allRequests(helena)).toEqual([]);
		});

		test('a URL of a type the channel refuses is answered 400 by Helena, and the node says what Helena said', async () => {
			const { error } = await helena.run({
				resource: 'message',
				operation: 'sendMedia',
				sendTo: 'session',
				sessionId: mariaSession(helena).id,
				mediaType: 'video',
				fileUrl: 'https://example.com/clip.avi',
			});

			expect(error?.message).toBe(
				'Helena rejected the request: O canal não aceita arquivos .avi como video; aceitos: mp4, 3gp; the message was not sent',
			);
		});
	});

	describe('Get Status', () => {
		test('follows a message from queued to sent, delivered and read', async () => {
			const sent = await helena.run({
				resource: 'message',
				operation: 'sendText',
				sendTo: 'session',
				sessionId: mariaSession(helena).id,
				text: 'Oi',
			});
			const id = sent.items[0].json.id as string;
			const statuses: unknown[] = [];
			for (let step = 0; step < 4; step++) {
				const { items, error } = await helena.run({ resource: 'message', operation: 'getStatus', messageId: id });
				expect(error).toBeUndefined();
				statuses.push(items[0].json.status);
				helena.sandbox.chat.advance();
			}

			expect(statuses).toEqual(['QUEUED', 'SENT', 'DELIVERED', 'READ']);
			expect(
				allRequests(helena)
					.filter((r) => r.method === 'GET')
					.map((r) => r.path),
			).toEqual(Array(4).fill(`/chat/v1/send/message/${id}`));
		});

		test('a failed delivery reads FAILED with the reason', async () => {
			helena.sandbox.chat.contactWrites(demo.undeliverablePhone, 'oi');
			const sent = await helena.run({ resource: 'message', operation: 'sendText', phoneNumber: demo.undeliverablePhone, text: 'Olá' });
			helena.sandbox.chat.settle();

			const { items } = await helena.run({ resource: 'message', operation: 'getStatus', messageId: sent.items[0].json.id as string });

			expect(items[0].json).toMatchObject({ status: 'FAILED', failedReason: 'O número não possui uma conta de WhatsApp' });
		});

		test('an unknown message is a "not found" error (ProblemDetails 404 of the send family)', async () => {
			const { error } = await helena.run({ resource: 'message', operation: 'getStatus', messageId: MISSING });

			expect(error?.message).toBe(`No message with ID "${MISSING}" was sent through Helena's send API`);
		});
	});

	describe('Start Chatbot', () => {
		test('sends the chatbot key (not its ID) with metadata into a conversation', async () => {
			const session = mariaSession(helena);
			const { items, error } = await helena.run({
				resource: 'message',
				operation: 'startChatbot',
				chatbot: fromList(demo.chatbotKey('Triagem'), 'Triagem'),
				sendTo: 'session',
				sessionId: session.id,
				chatbotOptions: {
					sessionMetadata: { entry: [{ key: 'pedido', value: '123' }] },
					skipIfBotInExecution: true,
				},
			});

			expect(error).toBeUndefined();
			expect(allRequests(helena)[0]).toEqual({
				method: 'POST',
				path: '/chat/v1/send/chatbot',
				query: {},
				body: {
					botKey: demo.chatbotKey('Triagem'),
					sessionId: session.id,
					options: { skipIfBotInExecution: true },
					sessionMetadata: { pedido: '123' },
				},
			});
			expect(items[0].json.status).toBe('QUEUED');
			expect(helena.sandbox.chat.session(session.id)).toMatchObject({ botId: demo.chatbotId('Triagem'), metadata: { pedido: '123' } });
		});

		test("the chatbot's ID in place of its key is refused by Helena with a clear text", async () => {
			const { error } = await helena.run({
				resource: 'message',
				operation: 'startChatbot',
				chatbot: byId(demo.chatbotId('Triagem')),
				sendTo: 'session',
				sessionId: mariaSession(helena).id,
			});

			expect(error?.message).toBe(
				`Helena rejected the request: Nenhum chatbot tem a chave '${demo.chatbotId('Triagem')}'; the message was not sent`,
			);
		});
	});
});
