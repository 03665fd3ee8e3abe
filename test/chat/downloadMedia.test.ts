import { createHash } from 'node:crypto';

import type { INodeExecutionData } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { allRequests, MARIA_PHONE, mariaSession, MISSING, useChatSandbox } from './chatFixture';

const MB = 1024 * 1024;

/*
 * Message → Download Media: the file of a message, read from the media origin (another host than the
 * API, like Helena's file store) without the API key, up to a size cap that stops the reading.
 */
describe('Message → Download Media', () => {
	const helena = useChatSandbox();
	const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
	const bytesOf = (item: INodeExecutionData, property = 'data') => Buffer.from(item.binary![property].data, 'base64');
	const download = (messageId: string, extra: Record<string, unknown> = {}, continueOnFail = false) =>
		helena.run({ resource: 'message', operation: 'downloadMedia', messageId, ...extra }, { continueOnFail });
	const mediaRequests = () => helena.sandbox.media.requests;

	beforeEach(() => {
		helena.sandbox.media.requests.length = 0;
	});

	test('a received 10 MB document comes out byte-identical, with its name and MIME type; the key never reaches the file host', async () => {
		const sent = helena.sandbox.chat.contactSendsFile(MARIA_PHONE, {
			name: 'contrato assinado.pdf',
			mimeType: 'application/pdf',
			size: 10 * MB,
		});
		helena.sandbox.clearRequests();

		const { items, error } = await download(sent.message.id);

		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(sha256(bytesOf(items[0]))).toBe(sent.sha256);
		expect(bytesOf(items[0]).length).toBe(10 * MB);
		expect(items[0].binary!.data).toMatchObject({ fileName: 'contrato assinado.pdf', mimeType: 'application/pdf', fileExtension: 'pdf' });
		expect(items[0].json).toMatchObject({
			id: sent.message.id,
			direction: 'received',
			author: 'contact',
			type: 'DOCUMENT',
			file: { name: 'contrato assinado.pdf', mimeType: 'application/pdf', size: 10 * MB },
		});
		expect(items[0].pairedItem).toEqual({ item: 0 });
		// the API was asked with the key; the file host got the request without it
		expect(allRequests(helena).map((r) => `${r.method} ${r.path}`)).toEqual([`GET /chat/v1/message/${sent.message.id}`]);
		expect(helena.sandbox.requests[0].headers.authorization).toMatch(/^Bearer /);
		expect(mediaRequests()).toHaveLength(1);
		expect(new URL(helena.sandbox.media.url).origin).not.toBe(new URL(helena.sandbox.url).origin);
		expect(helena.sandbox.media.keyLeaks()).toEqual([]);
		expect(JSON.stringify(mediaRequests()[0].headers)).not.toContain(helena.credentials.apiKey);
	});

	test('the files of the demo history (a document the team sent, an image the contact sent) come out as the media host serves them', async () => {
		const history = helena.sandbox.chat.history(mariaSession(helena).id) as { id: string; type: string; direction: string }[];
		const files = helena.sandbox.chat.files() as { id: string; name: string; bytes: Buffer }[];
		const seeded = [history.find((m) => m.type === 'DOCUMENT')!, history.find((m) => m.type === 'IMAGE')!];

		const { items, error } = await helena.run(
			{ resource: 'message', operation: 'downloadMedia', messageId: '={{ $json.id }}' },
			{ inputItems: seeded.map((message) => ({ json: { id: message.id } })) },
		);

		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.direction, item.json.type, item.binary!.data.fileName, item.binary!.data.mimeType])).toEqual([
			['sent', 'DOCUMENT', 'plano-pro.pdf', 'application/pdf'],
			['received', 'IMAGE', 'print-do-pedido.png', 'image/png'],
		]);
		for (const item of items) {
			const stored = files.find((file) => file.name === item.binary!.data.fileName)!;
			expect(sha256(bytesOf(item))).toBe(sha256(stored.bytes));
		}
		expect(mediaRequests()).toHaveLength(2);
		expect(helena.sandbox.media.keyLeaks()).toEqual([]);
	});

	test('an audio and an image into the field the user names, one item per message', async () => {
		const audio = helena.sandbox.chat.contactSendsFile(MARIA_PHONE, { name: 'audio-1.ogg', mimeType: 'audio/ogg', size: 48_000 });
		const image = helena.sandbox.chat.contactSendsFile(MARIA_PHONE, { name: 'foto.jpg', mimeType: 'image/jpeg', size: 300_000 });

		const { items, error } = await helena.run(
			{ resource: 'message', operation: 'downloadMedia', messageId: '={{ $json.id }}', binaryPropertyName: 'file' },
			{ items: [{ id: audio.message.id }, { id: image.message.id }] },
		);

		expect(error).toBeUndefined();
		expect(items.map((item) => [item.binary!.file.mimeType, item.binary!.file.fileName, sha256(bytesOf(item, 'file'))])).toEqual([
			['audio/ogg', 'audio-1.ogg', audio.sha256],
			['image/jpeg', 'foto.jpg', image.sha256],
		]);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(helena.sandbox.media.keyLeaks()).toEqual([]);
	});

	test('a file Helena says is over the cap is refused with the cap named, before any download', async () => {
		const big = helena.sandbox.chat.contactSendsFile(MARIA_PHONE, { name: 'video.mp4', mimeType: 'video/mp4', size: 30 * MB });

		const { items, error } = await download(big.message.id);

		expect(items).toEqual([]);
		expect(error?.message).toBe(
			`The file "video.mp4" of message ${big.message.id} is larger than the Max File Size (MB) of 25 MB (Helena says 30 MB) (item 0)`,
		);
		expect(error?.description).toMatch(/^Raise Max File Size \(MB\) to download it/);
		expect(mediaRequests()).toEqual([]);
	});

	test('a host that sends more than the cap without saying so is cut off at the cap, and the error names it', async () => {
		// Helena states 1 MB; the host streams 64 MB without a Content-Length
		const liar = helena.sandbox.chat.contactSendsFile(MARIA_PHONE, {
			name: 'gravação.mp3',
			mimeType: 'audio/mpeg',
			size: 64 * MB,
			statedSize: MB,
			chunked: true,
		});

		const { error } = await download(liar.message.id, { options: { maxFileSizeMb: 5 } });

		expect(error?.message).toBe(
			`The file "gravação.mp3" of message ${liar.message.id} is larger than the Max File Size (MB) of 5 MB (more than 5 MB arrived) (item 0)`,
		);
		await sleep(100);
		const [request] = mediaRequests();
		expect(request.complete).toBe(false);
		// the reading stopped near the cap: far less than the 64 MB the host had to send
		expect(request.bytesSent).toBeLessThan(16 * MB);
	});

	test('a host that announces more than the cap is refused without reading the body', async () => {
		const announced = helena.sandbox.chat.contactSendsFile(MARIA_PHONE, {
			name: 'backup.zip',
			mimeType: 'application/zip',
			size: 40 * MB,
			statedSize: null,
		});

		const { error } = await download(announced.message.id);

		expect(error?.message).toBe(
			`The file "backup.zip" of message ${announced.message.id} is larger than the Max File Size (MB) of 25 MB (the host announces 40 MB) (item 0)`,
		);
		await sleep(100);
		expect(mediaRequests()[0].complete).toBe(false);
	});

	test('a text message has no file: the error says so and names the item; Continue On Fail keeps the item', async () => {
		const session = mariaSession(helena);
		helena.sandbox.chat.contactWrites(MARIA_PHONE, 'só texto');
		const listed = await helena.run({ resource: 'message', operation: 'getAll', sessionId: session.id, returnAll: true });
		const text = listed.items.find((item) => item.json.text === 'só texto')!.json.id as string;

		const { items, error } = await download(text, {}, true);

		expect(error).toBeUndefined();
		expect(items[0].json.error).toBe(`The message ${text} carries no file (its type is TEXT) (item 0)`);
		expect(items[0].binary).toBeUndefined();
		expect(mediaRequests()).toEqual([]);
	});

	test('an expired file address (the host answers 403) is reported with what to do', async () => {
		const sent = helena.sandbox.chat.contactSendsFile(MARIA_PHONE, { name: 'foto.png', mimeType: 'image/png', size: 1000 });
		// the file store no longer has it (an address that expired, a file removed)
		helena.sandbox.media.files().delete(sent.message.fileId);

		const { error } = await download(sent.message.id);

		expect(error?.message).toBe(
			`The file host ${helena.sandbox.media.url} refused the download of the file "foto.png" of message ${sent.message.id} (HTTP 403) (item 0)`,
		);
		expect(error?.description).toMatch(/may have expired/);
	});

	test('bad input is refused before any request: a message ID that is not one, a cap of 0, a field name with spaces', async () => {
		const sent = helena.sandbox.chat.contactSendsFile(MARIA_PHONE, { name: 'a.ogg', mimeType: 'audio/ogg', size: 10 });
		helena.sandbox.clearRequests();

		const id = await download('123');
		const cap = await download(sent.message.id, { options: { maxFileSizeMb: 0 } });
		const field = await download(sent.message.id, { binaryPropertyName: 'my file' });
		const missing = await download(MISSING);

		expect(id.error?.message).toBe('Message ID must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, not "123" (item 0)');
		expect(cap.error?.message).toBe('Max File Size (MB) must be a whole number of at least 1 and at most 1024, not 0 (item 0)');
		expect(field.error?.message).toBe(
			'Put Output File in Field must be a field name of letters, digits, "_", "-" or ".", such as data, not "my file" (item 0)',
		);
		expect(missing.error?.message).toBe(`The message with ID "${MISSING}" was not found in Helena`);
		expect(allRequests(helena).map((r) => r.path)).toEqual([`/chat/v1/message/${MISSING}`]);
		expect(mediaRequests()).toEqual([]);
	});

	afterAll(() => {
		expect(helena.sandbox.contractStats().violations).toBe(0);
	});
});
