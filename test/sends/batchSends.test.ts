import type { IDataObject } from 'n8n-workflow';

import { RequestBudget, SEND_RATE_WINDOWS } from '../../nodes/Helena/transport/budget';
import type { Clock } from '../../nodes/Helena/transport/budget';
import { expectRefused } from '../helpers/refused';
import { demo } from '../sandbox';
import { allRequests, byId, byNumber, COMERCIAL, useChatSandbox } from '../chat/chatFixture';

const BOAS_VINDAS = demo.templateId('boas_vindas');
const PROMOCAO = demo.templateId('promocao');
const phoneOf = (n: number) => `+55 11 97${String(n).padStart(3, '0')}-${String(1000 + n).slice(-4)}`;
const lead = (n: number) => ({ phone: phoneOf(n), name: `Cliente ${n}` });

const campaign = (extra: IDataObject = {}) => ({
	resource: 'message',
	operation: 'sendTemplateToMany',
	channel: byNumber(COMERCIAL.number),
	phoneNumber: '={{ $json.phone }}',
	template: byId(BOAS_VINDAS),
	templateParameters: { parameter: [{ name: 'nome', value: '={{ $json.name }}' }] },
	...extra,
});

const batchRequests = (helena: ReturnType<typeof useChatSandbox>) =>
	allRequests(helena).filter((request) => request.path.endsWith('/batch'));

describe('Message → Send Template to Many', () => {
	const helena = useChatSandbox();

	test('250 input items go out in 3 requests of at most 100, each output item paired to its input with its own message ID', async () => {
		const leads = Array.from({ length: 250 }, (_, n) => lead(n));

		const { items, error } = await helena.run(campaign(), { items: leads });

		expect(error).toBeUndefined();
		const requests = allRequests(helena);
		expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
			'GET /chat/v1/channel',
			'GET /chat/v1/template',
			'POST /chat/v1/send/template/batch',
			'POST /chat/v1/send/template/batch',
			'POST /chat/v1/send/template/batch',
		]);
		const batches = batchRequests(helena).map((request) => request.body as { messages: IDataObject[] });
		expect(batches.map((body) => body.messages.length)).toEqual([100, 100, 50]);
		expect(batches[0]).toEqual({
			from: COMERCIAL.number,
			templateId: BOAS_VINDAS,
			messages: expect.arrayContaining([{ to: phoneOf(0), parameters: { nome: 'Cliente 0' } }]),
		});
		expect(batches[2].messages[49]).toEqual({ to: phoneOf(249), parameters: { nome: 'Cliente 249' } });
		expect(items).toHaveLength(250);
		items.forEach((item, index) => {
			expect(item.pairedItem).toEqual({ item: index });
			expect(item.json).toMatchObject({ status: 'QUEUED', failedReason: null });
		});
		expect(new Set(items.map((item) => item.json.id)).size).toBe(250);
		// each message is the one sent to its own recipient
		const sent = helena.sandbox.chat.message(items[137].json.id as string);
		expect(sent).toMatchObject({ text: 'Olá Cliente 137, obrigado pelo contato! Como podemos ajudar?', templateId: BOAS_VINDAS });
	});

	test('a recipient Helena refuses comes out as its own item with the failure; the others are sent', async () => {
		const { items, error } = await helena.run(
			{
				...campaign({ template: byId(PROMOCAO), templateParameters: {} }),
				fileSource: 'url',
				fileUrl: '={{ $json.image }}',
			},
			{
				items: [
					{ phone: phoneOf(1), image: 'https://cdn.example.com/oferta.jpg' },
					{ phone: phoneOf(2), image: 'https://cdn.example.com/oferta.gif' },
					{ phone: phoneOf(3), image: 'https://cdn.example.com/oferta.png' },
				],
			},
		);

		expect(error).toBeUndefined();
		expect(batchRequests(helena)).toHaveLength(1);
		expect(items.map((item) => [item.pairedItem, item.json.status])).toEqual([
			[{ item: 0 }, 'QUEUED'],
			[{ item: 1 }, 'FAILED'],
			[{ item: 2 }, 'QUEUED'],
		]);
		expect(items[1].json.failedReason).toContain('.gif');
	});

	test('one item may carry a list of recipients: each gets its own output item, all paired to that item', async () => {
		const { items, error } = await helena.run(campaign({ phoneNumber: '={{ $json.phones }}' }), {
			items: [
				{ phones: [phoneOf(1), phoneOf(2)], name: 'Equipe' },
				{ phones: `${phoneOf(3)}, ${phoneOf(4)}`, name: 'Loja' },
			],
		});

		expect(error).toBeUndefined();
		expect((batchRequests(helena)[0].body as { messages: IDataObject[] }).messages.map((message) => message.to)).toEqual([
			phoneOf(1),
			phoneOf(2),
			phoneOf(3),
			phoneOf(4),
		]);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 0 }, { item: 1 }, { item: 1 }]);
	});

	test('a list of more than 100 recipients in one item is refused before any request', async () => {
		const phones = Array.from({ length: 101 }, (_, n) => phoneOf(n));
		await expectRefused(
			helena,
			campaign({ phoneNumber: '={{ $json.phones }}' }),
			[{ phones, name: 'x' }],
			'Phone Number has 101 numbers in one item; one request takes at most 100 (item 0)',
		);
		expect(allRequests(helena)).toEqual([]);
	});

	test('a bad item stops the node before anything is sent; under Continue On Fail it is its own error item and the rest go out', async () => {
		const leads = [lead(1), { phone: 'not a phone', name: 'x' }, lead(3)];
		await expectRefused(
			helena,
			campaign(),
			leads,
			'Phone Number must be a phone number with country code (10 to 15 digits), not "not a phone" (item 1)',
		);
		// item 0 was read (the channel and its templates), nothing was sent
		expect(allRequests(helena).map((request) => request.path)).toEqual(['/chat/v1/channel', '/chat/v1/template']);

		helena.sandbox.clearRequests();
		const { items } = await helena.run(campaign(), { items: leads, continueOnFail: true });
		expect(batchRequests(helena)).toHaveLength(1);
		expect(items.map((item) => [item.pairedItem, item.json.status ?? 'error'])).toEqual([
			[{ item: 0 }, 'QUEUED'],
			[{ item: 1 }, 'error'],
			[{ item: 2 }, 'QUEUED'],
		]);
	});

	test('items whose shared values differ (channel, template or options) go in requests of their own', async () => {
		const { items, error } = await helena.run(campaign({ sendOptions: { hiddenSession: '={{ $json.hidden }}' } }), {
			items: [
				{ ...lead(1), hidden: false },
				{ ...lead(2), hidden: true },
				{ ...lead(3), hidden: false },
			],
		});

		expect(error).toBeUndefined();
		expect(
			batchRequests(helena).map((request) => {
				const body = request.body as { options?: IDataObject; messages: IDataObject[] };
				return [body.options, body.messages.map((message) => message.to)];
			}),
		).toEqual([
			[undefined, [phoneOf(1), phoneOf(3)]],
			[{ hiddenSession: true }, [phoneOf(2)]],
		]);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	test('a batch Helena applied but whose answer was lost is not sent again: the error says so and names the items', async () => {
		helena.sandbox.misbehaviour.next({ loseAnswer: true, method: 'POST', path: '/chat/v1/send/template/batch' });
		const before = helena.sandbox.chat.sessions().length;

		const { items, error } = await helena.run(campaign(), { items: [lead(1), lead(2)] });

		expect(items).toEqual([]);
		expect(batchRequests(helena)).toHaveLength(1);
		expect(error?.message).toMatch(/the request was not repeated; the 2 messages may have been sent$/);
		expect(error?.description).toContain('Check in Helena whether it was applied');
		expect(error?.description).toContain(
			'The request held items 0 to 1. Applied: none. Not applied: none. Unknown (the answer was lost, so Helena may have applied them): items 0 to 1.',
		);
		// Helena did send them: a repeat would have sent each message a second time
		expect(helena.sandbox.chat.sessions().length).toBe(before + 2);
		helena.sandbox.misbehaviour.clear();
	});

	test('a batch answered 429 is sent again (Helena refused it unapplied); one answered 503 is not, and the error names its items', async () => {
		helena.sandbox.failNext(1, { status: 429, path: '/chat/v1/send/template/batch', retryAfterSeconds: 0 });
		const retried = await helena.run(campaign(), { items: [lead(1), lead(2)] });
		expect(retried.error).toBeUndefined();
		expect(batchRequests(helena)).toHaveLength(2);

		helena.sandbox.clearRequests();
		helena.sandbox.failNext(1, { status: 503, path: '/chat/v1/send/template/batch' });
		const leads = Array.from({ length: 150 }, (_, n) => lead(n));
		const failed = await helena.run(campaign(), { items: leads });
		expect(batchRequests(helena)).toHaveLength(1);
		expect(failed.error?.message).toContain('503');
		expect(failed.error?.description).toContain('was not repeated automatically');
		expect(failed.error?.description).toContain('The request held items 0 to 99.');
		expect(failed.error?.description).toContain('Not applied: items 100 to 149.');
		expect(failed.items).toEqual([]);

		helena.sandbox.clearRequests();
		helena.sandbox.failNext(1, { status: 503, path: '/chat/v1/send/template/batch' });
		const goingOn = await helena.run(campaign(), { items: leads, continueOnFail: true });
		expect(batchRequests(helena)).toHaveLength(2);
		expect(goingOn.items).toHaveLength(150);
		expect(goingOn.items[0].json.error).toMatch(/503.*; the 100 messages may have been sent$/);
		expect(goingOn.items[0].json).toMatchObject({ outcome: 'unknown' });
		expect(goingOn.items[0].json.description).toContain('The request held items 0 to 99.');
		expect(goingOn.items[0].json.description).toContain(
			'Running the node again would send their messages again for the applied (and perhaps the unknown) items',
		);
		expect(goingOn.items[100].json).toMatchObject({ status: 'QUEUED' });
		expect(goingOn.items[149].pairedItem).toEqual({ item: 149 });
	});
});

describe('Message → Start Chatbot for Many', () => {
	const helena = useChatSandbox();

	test('input items become the messages of one request; the flags apply to all, the metadata to each', async () => {
		const botKey = demo.chatbotKey('Triagem');
		const { items, error } = await helena.run(
			{
				resource: 'message',
				operation: 'startChatbotForMany',
				chatbot: byId(botKey),
				sendTo: 'phone',
				phoneNumber: '={{ $json.phone }}',
				chatbotOptions: {
					skipIfBotInExecution: true,
					senderId: '={{ $json.ref }}',
					sessionMetadata: { entry: [{ key: 'origem', value: '={{ $json.ref }}' }] },
				},
			},
			{
				items: [
					{ phone: phoneOf(1), ref: 'a1' },
					{ phone: phoneOf(2), ref: 'a2' },
				],
			},
		);

		expect(error).toBeUndefined();
		expect(batchRequests(helena).map((request) => request.body)).toEqual([
			{
				botKey,
				options: { skipIfBotInExecution: true },
				messages: [
					{ to: phoneOf(1), sessionMetadata: { origem: 'a1' }, senderId: 'a1' },
					{ to: phoneOf(2), sessionMetadata: { origem: 'a2' }, senderId: 'a2' },
				],
			},
		]);
		expect(items.map((item) => [item.pairedItem, item.json.senderId, item.json.status])).toEqual([
			[{ item: 0 }, 'a1', 'QUEUED'],
			[{ item: 1 }, 'a2', 'QUEUED'],
		]);
	});
});

describe('Batch results are paired by the reference they name, never silently by a position that does not hold', () => {
	const helena = useChatSandbox();
	const BATCH = '/chat/v1/send/template/batch';
	type Results = { results: IDataObject[] };
	const withRefs = (extra: IDataObject = {}) => campaign({ sendOptions: { senderId: '={{ $json.ref }}' }, ...extra });
	const leads = [
		{ ...lead(1), ref: 'r1' },
		{ ...lead(2), ref: 'r2' },
		{ ...lead(3), ref: 'r3' },
	];

	test('when every item gives its own reference, results in another order still reach their own items (Template and Chatbot to Many)', async () => {
		// bent on purpose: the reference does not promise the order of `results`
		helena.sandbox.misbehaviour.next({
			method: 'POST',
			path: BATCH,
			reshape: (answer: Results) => ({ results: answer.results.reverse() }),
		});
		const template = await helena.run(withRefs(), { items: leads });
		helena.sandbox.misbehaviour.next({
			method: 'POST',
			path: '/chat/v1/send/chatbot/batch',
			reshape: (answer: Results) => ({ results: answer.results.reverse() }),
		});
		const chatbot = await helena.run(
			{
				resource: 'message',
				operation: 'startChatbotForMany',
				chatbot: byId(demo.chatbotKey('Triagem')),
				sendTo: 'phone',
				phoneNumber: '={{ $json.phone }}',
				chatbotOptions: { senderId: '={{ $json.ref }}' },
			},
			{ items: leads },
		);

		for (const { items, error } of [template, chatbot]) {
			expect(error).toBeUndefined();
			expect(items.map((item) => [item.pairedItem, item.json.senderId])).toEqual([
				[{ item: 0 }, 'r1'],
				[{ item: 1 }, 'r2'],
				[{ item: 2 }, 'r3'],
			]);
		}
	});

	test('results that name no reference (senderId null) are paired by position, as many as were sent', async () => {
		helena.sandbox.misbehaviour.next({
			method: 'POST',
			path: BATCH,
			reshape: (answer: Results) => ({ results: answer.results.map((r) => ({ ...r, senderId: null })) }),
		});
		const { items, error } = await helena.run(withRefs(), { items: leads });

		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	test('a result naming a reference no item sent is an error naming the items, and nothing is output for them', async () => {
		helena.sandbox.misbehaviour.next({
			method: 'POST',
			path: BATCH,
			reshape: (answer: Results) => ({ results: answer.results.map((r, i) => (i === 1 ? { ...r, senderId: 'someone-else' } : r)) }),
		});
		const { error } = await helena.run(withRefs(), { items: leads });

		expect(error?.message).toBe(
			"Helena answered results whose references (senderId) do not match those sent: item 1 ('r2') did not get one result per message, so they cannot be paired with items 0 to 2",
		);
	});

	test('without references, a count that does not match is an error naming the items; so is a result whose reference contradicts its position', async () => {
		helena.sandbox.misbehaviour.next({ method: 'POST', path: BATCH, reshape: (answer: Results) => ({ results: answer.results.slice(1) }) });
		const short = await helena.run(campaign(), { items: leads });
		expect(short.error?.message).toBe('Helena answered 2 results for a batch of 3 messages, so they cannot be paired with items 0 to 2');

		// one reference given twice cannot pair by key: position holds, and is checked against the references results name
		const twice = leads.map((l) => ({ ...l, ref: 'same' }));
		helena.sandbox.misbehaviour.next({
			method: 'POST',
			path: BATCH,
			reshape: (answer: Results) => ({ results: answer.results.map((r, i) => (i === 2 ? { ...r, senderId: 'other' } : r)) }),
		});
		const disordered = await helena.run(withRefs(), { items: twice });
		expect(disordered.error?.message).toBe(
			'Helena answered results in another order than the messages sent (item 2 got a result naming another reference), so they cannot be paired with items 0 to 2',
		);
	});
});

describe("The send family's budget reads a batch as one request until Helena refuses a send, then counts its messages", () => {
	test('read per request, as the vendor documents it, ten batches of 100 go at once', async () => {
		let now = 0;
		const clock: Clock = { now: () => now, sleep: async (ms) => void (now += ms) };
		const budget = new RequestBudget(SEND_RATE_WINDOWS, clock);
		for (let batch = 0; batch < 10; batch++) await budget.take(100);
		expect(now).toBe(0);
		expect(budget.countsMessages()).toBe(false);
	});

	test('after a 429 the batches already sent count as their messages: nine of 100 fit in 2 minutes, the tenth waits for the window', async () => {
		let now = 0;
		const clock: Clock = { now: () => now, sleep: async (ms) => void (now += ms) };
		const budget = new RequestBudget(SEND_RATE_WINDOWS, clock);
		for (let batch = 0; batch < 10; batch++) await budget.take(100);
		// the 11th batch was refused (unapplied): the 429 switches the reading and does not cut the pace
		expect(budget.learnFrom429(true)).toBe(true);
		expect(budget.countsMessages()).toBe(true);
		expect(budget.currentShare()).toEqual({ short: 1, long: 1 });
		await budget.take(100);
		expect(now).toBe(120_001);
	});

	test('counting messages, single sends and batches share it: 900 single sends leave room for 50 more, not for a batch of 100', async () => {
		let now = 0;
		const clock: Clock = { now: () => now, sleep: async (ms) => void (now += ms) };
		const budget = new RequestBudget(SEND_RATE_WINDOWS, clock);
		budget.learnFrom429(true);
		for (let n = 0; n < 900; n++) {
			await budget.take();
			now += 10;
		}
		const before = now;
		await budget.take(50);
		expect(now).toBe(before);
		await budget.take(100);
		// the 100 slots free up once the first 100 single sends (10 ms apart) leave the window
		expect(now).toBe(99 * 10 + 120_001);
	});

	test('the per-message reading is remembered for an hour, then the budget reads per request again', async () => {
		let now = 0;
		const clock: Clock = { now: () => now, sleep: async (ms) => void (now += ms) };
		const budget = new RequestBudget(SEND_RATE_WINDOWS, clock);
		budget.learnFrom429(true);
		now += 3_599_999;
		expect(budget.countsMessages()).toBe(true);
		now += 1;
		expect(budget.countsMessages()).toBe(false);
	});
});
