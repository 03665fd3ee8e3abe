import { sleep } from 'n8n-workflow';

import { useTrigger } from '../engine/runTrigger';
import { MARIA_PHONE, useChatSandbox } from '../chat/chatFixture';

const HTML = Buffer.from('<!DOCTYPE html><html><head><title>Sign in</title></head><body>Please sign in</body></html>');

/*
 * A download has a deadline and must be what Helena said it is, for both users of the one download
 * (Message → Download Media and the Helena Trigger's Attach Media): the credential's Timeout bounds the
 * whole transfer, and a body whose size or type contradicts Helena's description is an error naming both.
 */
describe('downloads: a deadline for the whole transfer, and the file Helena described', () => {
	const helena = useChatSandbox();
	const startTrigger = useTrigger(helena);
	beforeEach(() => {
		helena.sandbox.media.requests.length = 0;
	});
	const downloadMedia = (messageId: string, credentials = {}) =>
		helena.run({ resource: 'message', operation: 'downloadMedia', messageId }, { credentials });

	/** What the trigger with Attach Media outputs for the file's MESSAGE_RECEIVED. */
	async function attachedBy(send: () => void, credentials = {}) {
		const trigger = await startTrigger(
			{ events: ['MESSAGE_RECEIVED'], options: { attachMedia: true } },
			{ credentials: { ...helena.credentials, ...credentials } },
		);
		await trigger.activate();
		send();
		await helena.sandbox.waitForDeliveries();
		await trigger.idle();
		return trigger.executions[0][0];
	}

	// 2 KB every 300 ms: never silent for a second, 100 s in all for 640 KB
	const trickling = () =>
		helena.sandbox.chat.contactSendsFile(MARIA_PHONE, {
			name: 'aula.mp3',
			mimeType: 'audio/mpeg',
			size: 640 * 1024,
			trickle: { bytes: 2048, everyMs: 300 },
		});

	test('Download Media: a host trickling bytes is cut off at the Timeout (2 s), not after each silence', async () => {
		const file = trickling();
		const started = Date.now();

		const { error } = await downloadMedia(file.message.id, { timeout: 2 });

		const took = Date.now() - started;
		expect(error?.message).toMatch(
			/^The download of the file "aula\.mp3" of message .* from http:\/\/127\.0\.0\.1:\d+ did not finish within 2 s \(item 0\)$/,
		);
		expect(error?.description).toMatch(/^\d+(\.\d)? kB arrived before the deadline/);
		expect(took).toBeLessThan(6000);
		await sleep(100);
		expect(helena.sandbox.media.requests[0].complete).toBe(false);
	});

	test('Attach Media: the same trickle ends at the Timeout; the event still starts the workflow, with mediaError', async () => {
		const item = await attachedBy(() => trickling(), { timeout: 2 });

		expect(item.binary).toBeUndefined();
		expect(item.json.mediaError).toMatch(/^The download of the file "aula\.mp3" of message .* did not finish within 2 s$/);
	});

	const signInPage = () =>
		helena.sandbox.chat.contactSendsFile(MARIA_PHONE, {
			name: 'contrato.pdf',
			mimeType: 'application/pdf',
			size: 50 * 1024,
			servedAs: { mimeType: 'text/html; charset=utf-8', bytes: HTML },
		});

	test('Download Media: an HTML page where Helena announced a 50 kB PDF is an error naming both, not a file', async () => {
		const file = signInPage();

		const { items, error } = await downloadMedia(file.message.id);

		expect(items).toEqual([]);
		expect(error?.message).toBe(
			`The file "contrato.pdf" of message ${file.message.id} is not what Helena announced: Helena states 50 kB application/pdf, the host sends ${Math.round((HTML.length / 1024) * 10) / 10} kB text/html (item 0)`,
		);
	});

	test('Attach Media: the same page is not attached; mediaError names both', async () => {
		const item = await attachedBy(() => signInPage());

		expect(item.binary).toBeUndefined();
		expect(item.json.mediaError).toMatch(
			/is not what Helena announced: Helena states 50 kB application\/pdf, the host sends 0\.1 kB text\/html$/,
		);
	});

	test('a page served as "any bytes" is still recognised by its first bytes; a body shorter than Helena states is refused', async () => {
		const disguised = helena.sandbox.chat.contactSendsFile(MARIA_PHONE, {
			name: 'foto.jpg',
			mimeType: 'image/jpeg',
			size: 300_000,
			statedSize: null,
			servedAs: { mimeType: 'application/octet-stream', bytes: HTML },
		});
		const short = helena.sandbox.chat.contactSendsFile(MARIA_PHONE, {
			name: 'nota.ogg',
			mimeType: 'audio/ogg',
			size: 48_000,
			servedAs: { mimeType: 'audio/ogg', bytes: Buffer.alloc(1000, 7) },
		});

		const page = await downloadMedia(disguised.message.id);
		const truncated = await downloadMedia(short.message.id);

		expect(page.error?.message).toMatch(
			/is not what Helena announced: Helena states image\/jpeg, the host sends 0\.1 kB text\/html \(item 0\)$/,
		);
		expect(truncated.error?.message).toMatch(
			/is not what Helena announced: Helena states 46\.9 kB audio\/ogg, the host sends 1 kB audio\/ogg \(item 0\)$/,
		);
	});

	// no size from Helena, and the host says what Helena said: only the first bytes tell the sign-in page
	const pageAsPdf = () =>
		helena.sandbox.chat.contactSendsFile(MARIA_PHONE, {
			name: 'contrato.pdf',
			mimeType: 'application/pdf',
			size: 50 * 1024,
			statedSize: null,
			servedAs: { mimeType: 'application/pdf', bytes: Buffer.concat([Buffer.from('\uFEFF'), HTML]) },
		});

	test('Download Media: a page served as application/pdf, where Helena states a PDF of no size, is not the PDF', async () => {
		const { items, error } = await downloadMedia(pageAsPdf().message.id);

		expect(items).toEqual([]);
		expect(error?.message).toMatch(
			/is not what Helena announced: Helena states application\/pdf, the host sends 0\.1 kB text\/html \(item 0\)$/,
		);
	});

	test('Attach Media: the same page is not attached; mediaError names it', async () => {
		const item = await attachedBy(() => pageAsPdf());

		expect(item.binary).toBeUndefined();
		expect(item.json.mediaError).toMatch(
			/is not what Helena announced: Helena states application\/pdf, the host sends 0\.1 kB text\/html$/,
		);
	});

	test('a text file that holds markup, served as text, is the file', async () => {
		const source = helena.sandbox.chat.contactSendsFile(MARIA_PHONE, {
			name: 'pagina.txt',
			mimeType: 'text/plain',
			size: HTML.length,
			servedAs: { mimeType: 'text/plain; charset=utf-8', bytes: HTML },
		});

		const { items, error } = await downloadMedia(source.message.id);

		expect(error).toBeUndefined();
		expect(items[0].binary!.data).toMatchObject({ mimeType: 'text/plain', fileName: 'pagina.txt' });
	});

	test('a host that gives the type with parameters, or none, and the exact size, is the file', async () => {
		const voice = helena.sandbox.chat.contactSendsFile(MARIA_PHONE, {
			name: 'voz.ogg',
			mimeType: 'audio/ogg',
			size: 4000,
			servedAs: { mimeType: 'audio/ogg; codecs=opus', bytes: Buffer.concat([Buffer.from('OggS'), Buffer.alloc(3996, 1)]) },
		});

		const { items, error } = await downloadMedia(voice.message.id);

		expect(error).toBeUndefined();
		expect(items[0].binary!.data).toMatchObject({ mimeType: 'audio/ogg', fileName: 'voz.ogg' });
	});
});
