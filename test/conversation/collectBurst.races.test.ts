import type { IDataObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { usePacingClock } from '../../nodes/Helena/transport/budget';
import { demo } from '../sandbox';
import { allRequests, useChatSandbox } from '../chat/chatFixture';
import { answeredBeforeEach, bursts, collectWith, expectEachOnce, mariaWrites, oldestListedWithoutStamp, why } from './burstFixture';

/*
 * Collect Burst where deliveries come late, twice or out of order, lists lag their writes, an execution fails after
 * its claim, and a person takes the conversation over. The invariant every test holds it to: each message the contact
 * wrote goes on exactly once, in one burst, or (while a person owns the conversation) not at all.
 */
describe('Conversation → Collect Burst, races and handoff', () => {
	const helena = useChatSandbox();
	afterEach(() => {
		helena.sandbox.setClock({ real: true });
		helena.sandbox.misbehaviour.clear();
	});

	const write = (text: string) => mariaWrites(helena, text);

	const conversation = answeredBeforeEach(helena);

	const collect = collectWith(helena);
	const requestLines = () => allRequests(helena).map((request) => `${request.method} ${request.path.replace(/[0-9a-f-]{36}/g, '{id}')}`);

	test('a delivery 2.5 s late, the contact writing again after a silence longer than the quiet time: every message goes on once', async () => {
		const m1 = write('oi');
		await sleep(50);
		const m2 = write('queria trocar o tamanho');
		const runs = [collect(m1)];
		await sleep(2200);
		const m3 = write('alguém aí?');
		runs.push(collect(m3));
		await sleep(300);
		// m2's delivery, late (Helena's retry, or a busy webhook process)
		runs.push(collect(m2));

		expectEachOnce(await Promise.all(runs), [m1, m2, m3]);
	});

	test('a message whose execution reads only after the contact wrote again: both go on once (the later burst carries it)', async () => {
		const m1 = write('bom dia');
		await sleep(1500);
		const m2 = write('é sobre a nota fiscal');
		// m1's execution starts after m2 was written
		const runs = await Promise.all([collect(m1), collect(m2)]);
		expectEachOnce(runs, [m1, m2]);
		expect(bursts(runs)).toEqual([[m1.id, m2.id]]);
	});

	test("the newest message's delivery never comes: an earlier message's execution that reads after the quiet time carries it", async () => {
		const m1 = write('oi');
		const run = collect(m1, { quietTime: 2 });
		await sleep(300);
		const m2 = write('pode me ajudar?');
		// no execution for m2: m1's reads at 2 s, when m2 is 1.7 s old by Helena's clock, so not quiet yet...
		expect((await run).items).toEqual([]);
		// ... but one that reads after m2 is quiet carries both
		const late = await collect(m1);
		expectEachOnce([late], [m1, m2]);
	});

	test('a duplicate delivery waits for an earlier claim that is then withdrawn, and goes on: one answer, and a later delivery gives none', async () => {
		const message = write('quero cancelar');
		// another execution's claim, whose notes list then failed: it is withdrawn a moment later
		const other = await helena.run({
			resource: 'session',
			operation: 'addNote',
			sessionId: conversation(),
			text: `n8n: answering the contact's message (burst ending ${message.id}, claim 0123456789abcdef)`,
		});
		const noteId = String(other.items[0].json.id);
		const run = collect(message);
		await sleep(1600);
		await helena.run({ resource: 'session', operation: 'deleteNote', noteId });

		const first = await run;
		expectEachOnce([first], [message]);
		const later = await collect(message);
		expect(later.items).toEqual([]);
		expect(why(later)).toBe('another execution went on with the burst');
	});

	test('an earlier claim that is never confirmed (its worker died) lapses: the burst goes on once', async () => {
		const message = write('vocês entregam sábado?');
		await helena.run({
			resource: 'session',
			operation: 'addNote',
			sessionId: conversation(),
			text: `n8n: answering the contact's message (burst ending ${message.id}, claim 0123456789abcdef)`,
		});
		const run = collect(message);
		await sleep(1600);
		// Helena's clock moves past the claim's time to confirm and the list's lag
		helena.sandbox.setClock({ advanceMs: 45_000 });

		expectEachOnce([await run], [message]);
	});

	test('a notes list that lags its writes by 5 s: racing deliveries still give one answer', async () => {
		helena.sandbox.misbehaviour.always({
			method: 'GET',
			path: /\/note$/,
			reshape: (answer: IDataObject) => ({
				...answer,
				items: (answer.items as IDataObject[]).filter((note) => Date.parse(String(note.createdAt)) < Date.now() - 5000),
			}),
		});
		const message = write('qual o horário de vocês?');
		const runs = await Promise.all([collect(message), collect(message), collect(message)]);
		expectEachOnce(runs, [message]);
	}, 60_000);

	test('100 notes written after the message: the claims are read past the first page, one answer', async () => {
		const message = write('meu pedido chegou quebrado');
		helena.sandbox.chat.addNotes(
			conversation(),
			Array.from({ length: 100 }, (_, index) => `nota de outra automação ${index}`),
		);
		const runs = await Promise.all([collect(message), collect(message)]);
		expectEachOnce(runs, [message]);
		expect(allRequests(helena).some((request) => request.path.endsWith('/note') && request.query.PageNumber === '2')).toBe(true);
	});

	describe("messages without Helena's createdAt, the phone's clock 5 minutes ahead", () => {
		beforeEach(() => {
			helena.sandbox.misbehaviour.always({
				method: 'GET',
				path: /\/message$/,
				reshape: (answer: IDataObject) => ({
					...answer,
					items: (answer.items as IDataObject[]).map((item) => ({
						...item,
						createdAt: null,
						timestamp: new Date(Date.parse(String(item.createdAt)) + 5 * 60_000).toISOString(),
					})),
				}),
			});
		});

		test('racing deliveries give one answer; a repeated delivery none; after the answer, the next burst holds only the new message', async () => {
			const message = write('oi, tudo bem?');
			const runs = await Promise.all([collect(message), collect(message), collect(message)]);
			expectEachOnce(runs, [message]);

			expect((await collect(message)).items).toEqual([]);

			helena.sandbox.chat.teamWrites(conversation(), 'Tudo ótimo! Em que posso ajudar?');
			await sleep(5);
			const next = write('quero ver meu boleto');
			expectEachOnce([await collect(next)], [next]);
		});
	});

	test("an old message Helena lists without any stamp, behind the team's answer, fails nothing", async () => {
		const message = write('pode me mandar o link?');
		oldestListedWithoutStamp(helena);
		expectEachOnce([await collect(message)], [message]);
	});

	describe('a person takes over', () => {
		const handoff = { options: { stepAsideWhenAssigned: true, servedDepartments: [], afterPersonMinutes: 30 } };

		test('an agent assigned (userId, IN_PROGRESS): nothing goes on, and the execution says why; unassigned again, the assistant answers', async () => {
			const agent = demo.userId('Ana Souza');
			await helena.run({
				resource: 'session',
				operation: 'assign',
				sessionId: conversation(),
				user: { __rl: true, mode: 'id', value: agent },
			});
			const message = write('ainda estou esperando');
			const run = await collect(message, handoff);
			expect(run.items).toEqual([]);
			expect(why(run)).toBe(`an agent (user ${agent}) is assigned to the conversation (status IN_PROGRESS)`);
			expect(run.run.data.resultData.runData.Helena[0].hints).toEqual([
				{ message: `Collect Burst: nothing went on: ${why(run)}`, location: 'outputPane' },
			]);

			const withoutHandoff = await collect(message);
			expectEachOnce([withoutHandoff], [message]);
		});

		test('transferred to a department the assistant does not serve: nothing goes on; completed, then the contact writes again: the assistant answers', async () => {
			const vendas = demo.departmentId('Vendas');
			await helena.run({
				resource: 'session',
				operation: 'transfer',
				sessionId: conversation(),
				transferDepartment: { __rl: true, mode: 'id', value: vendas },
			});
			const message = write('quero falar com uma pessoa');
			const run = await collect(message, handoff);
			expect(run.items).toEqual([]);
			expect(why(run)).toBe(`the conversation waits in department ${vendas}, which is not one of the Departments the Assistant Serves`);
			// the assistant serves Vendas too: it answers there
			expectEachOnce([await collect(message, { options: { ...handoff.options, servedDepartments: [vendas] } })], [message]);

			await helena.run({ resource: 'session', operation: 'complete', sessionId: conversation() });
			const reopened = write('oi de novo');
			expect(reopened.sessionId).not.toBe(conversation());
			expectEachOnce([await collect(reopened, handoff)], [reopened]);
		});

		test('a person wrote in the conversation: nothing goes on for the time set; after it, the assistant answers what came since', async () => {
			helena.sandbox.chat.teamWrites(conversation(), 'Oi Maria, aqui é a Ana.', { userId: demo.userId('Ana Souza') });
			await sleep(5);
			const message = write('oi Ana');
			// the person wrote without taking the conversation (the demo has it assigned: that rule is the test above)
			const afterPerson = { options: { afterPersonMinutes: 30 } };
			const run = await collect(message, afterPerson);
			expect(run.items).toEqual([]);
			expect(why(run)).toBe('a person wrote in the conversation less than a minute ago');

			helena.sandbox.setClock({ advanceMs: 31 * 60_000 });
			const later = write('ainda está aí?');
			expectEachOnce([await collect(later, afterPerson)], [message, later]);
		});

		test('the conversation read once for the handoff: no request more than without it', async () => {
			const message = write('oi');
			await collect(message, handoff);
			expect(requestLines().filter((line) => line.startsWith('GET /chat/v2/session/'))).toHaveLength(1);
		});
	});

	describe('the claims cannot be listed (503 ten times) after the claim was written', () => {
		beforeAll(() => usePacingClock({ now: () => Date.now(), sleep: async () => await Promise.resolve() }));
		afterAll(() => usePacingClock());
		afterEach(() => (helena.sandbox.faults.scripted.length = 0));

		test('the failed execution withdraws its claim; a duplicate delivery that raced it goes on', async () => {
			const message = write('oi');
			helena.sandbox.faults.failNext(10, { status: 503, method: 'GET', path: /\/note$/ });
			const failed = collect(message);
			await sleep(300);
			const duplicate = collect(message);
			const runs = await Promise.all([failed, duplicate]);
			expect(runs[0].error?.message).toBe('Helena answered 503 (ServiceUnavailable) after 10 attempts');
			expect(bursts(runs)).toEqual([[message.id]]);
		});
	});
});
