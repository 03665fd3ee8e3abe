'use strict';

const { startSandbox, demo } = require('./index');
const { chatOf } = require('./chat/store');

const KEY = 'test-key';
/** @type {import('./index').Sandbox} */
let sb;

async function call(method, path, body) {
	const res = await fetch(sb.url + path, {
		method,
		headers: { authorization: `Bearer ${KEY}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await res.text();
	return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

beforeAll(async () => {
	sb = await startSandbox({ port: 0, apiKey: KEY, chatStepMs: 0 });
});
afterAll(async () => await sb.close());
beforeEach(() => sb.reset('demo'));

describe('the sandbox chat service', () => {
	test('a body key or query name outside the reference is refused by the contract, naming it', async () => {
		const body = await call('POST', '/chat/v1/send/text', { to: '5511999999999', text: 'x', body: 'nested' });
		const query = await call('GET', '/chat/v2/session?status=PENDING');

		expect([body.status, body.json.key, body.json.text]).toEqual([
			400,
			'CONTRACT_VIOLATION',
			"Fora do contrato (sandbox): body.body: unknown key 'body' (known: to, from, options, sessionId, refId, delayTyping, callbackUrl, senderId, text)",
		]);
		expect([query.status, query.json.text]).toEqual([
			400,
			"Fora do contrato (sandbox): query.status: unknown key 'status': the contract spells it 'Status'",
		]);
		expect(sb.contract.takeViolations().map((v) => v.path)).toEqual(['/chat/v1/send/text', '/chat/v2/session']);
	});

	test('a send the service refuses is a ProblemDetails 400 with the reason in detail', async () => {
		const { status, json } = await call('POST', '/chat/v1/send/text', { to: '5521912345678', text: 'x' });
		expect(status).toBe(400);
		expect(json).toMatchObject({ title: 'Bad Request', status: 400, windowStatus: 'NOT_STARTED' });
		expect(json.detail).toMatch(/^Fora da janela de atendimento de 24 horas do WhatsApp/);
	});

	test('Force New Conversation completes the open conversation and opens another', async () => {
		const before = sb.chat.sessions().find((s) => s.contactId === demo.contactId(1) && s.status !== 'COMPLETED');
		const { status, json } = await call('POST', '/chat/v1/send/text', {
			to: demo.contactPhone(1),
			text: 'oi',
			options: { forceStartSession: true },
		});
		expect(status).toBe(200);
		expect(json.sessionId).not.toBe(before.id);
		expect(sb.chat.session(before.id).status).toBe('COMPLETED');
	});

	test('a template with a media header needs its file; a template without one refuses a file', async () => {
		const base = { from: '5511940000001', to: '5521912345678' };
		const fatura = await call('POST', '/chat/v1/send/template', {
			...base,
			templateId: demo.templateId('fatura'),
			parameters: { nome: 'a', valor: 'b' },
		});
		const welcome = await call('POST', '/chat/v1/send/template', {
			...base,
			templateId: demo.templateId('boas_vindas'),
			parameters: { nome: 'a' },
			fileIdOrUrl: 'https://example.com/a.pdf',
		});
		expect([fatura.status, fatura.json.detail]).toEqual([400, "O modelo 'fatura' exige um arquivo (DOCUMENT) em 'fileIdOrUrl'"]);
		expect([welcome.status, welcome.json.detail]).toEqual([
			400,
			"O modelo 'boas_vindas' não tem cabeçalho de mídia; não envie 'fileIdOrUrl'",
		]);
	});

	test('the storage address refuses an unknown upload; a confirmed upload of nothing is refused', async () => {
		const unknown = await fetch(`${sb.url}/__storage/0b0b0b0b-0000-4000-8000-000000000000`, { method: 'PUT', body: 'x' });
		const slot = await call('GET', '/core/v2/file?Type=DOCUMENT&Name=a.pdf');
		const confirm = await call('POST', '/core/v2/file', { tempFileId: slot.json.tempFileId });
		expect(unknown.status).toBe(403);
		expect(confirm.status).toBe(400);
	});

	test('a file too large for an image is refused at the send', async () => {
		const slot = await call('GET', '/core/v2/file?Type=IMAGE&Name=big.jpg&MimeType=image/jpeg');
		await fetch(slot.json.urlUpload, { method: 'PUT', body: Buffer.alloc(5 * 1024 * 1024 + 1) });
		const file = await call('POST', '/core/v2/file', { tempFileId: slot.json.tempFileId });
		const session = sb.chat.sessions().find((s) => s.contactId === demo.contactId(1) && s.status !== 'COMPLETED');
		const { status, json } = await call('POST', '/chat/v1/send/image', { sessionId: session.id, fileIdOrUrl: file.json.id });
		expect(status).toBe(400);
		expect(json.detail).toBe('O arquivo tem 5242881 bytes; o limite do canal para image é 5242880 bytes');
	});

	test('the reference allows null where its schema is nullable: options, ids and texts given as null send as if absent', async () => {
		const session = sb.chat.sessions().find((s) => s.contactId === demo.contactId(1) && s.status !== 'COMPLETED');
		const { status } = await call('POST', '/chat/v1/send/text', {
			sessionId: session.id,
			text: 'oi',
			to: null,
			from: null,
			refId: null,
			delayTyping: null,
			callbackUrl: null,
			senderId: null,
			options: { enableBot: null, hiddenSession: null, forceStartSession: null },
		});
		expect(status).toBe(200);
	});

	test("Delay Typing: the schema has no bound, the reference's prose says at most 25 seconds, and the service says so", async () => {
		const session = sb.chat.sessions().find((s) => s.contactId === demo.contactId(1) && s.status !== 'COMPLETED');
		const answers = [];
		for (const delayTyping of [25, 26, -1]) {
			const { status, json } = await call('POST', '/chat/v1/send/text', { sessionId: session.id, text: 'oi', delayTyping });
			answers.push([delayTyping, status, json.detail ?? null]);
		}
		expect(answers).toEqual([
			[25, 200, null],
			[26, 400, "O campo 'delayTyping' deve estar entre 0 e 25 segundos, não 26"],
			[-1, 400, "O campo 'delayTyping' deve estar entre 0 e 25 segundos, não -1"],
		]);
		expect(sb.contract.violations).toEqual([]);
	});

	test('session and contact metadata take any value, as the reference types them', async () => {
		const { status } = await call('POST', '/chat/v1/send/chatbot', {
			botKey: demo.chatbotKey('Triagem'),
			to: demo.contactPhone(1),
			sessionMetadata: { pedido: 123, pago: true },
			contactMetadata: { pontos: 5 },
		});
		expect(status).toBe(200);
		expect(sb.state.contacts.get(demo.contactId(1)).metadata).toMatchObject({ pontos: 5 });
		expect(sb.contract.violations).toEqual([]);
	});

	test('the conversation list filters by metadata written as Metadata[key]=value', async () => {
		const [first, second] = chatOf(sb.state).sessions.values();
		first.metadata = { pedido: '123' };
		second.metadata = { pedido: '456' };
		const { status, json } = await call('GET', '/chat/v2/session?Metadata%5Bpedido%5D=123&PageSize=100');
		const bare = await call('GET', '/chat/v2/session?Metadata=123');
		expect(status).toBe(200);
		expect(json.items.map((s) => s.id)).toEqual([first.id]);
		expect([bare.status, bare.json.text]).toEqual([
			400,
			'Fora do contrato (sandbox): query.Metadata: takes its entries as Metadata[key]=value',
		]);
		expect(sb.contract.takeViolations()).toHaveLength(1);
	});
});
