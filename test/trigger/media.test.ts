import { createHash } from 'node:crypto';

import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { useTrigger } from '../engine/runTrigger';
import { useSandbox } from '../engine/sandbox';
import { demo } from '../sandbox';

const MARIA_PHONE = demo.contactPhone(1);
const MB = 1024 * 1024;

/*
 * Helena Trigger → Attach Media: the file of a MESSAGE_* event as binary data, downloaded from the media
 * origin without the API key, so that a transcription or vision node can follow the trigger directly.
 */
describe('Helena Trigger: Attach Media', () => {
	const helena = useSandbox({ chatStepMs: 0 });
	const startTrigger = useTrigger(helena);
	const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
	const bytesOf = (item: INodeExecutionData, property = 'data') => Buffer.from(item.binary![property].data, 'base64');

	beforeEach(() => {
		helena.resetToDemo();
		helena.sandbox.media.requests.length = 0;
	});

	async function listening(options: INodeParameters) {
		const trigger = await startTrigger({ events: ['MESSAGE_RECEIVED'], options });
		await trigger.activate();
		return trigger;
	}

	async function settled(trigger: Awaited<ReturnType<typeof listening>>) {
		await helena.sandbox.waitForDeliveries();
		await trigger.idle();
	}

	test('an audio and an image the contact sends start the workflow with the file in "data", byte-identical; no key reaches the file host', async () => {
		const trigger = await listening({ attachMedia: true });

		const audio = helena.sandbox.chat.contactSendsFile(MARIA_PHONE, { name: 'audio-1.ogg', mimeType: 'audio/ogg', size: 120_000 });
		await settled(trigger);
		const image = helena.sandbox.chat.contactSendsFile(MARIA_PHONE, { name: 'comprovante.jpg', mimeType: 'image/jpeg', size: 2 * MB });
		await settled(trigger);

		const [[audioItem], [imageItem]] = trigger.executions;
		expect(audioItem.json).toMatchObject({ eventType: 'MESSAGE_RECEIVED', content: { id: audio.message.id, type: 'AUDIO' } });
		expect(audioItem.json).not.toHaveProperty('mediaError');
		expect(audioItem.binary!.data).toMatchObject({ mimeType: 'audio/ogg', fileName: 'audio-1.ogg', fileExtension: 'ogg' });
		expect(sha256(bytesOf(audioItem))).toBe(audio.sha256);
		expect(imageItem.binary!.data).toMatchObject({ mimeType: 'image/jpeg', fileName: 'comprovante.jpg' });
		expect(sha256(bytesOf(imageItem))).toBe(image.sha256);
		// Helena got its answer; the file host got two requests, neither with a credential
		expect(helena.sandbox.deliveries.map((d: { status: number }) => d.status)).toEqual([200, 200]);
		expect(trigger.calls.map((call) => call.body)).toEqual([{ message: 'Workflow was started' }, { message: 'Workflow was started' }]);
		expect(helena.sandbox.media.requests).toHaveLength(2);
		expect(helena.sandbox.media.keyLeaks()).toEqual([]);
	});

	test('the file goes into the field the user names; a text message passes unchanged, without a download', async () => {
		const trigger = await listening({ attachMedia: true, mediaBinaryProperty: 'voice' });

		helena.sandbox.chat.contactWrites(MARIA_PHONE, 'Oi!');
		await settled(trigger);
		const audio = helena.sandbox.chat.contactSendsFile(MARIA_PHONE, { name: 'nota.ogg', mimeType: 'audio/ogg', size: 5000 });
		await settled(trigger);

		const delivered = helena.sandbox.deliveries.map((d: { body: unknown }) => d.body);
		expect(trigger.executions[0]).toEqual([{ json: delivered[0] }]);
		expect(Object.keys(trigger.executions[1][0].binary!)).toEqual(['voice']);
		expect(sha256(bytesOf(trigger.executions[1][0], 'voice'))).toBe(audio.sha256);
		expect(helena.sandbox.media.requests).toHaveLength(1);
	});

	test('a file over Max Media Size still starts the workflow, without binary data and with the reason in mediaError', async () => {
		const trigger = await listening({ attachMedia: true, maxMediaSizeMb: 1 });

		const video = helena.sandbox.chat.contactSendsFile(MARIA_PHONE, { name: 'video.mp4', mimeType: 'video/mp4', size: 3 * MB });
		await settled(trigger);

		const [[item]] = trigger.executions;
		expect(item.binary).toBeUndefined();
		expect(item.json).toMatchObject({ eventType: 'MESSAGE_RECEIVED', content: { id: video.message.id } });
		expect(item.json.mediaError).toBe(
			`The file "video.mp4" of message ${video.message.id} is larger than the Max Media Size (MB) of 1 MB (Helena says 3 MB)`,
		);
		expect(helena.sandbox.media.requests).toEqual([]);
	});

	test('a file the host no longer has (403) still starts the workflow, with mediaError saying so', async () => {
		const trigger = await listening({ attachMedia: true });
		// the file store drops every file before the download
		const files = helena.sandbox.media.files;
		helena.sandbox.media.files = () => new Map();
		try {
			helena.sandbox.chat.contactSendsFile(MARIA_PHONE, { name: 'doc.pdf', mimeType: 'application/pdf', size: 100 });
			await settled(trigger);
		} finally {
			helena.sandbox.media.files = files;
		}

		const [[item]] = trigger.executions;
		expect(item.binary).toBeUndefined();
		expect(item.json.mediaError).toMatch(
			/^The file host http:\/\/127\.0\.0\.1:\d+ refused the download of the file "doc\.pdf" of message .* \(HTTP 403\)$/,
		);
	});

	test('an event that carries only the file ID: the message is read from Helena (with the key) for its address', async () => {
		const trigger = await listening({ attachMedia: true });
		const audio = helena.sandbox.chat.contactSendsFile(MARIA_PHONE, { name: 'voz.ogg', mimeType: 'audio/ogg', size: 2000 });
		await settled(trigger);
		helena.sandbox.clearRequests();
		helena.sandbox.media.requests.length = 0;
		const token = (trigger.savedStaticData['node:Helena Trigger'] as { token: string }).token;
		const thin = {
			eventType: 'MESSAGE_RECEIVED',
			date: '2026-01-05T10:00:00Z',
			content: { id: audio.message.id, type: 'AUDIO', fileId: audio.message.fileId, details: { file: { id: audio.message.fileId } } },
		};

		const answer = await trigger.post(`${trigger.webhookUrl}?token=${token}`, thin);
		await trigger.idle();

		expect(answer.status).toBe(200);
		const item = trigger.executions[1][0];
		expect(item.json).toEqual(thin);
		expect(sha256(bytesOf(item))).toBe(audio.sha256);
		expect(helena.sandbox.requests.map((r: { method: string; decodedPath: string }) => `${r.method} ${r.decodedPath}`)).toEqual([
			`GET /chat/v1/message/${audio.message.id}`,
		]);
		expect(helena.sandbox.media.keyLeaks()).toEqual([]);
	});

	test('with Attach Media off (the default) nothing is downloaded', async () => {
		const trigger = await listening({});

		helena.sandbox.chat.contactSendsFile(MARIA_PHONE, { name: 'audio.ogg', mimeType: 'audio/ogg', size: 100 });
		await settled(trigger);

		expect(trigger.executions).toHaveLength(1);
		expect(trigger.executions[0][0].binary).toBeUndefined();
		expect(helena.sandbox.media.requests).toEqual([]);
	});

	test('a wrong setting stops the activation and names it: a size of 0, a field name with a space', async () => {
		const size = await startTrigger({ events: ['MESSAGE_RECEIVED'], options: { attachMedia: true, maxMediaSizeMb: 0 } });
		const field = await startTrigger({ events: ['MESSAGE_RECEIVED'], options: { attachMedia: true, mediaBinaryProperty: 'my file' } });

		await expect(size.activate()).rejects.toThrow(
			'Max Media Size (MB) must be a whole number of at least 1 and at most 1024, not 0 (item 0)',
		);
		await expect(field.activate()).rejects.toThrow(/^Media Field must be a field name of letters/);
		expect(helena.sandbox.state.subscriptions.size).toBe(0);
	});

	afterAll(() => {
		expect(helena.sandbox.contractStats().violations).toBe(0);
	});
});
