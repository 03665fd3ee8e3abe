import { demo } from '../sandbox';
import {
	allRequests,
	byNumber,
	COMERCIAL,
	MARIA_PHONE,
	mariaSession,
	MISSING,
	SIMPLIFIED_MESSAGE_KEYS,
	useChatSandbox,
} from './chatFixture';

const NEW_LEAD = '+55 21 97777-1234';

describe('Message: Get, Get Many, Delete, Send Typing, Send OTP and their statuses', () => {
	const helena = useChatSandbox();
	/** How many messages the demo history has in Maria's conversation. */
	let seeded = 0;

	/** Maria writes, the node answers twice: three messages after the demo history of her open conversation, oldest first. */
	async function conversationOfMaria() {
		const session = mariaSession(helena);
		seeded = helena.sandbox.chat.history(session.id).length;
		helena.sandbox.chat.contactWrites(MARIA_PHONE, 'Oi, qual o prazo de entrega?');
		for (const text of ['Olá Maria!', 'Chega amanhã.']) {
			const { error } = await helena.run({ resource: 'message', operation: 'sendText', sendTo: 'session', sessionId: session.id, text });
			expect(error).toBeUndefined();
		}
		helena.sandbox.clearRequests();
		return session;
	}

	test('Get Many lists a conversation oldest first, simplified: who wrote, what, when; one GET per 100', async () => {
		const session = await conversationOfMaria();

		const { items, error } = await helena.run({ resource: 'message', operation: 'getAll', sessionId: session.id, returnAll: true });

		expect(error).toBeUndefined();
		expect(allRequests(helena)).toEqual([
			{
				method: 'GET',
				path: '/chat/v1/message',
				query: { SessionId: session.id, OrderBy: 'createdAt', OrderDirection: 'ASCENDING', PageNumber: '1', PageSize: '100' },
				body: undefined,
			},
		]);
		expect(seeded).toBeGreaterThan(0);
		expect(items.map((item) => item.json.id)).toEqual(helena.sandbox.chat.history(session.id).map((message: { id: string }) => message.id));
		expect(items.slice(seeded).map((item) => [item.json.author, item.json.direction, item.json.text])).toEqual([
			['contact', 'received', 'Oi, qual o prazo de entrega?'],
			['api', 'sent', 'Olá Maria!'],
			['api', 'sent', 'Chega amanhã.'],
		]);
		expect(Object.keys(items[0].json).sort()).toEqual(SIMPLIFIED_MESSAGE_KEYS);
		expect(items.every((item) => item.pairedItem && (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	test('Get Many newest first with a limit and a date filter; raw messages without Simplify', async () => {
		const session = await conversationOfMaria();

		const { items, error } = await helena.run({
			resource: 'message',
			operation: 'getAll',
			sessionId: session.id,
			limit: 2,
			simple: false,
			filters: { createdAfter: '2020-01-01T00:00:00Z' },
			options: { orderDirection: 'DESCENDING' },
		});

		expect(error).toBeUndefined();
		expect(allRequests(helena)[0].query).toMatchObject({ 'CreatedAt.After': '2020-01-01T00:00:00Z', OrderDirection: 'DESCENDING' });
		expect(items.map((item) => item.json.text)).toEqual(['Chega amanhã.', 'Olá Maria!']);
		expect(items[0].json).toHaveProperty('origin', 'API');
	});

	test('Get returns one message with its details; a missing one says which message', async () => {
		const session = await conversationOfMaria();
		const listed = await helena.run({ resource: 'message', operation: 'getAll', sessionId: session.id, returnAll: true });
		const id = listed.items[seeded].json.id as string;
		helena.sandbox.clearRequests();

		const found = await helena.run({ resource: 'message', operation: 'get', messageId: id });
		const missing = await helena.run({ resource: 'message', operation: 'get', messageId: MISSING });

		expect(found.error).toBeUndefined();
		expect(found.items[0].json).toMatchObject({ id, sessionId: session.id, text: 'Oi, qual o prazo de entrega?', direction: 'FROM_HUB' });
		expect(missing.error?.message).toBe(`The message with ID "${MISSING}" was not found in Helena`);
		expect(allRequests(helena).map((r) => `${r.method} ${r.path}`)).toEqual([
			`GET /chat/v1/message/${id}`,
			`GET /chat/v1/message/${MISSING}`,
		]);
	});

	test('Delete outputs { deleted, id }; the message stays as DELETED; deleting it again succeeds and says it was already gone', async () => {
		const session = await conversationOfMaria();
		const listed = await helena.run({ resource: 'message', operation: 'getAll', sessionId: session.id, returnAll: true });
		const id = listed.items[2].json.id as string;
		helena.sandbox.clearRequests();

		const first = await helena.run({ resource: 'message', operation: 'delete', messageId: id });
		const again = await helena.run({ resource: 'message', operation: 'delete', messageId: id });

		expect(first.error).toBeUndefined();
		expect(first.items.map((item) => item.json)).toEqual([{ deleted: true, id }]);
		expect(again.error).toBeUndefined();
		expect(again.items.map((item) => item.json)).toEqual([{ deleted: false, id, alreadyGone: true }]);
		expect(helena.sandbox.requests.map((r: { method: string; status: number }) => `${r.status} ${r.method}`)).toEqual([
			'200 DELETE',
			'400 DELETE',
		]);
		expect(helena.sandbox.chat.message(id)).toMatchObject({ status: 'DELETED', text: null });
		// a deleted message is final: moving every message on ends
		helena.sandbox.chat.settle();
		expect(helena.sandbox.chat.message(id)).toMatchObject({ status: 'DELETED' });
	});

	test('Delete of a message whose answer was lost: the repeat finds it deleted, and the item succeeds once', async () => {
		const session = await conversationOfMaria();
		const listed = await helena.run({ resource: 'message', operation: 'getAll', sessionId: session.id, returnAll: true });
		const id = listed.items[seeded].json.id as string;
		helena.sandbox.clearRequests();
		helena.sandbox.misbehaviour.next({ loseAnswer: true, method: 'DELETE', path: `/chat/v1/message/${id}` });

		const { items, error } = await helena.run({ resource: 'message', operation: 'delete', messageId: id });

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([{ deleted: true, id }]);
		expect(helena.sandbox.requests.map((r: { method: string; status: number }) => `${r.status} ${r.method}`)).toEqual([
			'0 DELETE',
			'400 DELETE',
		]);
		expect(helena.sandbox.chat.message(id)).toMatchObject({ status: 'DELETED' });
	});

	test('Delete of a message that does not exist fails and names it; bad IDs fail before any request', async () => {
		const missing = await helena.run({ resource: 'message', operation: 'delete', messageId: MISSING });
		const bad = await helena.run({ resource: 'message', operation: 'delete', messageId: 'not-an-id' });

		expect(missing.error?.message).toBe(`The message with ID "${MISSING}" was not found in Helena`);
		expect(bad.error?.message).toBe('Message ID must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, not "not-an-id" (item 0)');
		expect(allRequests(helena).map((r) => r.method)).toEqual(['DELETE']);
	});

	test("Send Typing posts the conversation; a completed conversation is refused with Helena's words", async () => {
		const session = mariaSession(helena);
		const completed = helena.sandbox.chat.sessions().find((s: { status: string }) => s.status === 'COMPLETED');

		const typing = await helena.run({ resource: 'message', operation: 'sendTyping', sessionId: session.id });
		const closed = await helena.run({ resource: 'message', operation: 'sendTyping', sessionId: completed.id }, { continueOnFail: true });

		expect(typing.error).toBeUndefined();
		expect(typing.items.map((item) => item.json)).toEqual([{ sent: true, sessionId: session.id }]);
		expect(allRequests(helena)[0]).toEqual({ method: 'POST', path: '/chat/v1/send/typing', query: {}, body: { sessionId: session.id } });
		expect(closed.items[0].json.error).toMatch(/já foi concluída/);
		expect(helena.sandbox.chat.typing().map((t: { sessionId: string }) => t.sessionId)).toEqual([session.id]);
	});

	test('Send OTP from a channel picked by number, with a code and a reference; Get Status finds it by the reference', async () => {
		const sent = await helena.run({
			resource: 'message',
			operation: 'sendOtp',
			channel: byNumber('+55 11 94000-0001'),
			phoneNumber: NEW_LEAD,
			otpOptions: { code: '482913', senderId: 'login-4711', callbackUrl: 'https://example.com/otp' },
		});
		const status = await helena.run({ resource: 'message', operation: 'getStatus', sentWith: 'otp', messageId: 'login-4711' });

		expect(sent.error).toBeUndefined();
		const requests = allRequests(helena);
		expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /chat/v1/channel',
			'POST /chat/v1/send/otp',
			'GET /chat/v1/send/otp/login-4711',
		]);
		expect(requests[1].body).toEqual({
			from: COMERCIAL.number,
			to: NEW_LEAD,
			code: '482913',
			senderId: 'login-4711',
			callbackUrl: 'https://example.com/otp',
		});
		expect(sent.items[0].json).toMatchObject({ status: 'SENT', code: '482913', senderId: 'login-4711' });
		expect(status.items[0].json).toMatchObject({ id: sent.items[0].json.id, status: 'SENT', code: '482913' });
	});

	test('Send OTP without a code: Helena makes a 5-digit one; an undeliverable number reads FAILED with the reason', async () => {
		const sent = await helena.run({
			resource: 'message',
			operation: 'sendOtp',
			channel: byNumber(COMERCIAL.number),
			phoneNumber: demo.undeliverablePhone,
		});
		const status = await helena.run({
			resource: 'message',
			operation: 'getStatus',
			sentWith: 'otp',
			messageId: sent.items[0].json.id as string,
		});

		expect(sent.error).toBeUndefined();
		expect(sent.items[0].json.code).toMatch(/^\d{5}$/);
		expect(status.items[0].json).toMatchObject({ status: 'FAILED', failedReason: 'O número não possui uma conta de WhatsApp' });
	});

	test('Send OTP bad input is refused before any request: a code too long, a phone without enough digits', async () => {
		const long = await helena.run({
			resource: 'message',
			operation: 'sendOtp',
			channel: byNumber(COMERCIAL.number),
			phoneNumber: NEW_LEAD,
			otpOptions: { code: '1234567890123456' },
		});
		const phone = await helena.run({ resource: 'message', operation: 'sendOtp', channel: byNumber(COMERCIAL.number), phoneNumber: '1234' });

		expect(long.error?.message).toBe('Code has 16 characters; WhatsApp sends a code of at most 15 (item 0)');
		expect(phone.error?.message).toMatch(/^Phone Number must be a phone number with country code .* \(item 0\)$/);
		expect(allRequests(helena)).toEqual([]);
	});

	test('Get Status of a chatbot start reads /send/chatbot/{id}; an unknown one is named', async () => {
		const session = mariaSession(helena);
		const started = await helena.run({
			resource: 'message',
			operation: 'startChatbot',
			chatbot: { __rl: true, mode: 'list', value: demo.chatbotKey('Triagem') },
			sendTo: 'session',
			sessionId: session.id,
		});
		helena.sandbox.clearRequests();

		const status = await helena.run({
			resource: 'message',
			operation: 'getStatus',
			sentWith: 'chatbot',
			messageId: started.items[0].json.id as string,
		});
		const missing = await helena.run({ resource: 'message', operation: 'getStatus', sentWith: 'chatbot', messageId: MISSING });

		expect(status.error).toBeUndefined();
		expect(status.items[0].json).toMatchObject({ id: started.items[0].json.id, sessionId: session.id });
		expect(missing.error?.message).toBe(`No chatbot start with ID "${MISSING}" was sent through Helena's send API`);
		expect(allRequests(helena).map((r) => r.path)).toEqual([
			`/chat/v1/send/chatbot/${started.items[0].json.id}`,
			`/chat/v1/send/chatbot/${MISSING}`,
		]);
	});

	afterAll(() => {
		expect(helena.sandbox.contractStats().violations).toBe(0);
	});
});
