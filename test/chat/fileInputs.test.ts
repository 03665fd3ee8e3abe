import type { INodeExecutionData, INodeParameters, NodeOperationError } from 'n8n-workflow';

import { demo } from '../sandbox';
import { allRequests, COMERCIAL, fromList, mariaSession, useChatSandbox } from './chatFixture';

/*
 * A binary file is checked before anything is sent: not empty, within WhatsApp's limit for its media type,
 * and named with an extension (Helena asks for one) taken from n8n's binary metadata or the MIME type. An
 * upload address Helena gives that is not absolute fails with a message that says so. Each failure names
 * the field and the item.
 */
describe('file inputs are checked before anything is sent', () => {
	const helena = useChatSandbox();
	beforeEach(() => helena.sandbox.misbehaviour.clear());
	afterAll(() => helena.sandbox.misbehaviour.clear());

	const lines = () => allRequests(helena).map((request) => `${request.method} ${request.path.replace(/\/__storage\/.*/, '/__storage/…')}`);
	const file = (bytes: Buffer, meta: { mimeType: string; fileName?: string; fileExtension?: string }): INodeExecutionData => ({
		json: {},
		binary: { data: { data: bytes.toString('base64'), ...meta } },
	});
	const media = (mediaType: string): INodeParameters => ({
		resource: 'message',
		operation: 'sendMedia',
		sendTo: 'session',
		sessionId: mariaSession(helena).id,
		mediaType,
		fileSource: 'binary',
		binaryPropertyName: 'data',
	});

	test.each([
		['document', 'application/pdf', 'vazio.pdf'],
		['image', 'image/png', 'vazio.png'],
		['audio', 'audio/ogg', 'vazio.ogg'],
	])(
		'an empty (0-byte) %s is refused naming the field and the item; nothing is uploaded or sent',
		async (mediaType, mimeType, fileName) => {
			const { items, error } = await helena.run(media(mediaType), {
				inputItems: [
					file(Buffer.from('conteúdo'), { mimeType, fileName: `ok-${fileName}` }),
					file(Buffer.alloc(0), { mimeType, fileName }),
				],
			});

			expect(items).toEqual([]);
			expect(error?.message).toBe('Input Binary Field "data" is empty (0 bytes): there is no file to send (item 1)');
			expect((error as NodeOperationError).context.itemIndex).toBe(1);
			// item 0 went out in full before item 1 was read; item 1 sent nothing
			expect(lines()).toEqual(['GET /core/v2/file', 'PUT /__storage/…', 'POST /core/v2/file', `POST /chat/v1/send/${mediaType}`]);
		},
	);

	test('a header file of a template that is empty is refused before the upload and the send', async () => {
		const { error } = await helena.run(
			{
				resource: 'message',
				operation: 'sendTemplate',
				channel: fromList(COMERCIAL.id, 'WhatsApp Comercial'),
				phoneNumber: '+55 11 97654-0000',
				template: fromList(demo.templateId('fatura'), 'fatura'),
				templateParameters: {
					parameter: [
						{ name: 'nome', value: 'Bruna' },
						{ name: 'valor', value: 'R$ 10' },
					],
				},
				fileSource: 'binary',
				binaryPropertyName: 'data',
			},
			{ inputItems: [file(Buffer.alloc(0), { mimeType: 'application/pdf', fileName: 'boleto.pdf' })] },
		);

		expect(error?.message).toBe('Input Binary Field "data" is empty (0 bytes): there is no file to send (item 0)');
		expect(lines()).toEqual(['GET /chat/v1/channel', 'GET /chat/v1/template']);
	});

	test('an image over 5 MB is refused before the upload', async () => {
		const { error } = await helena.run(media('image'), {
			inputItems: [file(Buffer.alloc(5 * 1024 * 1024 + 1, 1), { mimeType: 'image/jpeg', fileName: 'foto.jpg' })],
		});

		expect(error?.message).toBe('Input Binary Field "data" is 5.0 MB; WhatsApp accepts an image of at most 5.0 MB (item 0)');
		expect(lines()).toEqual([]);
	});

	test.each([
		[
			'a name without extension, n8n knows it (fileExtension)',
			{ mimeType: 'application/pdf', fileName: 'fatura', fileExtension: 'pdf' },
			'document',
			'fatura.pdf',
		],
		['a name without extension, only the MIME type', { mimeType: 'image/png', fileName: 'captura' }, 'image', 'captura.png'],
		['no name at all, an audio', { mimeType: 'audio/mpeg' }, 'audio', 'file.mp3'],
		['no name, metadata extension with a dot', { mimeType: 'video/mp4', fileExtension: '.mp4' }, 'video', 'file.mp4'],
		['a name with its own extension is kept', { mimeType: 'application/pdf', fileName: 'nota.fiscal.PDF' }, 'document', 'nota.fiscal.PDF'],
		['an unknown type without extension', { mimeType: 'application/x-custom', fileName: 'dados' }, 'document', 'dados.bin'],
	])('%s: Helena is asked for a slot named "%s"', async (_case, meta, mediaType, expected) => {
		const { error } = await helena.run(media(mediaType), { inputItems: [file(Buffer.from('conteúdo'), meta)] });

		expect(error).toBeUndefined();
		const slot = allRequests(helena).find((request) => request.path === '/core/v2/file' && request.method === 'GET');
		expect(slot?.query.Name).toBe(expected);
		expect(lines()).toEqual(['GET /core/v2/file', 'PUT /__storage/…', 'POST /core/v2/file', `POST /chat/v1/send/${mediaType}`]);
	});

	test.each([
		['a path without a host', '/__storage/abc?X-Amz-Signature=1'],
		['a host without a scheme', 'storage.example.com/abc'],
		['another scheme', 'ftp://storage.example.com/abc'],
		['an address with a line break', 'https://storage.example.com/a\nb'],
	])('an upload address that is %s fails saying so; nothing is uploaded or sent', async (_case, urlUpload) => {
		helena.sandbox.misbehaviour.next({
			method: 'GET',
			path: '/core/v2/file',
			body: { tempFileId: '3fa85f64-5717-4562-b3fc-2c963f66afa6', urlUpload },
		});

		const { items, error } = await helena.run(media('document'), {
			inputItems: [file(Buffer.from('%PDF'), { mimeType: 'application/pdf', fileName: 'fatura.pdf' })],
		});

		expect(items).toEqual([]);
		expect(error?.message).toBe(`Helena's upload address for the file "fatura.pdf" is not an absolute http(s) address (item 0)`);
		expect(error?.description).toContain('Nothing was uploaded or sent');
		expect(lines()).toEqual(['GET /core/v2/file']);
	});

	test('an upload slot without an address names the file and the item', async () => {
		helena.sandbox.misbehaviour.next({
			method: 'GET',
			path: '/core/v2/file',
			body: { tempFileId: '3fa85f64-5717-4562-b3fc-2c963f66afa6' },
		});

		const { error } = await helena.run(media('document'), {
			inputItems: [file(Buffer.from('%PDF'), { mimeType: 'application/pdf', fileName: 'fatura.pdf' })],
		});

		expect(error?.message).toBe('Helena did not return an upload address for the file "fatura.pdf" (item 0)');
		expect(lines()).toEqual(['GET /core/v2/file']);
	});
});
