import type { IDataObject, INodeParameters, NodeOperationError } from 'n8n-workflow';

import { fromItem as v } from '../helpers/refused';
import { byId } from '../helpers/requests';
import { demo } from '../sandbox';
import { allRequests, COMERCIAL, fromList, mariaSession, useChatSandbox } from './chatFixture';

/*
 * One reader for every key/value collection (template parameters, conversation and contact metadata,
 * custom fields): a key given twice is refused naming it, an object or list where Helena takes text is
 * refused (never sent as "[object Object]"), and any key text is a plain key. URL inputs are checked as
 * they are sent: trimmed first, control characters, line breaks and inner spaces refused.
 */
describe('key/value inputs and URL inputs', () => {
	const helena = useChatSandbox();

	const lines = () => allRequests(helena).map((request) => `${request.method} ${request.path}`);
	const sent = (path: string) => allRequests(helena).find((request) => request.path === path)?.body as IDataObject | undefined;

	async function refused(parameters: INodeParameters, message: string, reads: string[] = [], items: IDataObject[] = [{}]) {
		const { items: output, error } = await helena.run(parameters, { items });
		expect(error?.message).toBe(message);
		expect(error?.name).toBe('NodeOperationError');
		expect((error as NodeOperationError).context.itemIndex).toBe(Number(/\(item (\d+)\)$/.exec(message)?.[1]));
		expect(output).toEqual([]);
		expect(lines()).toEqual(reads);
	}

	const template = (parameter: IDataObject[], extra: IDataObject = {}): INodeParameters => ({
		resource: 'message',
		operation: 'sendTemplate',
		channel: fromList(COMERCIAL.id, 'WhatsApp Comercial'),
		phoneNumber: '+55 11 97654-0000',
		template: fromList(demo.templateId('boas_vindas'), 'boas_vindas'),
		templateParameters: { parameter } as INodeParameters,
		...extra,
	});
	const templateReads = ['GET /chat/v1/channel', 'GET /chat/v1/template'];
	const chatbot = (chatbotOptions: IDataObject): INodeParameters => ({
		resource: 'message',
		operation: 'startChatbot',
		chatbot: fromList(demo.chatbotKey('Triagem'), 'Triagem'),
		sendTo: 'session',
		sessionId: mariaSession(helena).id,
		chatbotOptions: chatbotOptions as INodeParameters,
	});

	describe('key/value collections', () => {
		test('a template parameter given twice is refused naming it, like metadata (no silent last-one-wins)', async () => {
			await refused(
				template([
					{ name: 'nome', value: 'Bruna' },
					{ name: 'nome', value: 'Carla' },
				]),
				'Template Parameters has the parameter "nome" twice; Helena would keep only one of the values (item 0)',
				templateReads,
			);
		});

		test.each([
			['Conversation Metadata', 'sessionMetadata'],
			['Contact Metadata', 'contactMetadata'],
		])('%s: a key given twice (after trimming) is refused naming it', async (label, name) => {
			await refused(
				chatbot({
					[name]: {
						entry: [
							{ key: 'pedido', value: '1' },
							{ key: ' pedido ', value: '2' },
						],
					},
				}),
				`${label} has the key "pedido" twice; Helena would keep only one of the values (item 0)`,
			);
		});

		test.each<[string, IDataObject[string], string]>([
			['an object value', { a: 1 }, 'Conversation Metadata: "pedido" must be text, not an object (item 0)'],
			['a list value', ['a', 'b'], 'Conversation Metadata: "pedido" must be text, not a list (item 0)'],
		])('%s (as an AI model supplies it) is refused, never sent as "[object Object]"', async (_case, value, message) => {
			await refused(chatbot({ sessionMetadata: { entry: [{ key: 'pedido', value: v }] } }), message, [], [{ v: value }]);
		});

		test('an object as a key is refused naming the field', async () => {
			await refused(
				chatbot({ sessionMetadata: { entry: [{ key: v, value: '1' }] } }),
				'Conversation Metadata key must be text, not an object (item 0)',
				[],
				[{ v: { k: 1 } }],
			);
		});

		test('a template parameter value that is a list is refused naming the parameter', async () => {
			await refused(
				template([{ name: 'nome', value: v }]),
				'Template Parameters: "nome" must be text, not a list (item 0)',
				templateReads,
				[{ v: ['Bruna'] }],
			);
		});

		test('keys such as constructor, __proto__ and toString are plain keys, sent as given', async () => {
			const entry = [
				{ key: 'constructor', value: 'a' },
				{ key: '__proto__', value: 'b' },
				{ key: 'toString', value: 'c' },
				{ key: 'hasOwnProperty', value: 'd' },
			];
			const { error } = await helena.run(chatbot({ sessionMetadata: { entry }, contactMetadata: { entry } }));

			expect(error).toBeUndefined();
			const body = sent('/chat/v1/send/chatbot');
			const expected = JSON.parse('{"constructor":"a","__proto__":"b","toString":"c","hasOwnProperty":"d"}');
			expect(Object.entries(body?.sessionMetadata as object)).toEqual(Object.entries(expected));
			expect(Object.entries(body?.contactMetadata as object)).toEqual(Object.entries(expected));
		});

		test('Conversation > Update: metadata keys constructor and __proto__ are stored, a repeated key refused', async () => {
			const { id } = mariaSession(helena);
			const ok = await helena.run({
				resource: 'session',
				operation: 'update',
				sessionId: id,
				updateFields: {
					metadata: {
						entry: [
							{ key: 'constructor', value: 'x' },
							{ key: '__proto__', value: 'y' },
						],
					},
				},
			});
			expect(ok.error).toBeUndefined();
			expect(Object.entries(sent(`/chat/v2/session/${id}/partial`)?.metadata as object)).toEqual([
				['constructor', 'x'],
				['__proto__', 'y'],
			]);
			helena.sandbox.clearRequests();

			await refused(
				{
					resource: 'session',
					operation: 'update',
					sessionId: id,
					updateFields: {
						metadata: {
							entry: [
								{ key: 'toString', value: '1' },
								{ key: 'toString', value: '2' },
							],
						},
					},
				},
				'Metadata has the key "toString" twice; Helena would keep only one of the values (item 0)',
			);
		});

		test('Contact > Update: a metadata key "constructor" is a plain key (it was refused as "given twice")', async () => {
			const contactId = demo.contactId(1);
			const { error } = await helena.run({
				resource: 'contact',
				operation: 'update',
				contact: byId(contactId),
				updateFields: { metadataUi: { entry: [{ key: 'constructor', value: 'crm' }] } },
			});

			expect(error).toBeUndefined();
			expect(Object.entries(sent(`/core/v2/contact/${contactId}`)?.metadata as object)).toEqual([['constructor', 'crm']]);
		});
	});

	describe('URL inputs are checked as they are sent', () => {
		const mediaByUrl = (fileUrl: string): INodeParameters => ({
			resource: 'message',
			operation: 'sendMedia',
			sendTo: 'session',
			sessionId: mariaSession(helena).id,
			mediaType: 'document',
			fileUrl,
		});

		test.each([
			['a line feed inside', 'https://example.com/a\n.pdf', 'U+000A', 22],
			['a carriage return inside', 'https://example.com/\rfatura.pdf', 'U+000D', 21],
			['a tab inside', 'https://exa\tmple.com/a.pdf', 'U+0009', 12],
			['a NUL', 'https://example.com/a.pdf\u0000x', 'U+0000', 26],
			['a Unicode line separator', 'https://example.com/\u2028a.pdf', 'U+2028', 21],
		])('File URL with %s is refused; nothing is sent', async (_case, url, code, position) => {
			await refused(
				mediaByUrl(url),
				`File URL contains a control character or line break (${code}) at position ${position}; remove it (item 0)`,
			);
		});

		test('File URL with a space inside is refused', async () => {
			await refused(
				mediaByUrl('https://example.com/minha fatura.pdf'),
				'File URL contains a space at position 26; encode it as %20 (item 0)',
			);
		});

		test('File URL with surrounding spaces and line breaks is sent trimmed', async () => {
			const { error } = await helena.run(mediaByUrl('  \n https://example.com/fatura.pdf \r\n'));

			expect(error).toBeUndefined();
			expect(sent('/chat/v1/send/document')?.fileIdOrUrl).toBe('https://example.com/fatura.pdf');
		});

		test('Callback URL (a send option) with a line feed is refused; trimmed when only surrounded', async () => {
			const text = { resource: 'message', operation: 'sendText', sendTo: 'session', sessionId: mariaSession(helena).id, text: 'Oi' };
			await refused(
				{ ...text, sendOptions: { callbackUrl: 'https://n8n.example.com/hook\nX-Injected: 1' } },
				'Callback URL contains a control character or line break (U+000A) at position 29; remove it (item 0)',
			);
			const { error } = await helena.run({ ...text, sendOptions: { callbackUrl: '\thttps://n8n.example.com/hook \n' } });
			expect(error).toBeUndefined();
			expect(sent('/chat/v1/send/text')?.callbackUrl).toBe('https://n8n.example.com/hook');
		});

		test('Start Chatbot Callback URL and Add Note File URLs are checked the same way', async () => {
			await refused(
				chatbot({ callbackUrl: 'https://n8n.example.com/\nhook' }),
				'Callback URL contains a control character or line break (U+000A) at position 25; remove it (item 0)',
			);
			await refused(
				{
					resource: 'session',
					operation: 'addNote',
					sessionId: mariaSession(helena).id,
					fileUrls: 'https://example.com/a.pdf, https://example.com/\tb.pdf',
				},
				'File URLs contains a control character or line break (U+0009) at position 21; remove it (item 0)',
			);
		});

		test('a webhook URL and a contact picture URL with a line break are refused before any request', async () => {
			await refused(
				{ resource: 'webhook', operation: 'create', name: 'CRM', url: 'https://crm.example.com/\nhook', events: ['CONTACT_NEW'] },
				'URL contains a control character or line break (U+000A) at position 25; remove it (item 0)',
			);
			await refused(
				{
					resource: 'contact',
					operation: 'update',
					contact: byId(demo.contactId(1)),
					updateFields: { pictureUrl: 'https://cdn.example.com/a\r.jpg' },
				},
				'Picture URL contains a control character or line break (U+000D) at position 26; remove it (item 0)',
			);
		});
	});
});
