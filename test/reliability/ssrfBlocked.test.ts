import type { NodeApiError } from 'n8n-workflow';

import { allRequests, MARIA_PHONE, mariaSession, useChatSandbox } from '../chat/chatFixture';
import { demo } from '../sandbox';
import { blockIn2411 } from './ssrfBlock';

const ADVICE = 'An n8n administrator can allow it with N8N_SSRF_ALLOWED_IP_RANGES (e.g. 127.0.0.1/32) or N8N_SSRF_ALLOWED_HOSTNAMES.';

describe('a request n8n blocks (SSRF protection) was not sent, and the error says so', () => {
	const helena = useChatSandbox();
	let block: ReturnType<typeof blockIn2411> | undefined;
	afterEach(() => block?.restore());
	const origin = () => new URL(helena.sandbox.url).origin;
	const outcomeOf = (error: unknown) => (error as NodeApiError).context.outcome;

	test('Contact → Create: "n8n blocked", nothing sent to Helena, never "may have applied", outcome not applied', async () => {
		block = blockIn2411({ auth: true });

		const { items, error } = await helena.run({ resource: 'contact', operation: 'create', name: 'Lia', phoneNumber: '+55|21987654321' });

		expect(items).toEqual([]);
		expect(error?.message).toBe(`n8n blocked the request to ${origin()}: its SSRF protection does not allow this address`);
		expect(error?.description).toBe(`Nothing was sent to Helena: n8n does not allow connections to 127.0.0.1. ${ADVICE}`);
		expect(error?.description).not.toMatch(/may have applied|broke/);
		expect(outcomeOf(error)).toBe('notApplied');
		expect(block.calls.auth).toBe(1);
		expect(allRequests(helena)).toEqual([]);
	});

	test('Contact → Get: the same error, and the read is not repeated', async () => {
		block = blockIn2411({ auth: true });

		const { error } = await helena.run({
			resource: 'contact',
			operation: 'get',
			contact: { __rl: true, mode: 'id', value: demo.contactId(1) },
		});

		expect(error?.message).toBe(`n8n blocked the request to ${origin()}: its SSRF protection does not allow this address`);
		expect(error?.description).toBe(`Nothing was sent to Helena: n8n does not allow connections to 127.0.0.1. ${ADVICE}`);
		expect(outcomeOf(error)).toBe('notApplied');
		expect(block.calls.auth).toBe(1);
	});

	test('Download Media: the API answers, the file host is blocked: "n8n blocked the download", nothing requested from the host', async () => {
		const file = helena.sandbox.chat.contactSendsFile(MARIA_PHONE, { name: 'foto.jpg', mimeType: 'image/jpeg', size: 3000 });
		helena.sandbox.media.requests.length = 0;
		block = blockIn2411({ plain: true });

		const { error } = await helena.run({ resource: 'message', operation: 'downloadMedia', messageId: file.message.id });

		const media = new URL(helena.sandbox.media.url).origin;
		expect(error?.message).toBe(
			`n8n blocked the download of the file "foto.jpg" of message ${file.message.id} from ${media}: its SSRF protection does not allow this address (item 0)`,
		);
		expect(error?.description).toBe(`Nothing was sent to the file host: n8n does not allow connections to 127.0.0.1. ${ADVICE}`);
		expect(block.calls.plain).toBe(1);
		expect(helena.sandbox.media.requests).toEqual([]);
	});

	test('Send Media from binary data: the upload to the file store is blocked; nothing confirmed or sent', async () => {
		const pdf = {
			json: {},
			binary: { data: { data: Buffer.from('%PDF-1.4 fatura').toString('base64'), mimeType: 'application/pdf', fileName: 'fatura.pdf' } },
		};
		const sessionId = mariaSession(helena).id;
		block = blockIn2411({ plain: true });

		const { error } = await helena.run(
			{
				resource: 'message',
				operation: 'sendMedia',
				sendTo: 'session',
				sessionId,
				mediaType: 'document',
				fileSource: 'binary',
				binaryPropertyName: 'data',
			},
			{ inputItems: [pdf] },
		);

		expect(error?.message).toMatch(
			/^n8n blocked the upload of "fatura\.pdf" to http:\/\/127\.0\.0\.1:\d+: its SSRF protection does not allow this address \(item 0\)$/,
		);
		expect(error?.description).toBe(
			`Nothing was sent to Helena's file storage: n8n does not allow connections to 127.0.0.1. ${ADVICE} Nothing was sent to the contact.`,
		);
		expect(block.calls.plain).toBe(1);
		expect(allRequests(helena).map((request) => `${request.method} ${request.path}`)).toEqual(['GET /core/v2/file']);
	});
});
