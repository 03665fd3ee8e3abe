import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { usePacingClock } from '../../nodes/Helena/transport/budget';
import { startRewritingProxy } from '../engine/localServer';
import { TEST_API_KEY } from '../engine/sandbox';
import { allRequests, useChatSandbox } from '../chat/chatFixture';
import { answeredBeforeEach, mariaWrites } from './burstFixture';

/*
 * Conversation → Collect Burst as a hostile world treats it: a claim whose check fails, Helena's Date dropped on
 * the way, many deliveries of one message at once, several items in one execution, history pages in odd shapes.
 */
describe('Conversation → Collect Burst, hostile', () => {
	const helena = useChatSandbox();
	afterEach(() => {
		helena.sandbox.setClock({ real: true });
		helena.sandbox.misbehaviour.clear();
	});

	const write = (text: string) => mariaWrites(helena, text);

	answeredBeforeEach(helena);

	const collect = (message: { sessionId: string; id: string }, parameters: INodeParameters = {}, baseUrl?: string) =>
		helena.run(
			{ resource: 'session', operation: 'collectBurst', quietTime: 1, ...parameters },
			{ items: [{ content: message }], ...(baseUrl ? { credentials: { baseUrl } } : {}) },
		);

	const texts = (run: { items: Array<{ json: IDataObject }> }) => run.items.map((item) => item.json.text);
	const requestLines = () => allRequests(helena).map((request) => `${request.method} ${request.path.replace(/[0-9a-f-]{36}/g, '{id}')}`);

	test('ten deliveries of the same last message at once: exactly one goes on', async () => {
		const message = write('oi');
		const runs = await Promise.all(Array.from({ length: 10 }, () => collect(message)));
		expect(runs.map((run) => run.error?.message)).toEqual(Array(10).fill(undefined));
		expect(runs.flatMap(texts)).toEqual(['oi']);
	});

	test('several items in one execution: two messages of one burst and the last one twice: one item out, paired to an item of the last message', async () => {
		const first = write('oi');
		await sleep(50);
		const last = write('tudo bem?');
		const { items, error } = await helena.run(
			{ resource: 'session', operation: 'collectBurst', quietTime: 1 },
			{ items: [{ content: first }, { content: last }, { content: last }] },
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.text)).toEqual(['oi\ntudo bem?']);
		expect([{ item: 1 }, { item: 2 }]).toContainEqual(items[0].pairedItem);
	});

	test('Continue On Fail: a bad item fails alone, paired, and the good one goes on', async () => {
		const message = write('oi');
		const { items } = await helena.run(
			{ resource: 'session', operation: 'collectBurst', quietTime: 1 },
			{ items: [{ content: { ...message, id: '..' } }, { content: message }], continueOnFail: true },
		);
		expect(items.map((item) => [item.json.error ?? item.json.text, item.pairedItem])).toEqual([
			['Message ID must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, not ".." (item 0)', { item: 0 }],
			['oi', { item: 1 }],
		]);
	});

	test.each([
		['.', 'Session ID must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, not "." (item 0)'],
		['', 'Session ID must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, not "" (item 0)'],
	])('a Session ID of %p is refused, nothing sent', async (sessionId, message) => {
		const { error } = await collect({ ...write('oi'), sessionId });
		expect(error?.message).toBe(message);
		expect(allRequests(helena)).toEqual([]);
	});

	test.each([
		[1.5, 'Quiet Time (Seconds) must be a whole number of at least 1 and at most 60, not 1.5 (item 0)'],
		['abc', 'Quiet Time (Seconds) must be a whole number of at least 1 and at most 60, not abc (item 0)'],
		['={{ { a: 1 } }}', 'Quiet Time (Seconds) must be a number, not an object (item 0)'],
	])('a quiet time of %p is refused, nothing sent', async (quietTime, message) => {
		const { error } = await collect(write('oi'), { quietTime });
		expect(error?.message).toBe(message);
		expect(allRequests(helena)).toEqual([]);
	});

	test.each([
		[{ maxMessages: 0 }, 'Max Messages must be a whole number of at least 1 and at most 100, not 0 (item 0)'],
		[{ maxMessages: 101 }, 'Max Messages must be a whole number of at least 1 and at most 100, not 101 (item 0)'],
		[{ waitedBefore: -1 }, 'Waited Before (Seconds) must be a whole number of at least 0, not -1 (item 0)'],
	])('options %p are refused, nothing sent', async (options, message) => {
		const { error } = await collect(write('oi'), { options });
		expect(error?.message).toBe(message);
		expect(allRequests(helena)).toEqual([]);
	});

	test.each<[string, (items: IDataObject[]) => IDataObject[]]>([
		['answered oldest first, stamped', (items) => [...items].reverse()],
		// without createdAt, Helena's list (newest first, as asked) is the order; the phone's timestamp decides nothing
		[
			'without createdAt, the timestamp a day off',
			(items) => items.map((item) => ({ ...item, createdAt: null, timestamp: '2020-01-01T00:00:00.000Z' })),
		],
	])('history %s, with a null text and a note on top: the same burst, in order', async (_case, shape) => {
		const messages = [write('oi')];
		// a few ms apart: messages of one millisecond are ordered by ID, which is a test of its own
		await sleep(5);
		messages.push(write('tudo bem?'));
		helena.sandbox.misbehaviour.always({
			method: 'GET',
			path: /\/message$/,
			reshape: (answer: IDataObject) => {
				const items = shape(answer.items as IDataObject[]);
				const first = items.findIndex((item) => item.id === messages[0].id);
				items[first] = { ...items[first], text: null };
				items.unshift({ ...items[0], id: '0c0c0c0c-0000-4000-8000-000000000000', type: 'NOTE', direction: 'TO_HUB' });
				return { ...answer, items };
			},
		});
		const run = await collect(messages[1]);
		expect(run.error?.message).toBeUndefined();
		expect(run.items.map((item) => [item.json.text, item.json.messageIds])).toEqual([['tudo bem?', messages.map((message) => message.id)]]);
	});

	test('429 during the read: paced and read again, the burst goes on', async () => {
		const message = write('oi');
		helena.sandbox.faults.failNext(1, { status: 429, retryAfterSeconds: 1, method: 'GET', path: /\/message$/ });
		const run = await collect(message);
		expect(run.error?.message).toBeUndefined();
		expect(texts(run)).toEqual(['oi']);
	});

	test('the key never shows in an error, even when Helena echoes the request headers', async () => {
		const message = write('oi');
		helena.sandbox.misbehaviour.always({ echoHeaders: true, status: 400, method: 'GET', path: /\/message$/ });
		const run = await collect(message);
		expect(run.error).toBeDefined();
		expect(JSON.stringify([run.error?.message, run.error?.description])).not.toContain(TEST_API_KEY.slice(0, 8));
	});

	test('a conversation deleted during the wait: the item fails naming the conversation', async () => {
		const message = write('oi');
		const run = collect(message);
		await sleep(200);
		helena.sandbox.misbehaviour.always({ method: 'GET', path: /\/message$/, status: 404, body: { code: 'NOT_FOUND' } });
		const { error } = await run;
		expect(error?.message).toContain(message.sessionId);
	});

	describe('the claims cannot be listed after the claim was written', () => {
		// the transport's waits between attempts pass at once, so ten failed attempts take no time
		beforeAll(() => usePacingClock({ now: () => Date.now(), sleep: async () => await Promise.resolve() }));
		afterAll(() => usePacingClock());
		afterEach(() => (helena.sandbox.faults.scripted.length = 0));

		test('the item fails, its claim is deleted again, and the next delivery of the message goes on', async () => {
			const message = write('oi');
			helena.sandbox.faults.failNext(10, { status: 503, method: 'GET', path: /\/note$/ });

			const failed = await collect(message);
			expect(failed.items).toEqual([]);
			expect(failed.error?.message).toBe('Helena answered 503 (ServiceUnavailable) after 10 attempts');
			expect(failed.error?.description).toContain(
				'The burst did not go on from this execution. The claim note was deleted again. A later delivery can still answer it.',
			);
			expect(requestLines().filter((line) => !line.startsWith('GET /chat/v1/session/{id}/note'))).toEqual([
				'GET /chat/v1/session/{id}/message',
				'GET /chat/v2/session/{id}',
				'POST /chat/v1/session/{id}/note',
				'DELETE /chat/v1/session/note/{id}',
			]);
			expect(helena.sandbox.chat.notes()).toEqual([]);

			const again = await collect(message);
			expect(again.error?.message).toBeUndefined();
			expect(texts(again)).toEqual(['oi']);
		});

		test('a claim that cannot be deleted either is named in the error', async () => {
			const message = write('oi');
			helena.sandbox.faults.failNext(10, { status: 503, method: 'GET', path: /\/note$/ });
			helena.sandbox.faults.failNext(1, { status: 400, method: 'DELETE' });

			const { error } = await collect(message);
			const [note] = helena.sandbox.chat.notes() as IDataObject[];
			expect(error?.description).toContain(
				`The burst did not go on from this execution. The claim note "${String(note.id)}" could not be deleted; unconfirmed, it lapses by itself. A later delivery can still answer it.`,
			);
		});
	});

	test("after n8n's Wait node shorter than the quiet time, Helena's Date dropped on the way: the node still waits the rest of the quiet time", async () => {
		const proxy = await startRewritingProxy(helena.sandbox.url, (_request: unknown, _status: number, body: Buffer) => body, {
			dropHeaders: ['date'],
		});
		try {
			// as after a Wait node of 1 s with a quiet time of 4 s: the contact writes again 1.5 s later
			const first = write('oi');
			const run = collect(first, { quietTime: 4, options: { waitedBefore: 1 } }, proxy.url);
			await sleep(1500);
			const later = collect(write('meu pedido'), { quietTime: 4, options: { waitedBefore: 1 } }, proxy.url);

			const runs = await Promise.all([run, later]);
			expect(runs.map((r) => r.error?.message)).toEqual([undefined, undefined]);
			expect(runs.map(texts)).toEqual([[], ['oi\nmeu pedido']]);
		} finally {
			await proxy.close();
		}
	});

	test("after n8n's Wait node shorter than the quiet time, the message not listed at the first read: the second read still comes after the rest of the quiet time", async () => {
		const first = write('oi');
		helena.sandbox.misbehaviour.next({
			method: 'GET',
			path: /\/message$/,
			reshape: (answer: IDataObject) => ({ ...answer, items: (answer.items as IDataObject[]).filter((item) => item.id !== first.id) }),
		});
		const run = collect(first, { quietTime: 4, options: { waitedBefore: 1 } });
		await sleep(1500);
		const later = collect(write('meu pedido'), { quietTime: 4, options: { waitedBefore: 1 } });

		const runs = await Promise.all([run, later]);
		expect(runs.map((r) => r.error?.message)).toEqual([undefined, undefined]);
		expect(runs.map(texts)).toEqual([[], ['oi\nmeu pedido']]);
	});

	test('racing deliveries whose claims Helena lists without createdAt (the documents let it be null): exactly one goes on', async () => {
		const message = write('oi');
		const unstamped = (note: IDataObject) => ({ ...note, createdAt: null });
		helena.sandbox.misbehaviour.always({
			path: /\/note$/,
			reshape: (answer: IDataObject) =>
				Array.isArray(answer.items) ? { ...answer, items: (answer.items as IDataObject[]).map(unstamped) } : unstamped(answer),
		});

		const runs = await Promise.all(Array.from({ length: 5 }, () => collect(message)));

		expect(runs.map((run) => run.error?.message)).toEqual(Array(5).fill(undefined));
		expect(runs.flatMap(texts)).toEqual(['oi']);
	});

	test("a message written while the previous burst's answer is on its way (in one message or several) goes on as a burst of its own; one a person answered does not", async () => {
		const question = write('qual o prazo?');
		const first = await collect(question);
		expect(texts(first)).toEqual(['qual o prazo?']);
		// the contact writes again; the workflow's answer to the first burst is sent after it
		const during = write('e o frete?');
		const second = collect(during);
		await sleep(200);
		await helena.run({ resource: 'session', operation: 'sendMessage', sessionId: question.sessionId, text: 'O prazo é de 5 dias.' });

		const run = await second;
		expect(run.error?.message).toBeUndefined();
		expect(texts(run)).toEqual(['e o frete?']);

		// the second burst's answer in two messages, the contact writing between them: still the burst's answer
		await helena.run({ resource: 'session', operation: 'sendMessage', sessionId: question.sessionId, text: 'O frete é grátis' });
		const between = write('obrigado!');
		const third = collect(between);
		await sleep(200);
		await helena.run({ resource: 'session', operation: 'sendMessage', sessionId: question.sessionId, text: 'para todo o Brasil.' });
		expect(texts(await third)).toEqual(['obrigado!']);

		// a person answers in Helena: that answers what came before it
		const answered = write('e para Portugal?');
		const fourth = collect(answered);
		await sleep(200);
		helena.sandbox.chat.teamWrites(question.sessionId, 'Para Portugal, não.', { userId: '11111111-1111-4111-8111-111111111111' });
		expect(texts(await fourth)).toEqual([]);
	});
});
