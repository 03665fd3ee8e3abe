import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { allRequests, useChatSandbox } from '../chat/chatFixture';
import { answeredBeforeEach, mariaWrites } from './burstFixture';

/*
 * Conversation → Collect Burst: one execution per received message (as Helena Trigger starts them), and only the
 * one of the burst's last message goes on, with the whole burst. Quiet times of 1 s keep the file quick.
 */
describe('Conversation → Collect Burst', () => {
	const helena = useChatSandbox();
	afterEach(() => helena.sandbox.setClock({ real: true }));

	const pause = sleep;

	const write = (text: string) => mariaWrites(helena, text);

	answeredBeforeEach(helena);

	/** One execution of Collect Burst for a received message, started as the trigger would start it. */
	const collect = (message: { sessionId: string; id: string }, parameters: INodeParameters = {}) =>
		helena.run({ resource: 'session', operation: 'collectBurst', quietTime: 1, ...parameters }, { items: [{ content: message }] });

	/** Maria writes each text `gapMs` apart; each message starts its execution at once. */
	async function burst(texts: string[], gapMs = 200) {
		const messages = [];
		const runs = [];
		for (const [index, text] of texts.entries()) {
			if (index) await pause(gapMs);
			const message = write(text);
			messages.push(message);
			runs.push(collect(message));
		}
		return { messages, runs: await Promise.all(runs) };
	}

	const outputs = (runs: Array<{ items: Array<{ json: IDataObject }> }>) => runs.map((run) => run.items.map((item) => item.json));
	const requestLines = () => allRequests(helena).map((request) => `${request.method} ${request.path.replace(/[0-9a-f-]{36}/g, '{id}')}`);
	const tally = (lines: string[]) =>
		lines.reduce<Record<string, number>>((counts, line) => ({ ...counts, [line]: (counts[line] ?? 0) + 1 }), {});

	test('a burst of four messages goes on once, from the last one, quoting all four in order; one read per earlier message', async () => {
		const texts = ['oi', 'tudo bem?', 'queria saber do meu pedido', 'é o 4471'];
		const { messages, runs } = await burst(texts);

		expect(runs.map((run) => run.error)).toEqual([undefined, undefined, undefined, undefined]);
		const [first, second, third, last] = outputs(runs);
		expect([first, second, third]).toEqual([[], [], []]);
		expect(last).toHaveLength(1);
		const stored = helena.sandbox.chat.history(messages[0].sessionId) as IDataObject[];
		const createdAt = (id: string) => stored.find((message) => message.id === id)?.createdAt;
		expect(last[0]).toEqual({
			sessionId: messages[0].sessionId,
			text: 'oi\ntudo bem?\nqueria saber do meu pedido\né o 4471',
			messageIds: messages.map((message) => message.id),
			messages: messages.map((message, index) => ({
				id: message.id,
				type: 'TEXT',
				text: texts[index],
				fileId: null,
				createdAt: createdAt(message.id),
			})),
			count: 4,
			firstAt: createdAt(messages[0].id),
			lastAt: createdAt(messages[3].id),
		});
		expect(runs[3].items[0].pairedItem).toEqual({ item: 0 });
		// the earlier messages: one read each; the last: the read, the conversation, the claim, the claims, the confirmation
		expect(tally(requestLines())).toEqual({
			'GET /chat/v1/session/{id}/message': 4,
			'GET /chat/v2/session/{id}': 1,
			'POST /chat/v1/session/{id}/note': 2,
			'GET /chat/v1/session/{id}/note': 1,
		});
		expect(allRequests(helena)[0].query).toEqual({ OrderBy: 'createdAt', OrderDirection: 'DESCENDING', PageNumber: '1', PageSize: '50' });
		const notes = helena.sandbox.chat.notes().map((note: IDataObject) => note.text);
		expect(notes).toEqual([
			expect.stringMatching(
				new RegExp(
					`^n8n: answering the contact's 4 messages \\(burst ending ${messages[3].id} at ${String(createdAt(messages[3].id)).replace(/\./g, '\\.')}, claim ([0-9a-f]+)\\)$`,
				),
			),
			expect.stringMatching(/^n8n: the burst goes on \(going on with claim [0-9a-f]+\)$/),
		]);
		expect(/claim ([0-9a-f]+)\)$/.exec(String(notes[1]))?.[1]).toBe(/claim ([0-9a-f]+)\)$/.exec(String(notes[0]))?.[1]);
	});

	test('two bursts apart by more than the quiet time go on twice, each with its own messages', async () => {
		const first = burst(['bom dia', 'preciso de ajuda']);
		await pause(2200);
		const second = burst(['é sobre a entrega', 'chegou errado']);

		const runs = [...(await first).runs, ...(await second).runs];
		expect(outputs(runs).map((items) => items.map((json) => json.text))).toEqual([
			[],
			['bom dia\npreciso de ajuda'],
			[],
			['é sobre a entrega\nchegou errado'],
		]);
	});

	test('the last message delivered again after its burst went on: nothing goes on (its claim is the earliest)', async () => {
		const { messages } = await burst(['oi', 'quero cancelar']);
		const twice = await Promise.all([collect(messages[1]), collect(messages[1])]);

		expect(twice.map((run) => run.error)).toEqual([undefined, undefined]);
		// the burst already went on above; both repeats find its claim first
		expect(outputs(twice)).toEqual([[], []]);
	});

	test('a duplicate delivery that races the first one: exactly one of the two goes on', async () => {
		const message = write('pode me ligar?');
		const runs = await Promise.all([collect(message), collect(message), collect(message)]);

		expect(runs.map((run) => run.error)).toEqual([undefined, undefined, undefined]);
		expect(
			outputs(runs)
				.flat()
				.map((json) => json.text),
		).toEqual(['pode me ligar?']);
		// three claims, one confirmation; the two claims that did not go on are withdrawn
		expect(tally(requestLines())['POST /chat/v1/session/{id}/note']).toBe(4);
		expect(tally(requestLines())['DELETE /chat/v1/session/note/{id}']).toBe(2);
		expect(helena.sandbox.chat.notes()).toHaveLength(2);
	});

	test("the claim's answer lost after Helena wrote it: not written again, the list shows the claim is this execution's, and the burst goes on", async () => {
		const message = write('oi');
		helena.sandbox.misbehaviour.next({ loseAnswer: true, method: 'POST' });

		const { items, error } = await collect(message);

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.text)).toEqual(['oi']);
		// the claim once, and its confirmation
		expect(tally(requestLines())['POST /chat/v1/session/{id}/note']).toBe(2);
		expect(helena.sandbox.chat.notes()).toHaveLength(2);
	});

	test('the claim lost before Helena wrote it: not listed within the lag the list may have, so it was not made; the execution claims again and goes on', async () => {
		const message = write('oi');
		helena.sandbox.misbehaviour.next({ reset: true, method: 'POST' });

		const { items, error } = await collect(message);

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.text)).toEqual(['oi']);
		// the lost claim, the claim again, its confirmation
		expect(tally(requestLines())['POST /chat/v1/session/{id}/note']).toBe(3);
		expect(helena.sandbox.chat.notes()).toHaveLength(2);
	}, 30_000);

	test("the trigger's files (Attach Media) go on with the burst: the file of the message that ends it", async () => {
		const message = write('oi');
		const binary = { data: { data: Buffer.from('audio').toString('base64'), mimeType: 'audio/ogg', fileName: 'audio.ogg' } };

		const { items } = await helena.run(
			{ resource: 'session', operation: 'collectBurst', quietTime: 1 },
			{ inputItems: [{ json: { content: message }, binary }] },
		);

		expect(items.map((item) => [item.json.text, item.binary?.data?.mimeType])).toEqual([['oi', 'audio/ogg']]);
	});

	test('deliveries out of order: the last message first, the others late, still one execution goes on', async () => {
		const messages = [];
		for (const text of ['oi', 'meu pedido', 'não chegou']) {
			messages.push(write(text));
			await pause(5);
		}
		const last = collect(messages[2]);
		await pause(300);
		const late = [collect(messages[1]), collect(messages[0])];

		const runs = await Promise.all([last, ...late]);
		expect(outputs(runs).map((items) => items.map((json) => json.text))).toEqual([['oi\nmeu pedido\nnão chegou'], [], []]);

		// a delivery that arrives after the burst went on and was answered: nothing
		await helena.run({ resource: 'session', operation: 'sendMessage', sessionId: messages[0].sessionId, text: 'Vou verificar!' });
		const afterAnswer = await collect(messages[2], { options: { claim: false } });
		expect(afterAnswer.error).toBeUndefined();
		expect(afterAnswer.items).toEqual([]);
	});

	test('messages stamped in the same millisecond: one execution goes on, the same in every execution, with all of them', async () => {
		helena.sandbox.setClock({ frozen: true });
		const messages = [write('um'), write('dois'), write('três')];
		helena.sandbox.setClock({ real: true });

		const runs = await Promise.all(messages.map((message) => collect(message)));

		const released = outputs(runs).flat();
		expect(released).toHaveLength(1);
		expect(String(released[0].text).split('\n').sort()).toEqual(['dois', 'três', 'um']);
		expect(released[0].count).toBe(3);
	});

	test('a team message inside the burst splits it: the burst after it goes on without the messages the team answered', async () => {
		const first = write('oi');
		const runs = [collect(first), collect(write('alguém aí?'))];
		await helena.run({ resource: 'session', operation: 'sendMessage', sessionId: first.sessionId, text: 'Olá! Sou a Ana.' });
		await pause(100);
		runs.push(collect(write('quero trocar um produto')));

		expect(outputs(await Promise.all(runs)).map((items) => items.map((json) => json.text))).toEqual([[], [], ['quero trocar um produto']]);
	});

	test('a conversation completed during the wait: nothing goes on, nothing is claimed', async () => {
		const message = write('ainda preciso de ajuda');
		const run = collect(message);
		await pause(300);
		const completed = await helena.run({ resource: 'session', operation: 'complete', sessionId: message.sessionId });
		expect(completed.error).toBeUndefined();
		helena.sandbox.clearRequests();

		const { items, error } = await run;
		expect(error).toBeUndefined();
		expect(items).toEqual([]);
		expect(requestLines()).toEqual(['GET /chat/v1/session/{id}/message', 'GET /chat/v2/session/{id}']);
	});

	test.each([
		[0, 'Quiet Time (Seconds) must be a whole number of at least 1 and at most 60, not 0 (item 0)'],
		[61, 'Quiet Time (Seconds) must be a whole number of at least 1 and at most 60, not 61 (item 0)'],
		['', 'Quiet Time (Seconds) is empty (item 0)'],
	])('a quiet time of %p is refused, naming the field and the item, and nothing is sent', async (quietTime, message) => {
		const { error } = await collect(write('oi'), { quietTime });
		expect(error?.message).toBe(message);
		expect(allRequests(helena)).toEqual([]);
	});

	test("a quiet time of 60 s after n8n's Wait node: Helena's clock says it has passed, so the burst goes on at once", async () => {
		const message = write('oi');
		helena.sandbox.setClock({ advanceMs: 61_000 });
		const started = Date.now();

		const { items, error } = await collect(message, { quietTime: 60, options: { waitedBefore: 60 } });

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.text)).toEqual(['oi']);
		expect(Date.now() - started).toBeLessThan(5000);
		expect(requestLines()[0]).toBe('GET /chat/v1/session/{id}/message');
		expect(requestLines().filter((line) => line.endsWith('/message'))).toHaveLength(1);
	});

	test("after n8n's Wait node with time left by Helena's clock, the node waits what remains and reads again (two reads)", async () => {
		const message = write('oi');
		const { items, error } = await collect(message, { options: { waitedBefore: 1 } });

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.text)).toEqual(['oi']);
		expect(requestLines().filter((line) => line.endsWith('/message'))).toHaveLength(2);
	});

	test('a Message ID that is not a UUID is refused with nothing sent; one not in the conversation is named after a second read', async () => {
		const message = write('oi');
		const invalid = await collect({ ...message, id: 'abc' });
		expect(invalid.error?.message).toBe('Message ID must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, not "abc" (item 0)');
		expect(allRequests(helena)).toEqual([]);

		const missing = '0b0b0b0b-0000-4000-8000-000000000000';
		const absent = await collect({ ...message, id: missing });
		expect(absent.error?.message).toBe(
			`Message ID "${missing}" was not found in Helena among the newest 50 messages of the conversation "${message.sessionId}", read twice a second apart (item 0)`,
		);
		expect(requestLines()).toEqual(['GET /chat/v1/session/{id}/message', 'GET /chat/v1/session/{id}/message']);
	});
});
