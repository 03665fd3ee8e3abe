import { useTrigger } from '../engine/runTrigger';
import { MARIA_PHONE, useChatSandbox } from '../chat/chatFixture';

/*
 * A body is the file it is said to be only if it begins as that kind of file does. Pages are read as browsers read
 * an unknown body (a byte order mark, blanks, comments and an XML prolog skipped, then any tag a page begins with),
 * and a body claimed to be a PDF, PNG, JPEG, Ogg, MP4 or ZIP-based Office file must start with that format's
 * signature. One check for every file the node outputs: Message → Download Media and the trigger's Attach Media.
 */
const SIGN_IN = '<title>Entrar</title><form action="/login"><input name="senha"></form>';
const PAGES: Array<[string, string | Buffer]> = [
	['a comment first', `<!-- served by the proxy -->\n<html><body>${SIGN_IN}</body></html>`],
	['a script redirect', `<script>location.href = "/login?next=contrato.pdf"</script>`],
	[
		'an XHTML prolog',
		`<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "x">\n<html xmlns="http://www.w3.org/1999/xhtml">${SIGN_IN}</html>`,
	],
	['a title', SIGN_IN],
	['blanks and a paragraph', ` \r\n\t<p>Sessão expirada. Entre de novo.</p>`],
	['a UTF-16 byte order mark', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<!DOCTYPE html><html>Entrar</html>', 'utf16le')])],
];

/** Bytes of `size` that begin with `start` (latin1). */
const startingWith = (start: string, size = 2000) => Buffer.concat([Buffer.from(start, 'latin1'), Buffer.alloc(size - start.length, 0x41)]);
const NOT_THE_KIND = Buffer.from('Access denied. Your session has expired; ask for a new link.\n');

const KINDS: Array<[name: string, mimeType: string, kind: string, good: Buffer]> = [
	['contrato.pdf', 'application/pdf', 'a PDF (%PDF-)', startingWith('%PDF-1.4\n')],
	['foto.png', 'image/png', 'a PNG image', startingWith('\x89PNG\r\n\x1a\n')],
	['foto.jpg', 'image/jpeg', 'a JPEG image', startingWith('\xff\xd8\xff\xe0')],
	['voz.ogg', 'audio/ogg', 'an Ogg file (OggS)', startingWith('OggS\x00\x02')],
	['video.mp4', 'video/mp4', 'an MP4 file (ftyp)', startingWith('\x00\x00\x00\x18ftypmp42')],
	[
		'proposta.docx',
		'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
		'a ZIP-based Office file (PK)',
		startingWith('PK\x03\x04'),
	],
	[
		'planilha.xlsx',
		'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
		'a ZIP-based Office file (PK)',
		startingWith('PK\x03\x04'),
	],
];

describe('a body is the file it is said to be only if it begins as one', () => {
	const helena = useChatSandbox();
	const startTrigger = useTrigger(helena);
	const downloadMedia = (messageId: string) => helena.run({ resource: 'message', operation: 'downloadMedia', messageId });

	/** What the trigger with Attach Media outputs for each file's MESSAGE_RECEIVED, in order. */
	async function attachedBy(send: () => void) {
		const trigger = await startTrigger(
			{ events: ['MESSAGE_RECEIVED'], options: { attachMedia: true } },
			{ credentials: helena.credentials },
		);
		await trigger.activate();
		send();
		await helena.sandbox.waitForDeliveries();
		await trigger.idle();
		return trigger.executions.map((execution) => execution[0]);
	}

	/** Maria sends a file that Helena states (type, no size) and the host serves as `servedAs`. */
	const sends = (name: string, mimeType: string, servedAs: { mimeType: string; bytes: Buffer }) =>
		helena.sandbox.chat.contactSendsFile(MARIA_PHONE, { name, mimeType, size: servedAs.bytes.length, statedSize: null, servedAs });

	test.each(PAGES)('Download Media: a sign-in page beginning with %s, served as application/pdf, is not the PDF', async (_start, page) => {
		const bytes = Buffer.from(page);
		const file = sends('contrato.pdf', 'application/pdf', { mimeType: 'application/pdf', bytes });

		const { items, error } = await downloadMedia(file.message.id);

		expect(items).toEqual([]);
		expect(error?.message).toBe(
			`The file "contrato.pdf" of message ${file.message.id} is not what Helena announced: Helena states application/pdf, the host sends ${Math.round((bytes.length / 1024) * 10) / 10} kB text/html (item 0)`,
		);
	});

	test('Attach Media: the same pages are not attached; each event comes with mediaError', async () => {
		const items = await attachedBy(() => {
			for (const [, page] of PAGES) sends('contrato.pdf', 'application/pdf', { mimeType: 'application/pdf', bytes: Buffer.from(page) });
		});

		expect(items).toHaveLength(PAGES.length);
		for (const item of items) {
			expect(item.binary).toBeUndefined();
			expect(item.json.mediaError).toMatch(
				/is not what Helena announced: Helena states application\/pdf, the host sends \d+(\.\d)? kB text\/html$/,
			);
		}
	});

	test.each(KINDS)('Download Media: %s (%s) whose body does not begin as %s is refused, naming the kind', async (name, mimeType, kind) => {
		const file = sends(name, mimeType, { mimeType, bytes: NOT_THE_KIND });

		const { items, error } = await downloadMedia(file.message.id);

		expect(items).toEqual([]);
		expect(error?.message).toBe(
			`The file "${name}" of message ${file.message.id} is not what Helena announced: Helena states ${mimeType}, the host sends 0.1 kB ${mimeType}: its first bytes are not those of ${kind} (item 0)`,
		);
	});

	test.each(KINDS)('Download Media: %s (%s) that begins as %s is output byte for byte', async (name, mimeType, _kind, good) => {
		const file = sends(name, mimeType, { mimeType, bytes: good });

		const { items, error } = await downloadMedia(file.message.id);

		expect(error).toBeUndefined();
		expect(Buffer.from(items[0].binary!.data.data, 'base64').equals(good)).toBe(true);
		expect(items[0].binary!.data).toMatchObject({ fileName: name, mimeType });
	});

	test('Attach Media: files whose bodies do not begin as their kinds are not attached; mediaError names the kind', async () => {
		const items = await attachedBy(() => {
			for (const [name, mimeType] of KINDS) sends(name, mimeType, { mimeType, bytes: NOT_THE_KIND });
		});

		expect(items.map((item) => [item.binary, item.json.mediaError])).toEqual(
			KINDS.map(([name, mimeType, kind]) => [
				undefined,
				expect.stringMatching(
					new RegExp(
						`^The file "${name.replace('.', '\\.')}" .* the host sends 0\\.1 kB ${mimeType.replace(/[./+]/g, '\\$&')}: its first bytes are not those of ${kind.replace(/[()]/g, '\\$&')}$`,
					),
				),
			]),
		);
	});

	test('where no type is given, by Helena or the host, the name claims the kind: contrato.pdf served as any bytes must be a PDF', async () => {
		const file = sends('contrato.pdf', 'application/msword', { mimeType: 'application/octet-stream', bytes: NOT_THE_KIND });
		helena.sandbox.misbehaviour.next({
			method: 'GET',
			path: /^\/chat\/v1\/message\/[0-9a-f-]{36}$/,
			reshape: (message: { details: { file: { mimeType: unknown } } }) => {
				message.details.file.mimeType = null;
				return message;
			},
		});

		const { items, error } = await downloadMedia(file.message.id);

		expect(items).toEqual([]);
		expect(error?.message).toMatch(
			/Helena states no type, the host sends 0\.1 kB: its first bytes are not those of a PDF \(%PDF-\) \(item 0\)$/,
		);
	});

	test('an image Helena calls JPEG that the host serves as the PNG it is passes (the host names its kind)', async () => {
		const png = KINDS[1][3];
		const file = sends('foto.jpg', 'image/jpeg', { mimeType: 'image/png', bytes: png });

		const { items, error } = await downloadMedia(file.message.id);

		expect(error).toBeUndefined();
		expect(Buffer.from(items[0].binary!.data.data, 'base64').equals(png)).toBe(true);
	});

	test('a voice note Helena calls Ogg that the host serves as the MP3 it says it is passes (no signature to hold an MP3 to)', async () => {
		const mp3 = startingWith('ID3\x04\x00');
		const file = sends('voz.ogg', 'audio/ogg', { mimeType: 'audio/mpeg', bytes: mp3 });

		const { items, error } = await downloadMedia(file.message.id);

		expect(error).toBeUndefined();
		expect(Buffer.from(items[0].binary!.data.data, 'base64').equals(mp3)).toBe(true);
	});

	test('a text file of HTML source, served as text, is still the file', async () => {
		const source = Buffer.from(PAGES[0][1]);
		const file = sends('pagina.txt', 'text/plain', { mimeType: 'text/plain; charset=utf-8', bytes: source });

		const { error } = await downloadMedia(file.message.id);

		expect(error).toBeUndefined();
	});
});
