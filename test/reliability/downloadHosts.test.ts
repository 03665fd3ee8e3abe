import type { IDataObject } from 'n8n-workflow';

import { MARIA_PHONE, useChatSandbox } from '../chat/chatFixture';
import { startLocalServer } from '../engine/localServer';

/*
 * Message → Download Media from hosts that do not send what a plain reading expects. One compresses what it sends
 * (Content-Encoding: gzip): Content-Length is the size on the wire, not the file's, so the size Helena stated is
 * compared with the body once decoded. Another answers a sign-in page where Helena stated no type (it may: the
 * type is nullable): the message's own type (an image) still tells that a page is not the file.
 */
const MESSAGE = /^\/chat\/v1\/message\/[0-9a-f-]{36}$/;

async function gzipHost(bytes: Buffer, type: string) {
	const gz = Buffer.from(await new Response(new Blob([bytes]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer());
	return await startLocalServer((_req, res) => {
		res.writeHead(200, { 'content-type': type, 'content-encoding': 'gzip', 'content-length': String(gz.length) });
		res.end(gz);
	});
}

describe('Download Media from a host that sends the file compressed', () => {
	const helena = useChatSandbox();
	afterEach(() => helena.sandbox.misbehaviour.clear());

	/** Maria sends a file of `size` bytes that the gzip host serves; the message's file points there. */
	async function fileOnGzipHost(bytes: Buffer, stated: { name: string; mimeType: string }, change: (file: IDataObject) => void = () => {}) {
		const fileHost = await gzipHost(bytes, stated.mimeType);
		const sent = helena.sandbox.chat.contactSendsFile(MARIA_PHONE, { ...stated, size: bytes.length });
		helena.sandbox.misbehaviour.next({
			method: 'GET',
			path: MESSAGE,
			reshape: (message: IDataObject) => {
				const file = (message.details as IDataObject).file as IDataObject;
				file.publicUrlDownload = `${fileHost.url}/${stated.name}`;
				file.publicUrl = `${fileHost.url}/${stated.name}`;
				change(file);
				return message;
			},
		});
		return { id: sent.message.id as string, close: fileHost.close };
	}

	test('the size Helena stated is the decoded size: the file is output whole', async () => {
		const bytes = Buffer.alloc(50_000, 'a');
		const file = await fileOnGzipHost(bytes, { name: 'notas.txt', mimeType: 'text/plain' });
		try {
			const { items, error } = await helena.run({ resource: 'message', operation: 'downloadMedia', messageId: file.id });

			expect(error?.message).toBeUndefined();
			expect(Buffer.from(items[0].binary!.data.data, 'base64').equals(bytes)).toBe(true);
		} finally {
			await file.close();
		}
	});

	test('a decoded body of another size than Helena stated is refused, with both sizes', async () => {
		const bytes = Buffer.alloc(50_000, 'a');
		const file = await fileOnGzipHost(bytes, { name: 'notas.txt', mimeType: 'text/plain' }, (stated) => {
			stated.size = 40_000;
		});
		try {
			const { error } = await helena.run({ resource: 'message', operation: 'downloadMedia', messageId: file.id });

			expect(error?.message).toContain('Helena states 39.1 kB text/plain, the host sends 48.8 kB text/plain (item 0)');
		} finally {
			await file.close();
		}
	});

	test('Helena states no type and no size for an image: a sign-in page from the host is refused, not output as the image', async () => {
		const page = Buffer.from('<!DOCTYPE html><html><head><title>Sign in</title></head><body>Please sign in</body></html>');
		const sent = helena.sandbox.chat.contactSendsFile(MARIA_PHONE, {
			name: 'foto.jpg',
			mimeType: 'image/jpeg',
			size: 300_000,
			servedAs: { mimeType: 'text/html; charset=utf-8', bytes: page },
		});
		helena.sandbox.misbehaviour.next({
			method: 'GET',
			path: MESSAGE,
			reshape: (message: IDataObject) => {
				const file = (message.details as IDataObject).file as IDataObject;
				file.mimeType = null;
				delete file.size;
				return message;
			},
		});

		const { items, error } = await helena.run({ resource: 'message', operation: 'downloadMedia', messageId: sent.message.id });

		expect(items).toEqual([]);
		expect(error?.message).toMatch(/is not what Helena announced: Helena states image\/\*, the host sends .*text\/html \(item 0\)$/);
	});
});

/*
 * A page is not a document: where Helena states no type for a document's file (the type is nullable, and a
 * DOCUMENT message says nothing of the kind of file), an HTML or XHTML body (by its type or its first bytes) is
 * refused unless the file's name says HTML.
 */
describe('Download Media of a document whose type Helena does not state', () => {
	const helena = useChatSandbox();
	afterEach(() => helena.sandbox.misbehaviour.clear());
	const PAGE = Buffer.from('<!DOCTYPE html><html><head><title>Entrar</title></head><body>Faça login</body></html>');

	/** Maria sends `name` as a document; the host serves `served`; Helena's record of the file states no type and no size. */
	function documentWithoutType(name: string, served: { mimeType: string; bytes: Buffer }) {
		const sent = helena.sandbox.chat.contactSendsFile(MARIA_PHONE, {
			name,
			mimeType: 'application/msword',
			size: 80_000,
			servedAs: served,
		});
		helena.sandbox.misbehaviour.next({
			method: 'GET',
			path: MESSAGE,
			reshape: (message: IDataObject) => {
				const file = (message.details as IDataObject).file as IDataObject;
				if (!name) delete file.name;
				file.mimeType = null;
				delete file.size;
				return message;
			},
		});
		return String(sent.message.id);
	}
	const download = (messageId: string) => helena.run({ resource: 'message', operation: 'downloadMedia', messageId });

	test.each([
		['contrato.pdf', 'text/html; charset=utf-8'],
		['contrato.docx', 'application/xhtml+xml'],
		['proposta.pdf', 'application/octet-stream'],
	])('%s served as a sign-in page (%s) is refused, not output as the document', async (name, type) => {
		const id = documentWithoutType(name, { mimeType: type, bytes: PAGE });

		const { items, error } = await download(id);

		expect(items).toEqual([]);
		const sent = type === 'application/octet-stream' ? 'text/html' : type.split(';')[0];
		expect(error?.message).toBe(
			`The file "${name}" of message ${id} is not what Helena announced: Helena states no type, the host sends 0.1 kB ${sent}: a web page, and neither the file's type nor its name says HTML (item 0)`,
		);
	});

	test('a document message whose file has no name and no type: a page is refused too', async () => {
		const id = documentWithoutType('', { mimeType: 'text/html', bytes: PAGE });

		const { items, error } = await download(id);

		expect(items).toEqual([]);
		expect(error?.message).toMatch(/is not what Helena announced: Helena states no type, the host sends 0\.1 kB text\/html: a web page/);
	});

	test('a document named .html is a page, and is output as the file', async () => {
		const id = documentWithoutType('boleto.html', { mimeType: 'text/html; charset=utf-8', bytes: PAGE });

		const { items, error } = await download(id);

		expect(error).toBeUndefined();
		expect(Buffer.from(items[0].binary!.data.data, 'base64').equals(PAGE)).toBe(true);
		expect(items[0].binary!.data.fileName).toBe('boleto.html');
	});
});
