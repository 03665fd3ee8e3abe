import type { IDataObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { TEST_API_KEY } from '../engine/sandbox';
import { demo } from '../sandbox';
import { chatOf } from '../sandbox/chat/store';
import { allRequests, useChatSandbox } from '../chat/chatFixture';
import { answeredBeforeEach, bursts, collectWith, expectEachOnce, mariaWrites, oldestListedWithoutStamp, why } from './burstFixture';

/*
 * A hostile review of Collect Burst (issue 53): each test is one attack, named by what went wrong before it was fixed
 * ("held": what never went wrong). The invariant: each message the contact wrote goes on exactly once, in one burst,
 * or (while a person owns the conversation) not at all.
 */
describe('Conversation → Collect Burst, probed', () => {
	const helena = useChatSandbox();
	afterEach(() => {
		helena.sandbox.setClock({ real: true });
		helena.sandbox.misbehaviour.clear();
		helena.sandbox.faults.scripted.length = 0;
	});

	const write = (text: string) => mariaWrites(helena, text);
	const conversation = answeredBeforeEach(helena);
	let sessionId = '';
	beforeEach(() => (sessionId = conversation()));

	const collect = collectWith(helena);
	const noteOrder = () => (helena.sandbox.chat.notes() as IDataObject[]).map((note) => String(note.id));
	/** A UUID that sorts before every earlier one: the later a note was written, the smaller its ID in the list. */
	const laterSortsFirst = (id: string) => {
		const index = noteOrder().indexOf(id);
		return `0000${String(9999 - index).padStart(4, '0')}-0000-4000-8000-${id.slice(-12)}`;
	};

	// ---- defects ----

	test('claims stamped in the same millisecond, the later claim with the smaller ID: a late duplicate goes on a second time', async () => {
		// Helena stamps every note in one millisecond; its IDs carry no order (the later note happens to sort first)
		helena.sandbox.setClock({ frozen: true });
		const message = write('quero o boleto');
		helena.sandbox.misbehaviour.always({
			method: 'GET',
			path: /\/note$/,
			reshape: (answer: IDataObject) => ({
				...answer,
				items: (answer.items as IDataObject[]).map((note) => ({ ...note, id: laterSortsFirst(String(note.id)) })),
			}),
		});
		const first = await collect(message);
		expectEachOnce([first], [message]);
		// the same message delivered again a moment later (Helena's retry), before the assistant's answer is sent
		const duplicate = await collect(message);
		expectEachOnce([first, duplicate], [message]);
	});

	test('notes listed without createdAt and newest first (despite ASCENDING): a late duplicate goes on a second time', async () => {
		const message = write('oi');
		helena.sandbox.misbehaviour.always({
			method: 'GET',
			path: /\/note$/,
			reshape: (answer: IDataObject) => ({
				...answer,
				items: (answer.items as IDataObject[]).map((note) => ({ ...note, createdAt: null })).reverse(),
			}),
		});
		const first = await collect(message);
		const duplicate = await collect(message);
		expectEachOnce([first, duplicate], [message]);
	});

	test("the confirmation's POST answer is lost after Helena stored it: the only delivery fails, and the burst is never answered", async () => {
		const message = write('qual o prazo de entrega?');
		// the claim goes through; the confirmation is stored, then the connection drops
		helena.sandbox.misbehaviour.next({ method: 'POST', path: /\/note$/, reshape: (answer: IDataObject) => answer });
		helena.sandbox.misbehaviour.next({ method: 'POST', path: /\/note$/, loseAnswer: true });
		const run = await collect(message);
		expectEachOnce([run], [message]);
	});

	test("messages without createdAt, the newest message's delivery never comes: a later delivery of the earlier message never carries the burst", async () => {
		helena.sandbox.misbehaviour.always({
			method: 'GET',
			path: /\/message$/,
			reshape: (answer: IDataObject) => ({
				...answer,
				items: (answer.items as IDataObject[]).map((item) => ({ ...item, createdAt: null })),
			}),
		});
		const m1 = write('oi');
		await sleep(200);
		const m2 = write('pode me ajudar?');
		await sleep(2000);
		// m2's delivery is lost; m1 is delivered again (Helena's retry) long after the contact went quiet
		const late = await collect(m1);
		expectEachOnce([late], [m1, m2]);
	});

	test("the API's answer stamped in the same millisecond as the contact's message, sorting after it by ID: the message is never answered", async () => {
		helena.sandbox.setClock({ frozen: true });
		const message = write('e o frete?');
		// an automatic message (the answer to the previous burst, or a campaign) in the very same millisecond
		const answer = helena.sandbox.chat.teamWrites(sessionId, 'O prazo é de 5 dias.') as { id: string };
		helena.sandbox.misbehaviour.always({
			method: 'GET',
			path: /\/message$/,
			reshape: (page: IDataObject) => ({
				...page,
				items: (page.items as IDataObject[]).map((item) =>
					item.id === answer.id ? { ...item, id: 'ffffffff-ffff-4fff-8fff-ffffffffffff' } : item,
				),
			}),
		});
		const run = await collect(message);
		expect(why(run)).toBeUndefined();
		expectEachOnce([run], [message]);
	});

	test('Departments the Assistant Serves with none chosen, a conversation that arrived in a department: nothing goes on, and the reason names the option to set', async () => {
		// the channel routes new conversations to Suporte: nobody transferred it, nobody is assigned
		const session = chatOf(helena.sandbox.state).sessions.get(sessionId);
		const suporte = demo.departmentId('Suporte');
		Object.assign(session, { departmentId: suporte, userId: null, status: 'PENDING' });
		const message = write('oi, preciso de ajuda');
		const handoff = { stepAsideWhenAssigned: true, afterPersonMinutes: 30 };
		const run = await collect(message, { options: { ...handoff, servedDepartments: [] } });
		expect(why(run)).toBe(`the conversation waits in department ${suporte}, which is not one of the Departments the Assistant Serves`);
		expectEachOnce([await collect(message, { options: { ...handoff, servedDepartments: [suporte] } })], [message]);
	});

	test("the claim's POST is dropped before Helena stored it: the only delivery fails after 10 s instead of claiming again", async () => {
		const message = write('oi');
		helena.sandbox.misbehaviour.next({ method: 'POST', path: /\/note$/, reset: true });
		const run = await collect(message);
		expectEachOnce([run], [message]);
	}, 30_000);

	test('notes without createdAt, a confirmation that comes too late (a paused worker) and a delete that fails: nobody ever goes on', async () => {
		const message = write('oi');
		const unstamped = (note: IDataObject) => ({ ...note, createdAt: null });
		let paused = false;
		helena.sandbox.misbehaviour.always({
			method: 'GET',
			path: /\/note$/,
			reshape: (answer: IDataObject) => {
				const items = (answer.items as IDataObject[]).map(unstamped);
				// the worker pauses 31 s (Helena's clock) between the list that shows its claim and its confirmation
				if (items.length && !paused) {
					paused = true;
					helena.sandbox.setClock({ advanceMs: 31_000 });
				}
				return { ...answer, items };
			},
		});
		helena.sandbox.misbehaviour.always({ method: 'POST', path: /\/note$/, reshape: unstamped });
		// its claim cannot be deleted when it withdraws
		helena.sandbox.misbehaviour.always({ method: 'DELETE', status: 400, body: { error: 'boom' } });
		const run = await collect(message);
		const again = await collect(message);
		expectEachOnce([run, again], [message]);
	}, 30_000);

	test.each(['CAMPAIGN', 'OFFICE_HOURS'])(
		'a %s message sent to the contact right after their question counts as its answer: the question is never answered',
		async (origin) => {
			const message = write('qual o prazo de entrega?');
			await sleep(5);
			// a broadcast to every contact, or Helena's out-of-hours notice: not an answer to what the contact asked
			helena.sandbox.chat.teamWrites(sessionId, 'Promoção de Natal! / Estamos fora do horário.', { origin });
			const run = await collect(message);
			expect(why(run)).toBeUndefined();
			expectEachOnce([run], [message]);
		},
	);

	test('a notes list that caps its pages at 50 (hasMorePages true), 60 notes after the message: the claim is never found, every delivery fails', async () => {
		const message = write('meu pedido chegou quebrado');
		helena.sandbox.chat.addNotes(
			sessionId,
			Array.from({ length: 60 }, (_, index) => `nota de outra automação ${index}`),
		);
		helena.sandbox.misbehaviour.always({
			method: 'GET',
			path: /\/note$/,
			reshape: (answer: IDataObject) => {
				const page = Number(answer.pageNumber);
				const all = (helena.sandbox.chat.notes() as IDataObject[])
					.filter((note) => note.sessionId === sessionId)
					.sort((a, b) => (String(a.createdAt) < String(b.createdAt) ? -1 : 1));
				const totalPages = Math.ceil(all.length / 50);
				return {
					...answer,
					pageSize: 50,
					items: all.slice((page - 1) * 50, page * 50),
					totalItems: all.length,
					totalPages,
					hasMorePages: page < totalPages,
				};
			},
		});
		const runs = await Promise.all([collect(message), collect(message)]);
		expectEachOnce(runs, [message]);
	}, 40_000);

	test("the assistant's answer in two messages, the contact writing between them: the second part counts as the answer, the message is never answered", async () => {
		const question = write('qual o prazo?');
		expectEachOnce([await collect(question)], [question]);
		const send = async (text: string) =>
			await helena.run({ resource: 'session', operation: 'sendMessage', sessionId: question.sessionId, text });
		await send('O prazo é de 5 dias úteis.');
		await sleep(5);
		// the contact writes while the workflow sends the rest of the same answer
		const between = write('e para o Nordeste?');
		await sleep(5);
		await send('Acompanhe pelo link: https://loja.example/rastreio');
		const run = await collect(between);
		expect(why(run)).toBeUndefined();
		expectEachOnce([run], [between]);
	});

	test('2,000 notes since the page began (an old unstamped message in it): the claim is past page 20, so the burst fails at once, naming the cause, instead of after 200 reads', async () => {
		// a long conversation: an automation's notes, or 1,000 earlier bursts' claims and confirmations
		helena.sandbox.chat.addNotes(
			sessionId,
			Array.from({ length: 2000 }, (_, index) => `nota ${index}`),
		);
		await sleep(5);
		const message = write('oi');
		oldestListedWithoutStamp(helena);
		const run = await collect(message);
		const noteReads = allRequests(helena).filter((request) => request.method === 'GET' && request.path.endsWith('/note')).length;
		expect(noteReads).toBeLessThan(30);
		expect(run.error?.message).toBe(
			`The conversation "${sessionId}" has more than 2000 notes since its newest messages began; the claim of the burst cannot be read (item 0)`,
		);
		expect(run.error?.description).toContain('Turn off Claim the Burst');
	}, 60_000);

	test('several items in one execution, one goes on: the execution list still says "nothing went on"', async () => {
		const first = write('oi');
		await sleep(50);
		const last = write('tudo bem?');
		const run = await helena.run(
			{ resource: 'session', operation: 'collectBurst', quietTime: 1 },
			{ items: [{ content: last }, { content: first }] },
		);
		expect(run.items.map((item) => item.json.text)).toEqual(['oi\ntudo bem?']);
		expect(why(run)).toBeUndefined();
	});

	// ---- attacks that held ----

	test('held: a claim whose POST answer is lost, the notes list lagging 3 s: one answer from three racing deliveries', async () => {
		const message = write('oi');
		helena.sandbox.misbehaviour.next({ method: 'POST', path: /\/note$/, loseAnswer: true });
		helena.sandbox.misbehaviour.always({
			method: 'GET',
			path: /\/note$/,
			reshape: (answer: IDataObject) => ({
				...answer,
				items: (answer.items as IDataObject[]).filter((note) => Date.parse(String(note.createdAt)) < Date.now() - 3000),
			}),
		});
		const runs = await Promise.all([collect(message), collect(message), collect(message)]);
		expect(bursts(runs)).toEqual([[message.id]]);
	}, 60_000);

	test('held: deleteNote fails for every loser: one answer, and the next burst goes on at once', async () => {
		const message = write('oi');
		helena.sandbox.misbehaviour.always({ method: 'DELETE', status: 400, body: { error: 'boom' } });
		const runs = await Promise.all([collect(message), collect(message), collect(message)]);
		expectEachOnce(runs, [message]);
		helena.sandbox.chat.teamWrites(sessionId, 'Oi! Em que posso ajudar?');
		await sleep(5);
		const next = write('meu pedido');
		const started = Date.now();
		expectEachOnce([await collect(next)], [next]);
		expect(Date.now() - started).toBeLessThan(5000);
	}, 60_000);

	test('held: two bursts whose claims interleave (the second written before the first confirms): each message once', async () => {
		const m1 = write('oi');
		// a claim for m1 of a slow execution, confirmed only after the next burst claimed
		const other = await helena.run({
			resource: 'session',
			operation: 'addNote',
			sessionId,
			text: `n8n: answering the contact's message (burst ending ${m1.id} at ${String((helena.sandbox.chat.message(m1.id) as IDataObject).createdAt)}, claim 00000000000000aa)`,
		});
		expect(other.error).toBeUndefined();
		await sleep(1200);
		const m2 = write('é sobre a nota');
		const run = collect(m2);
		await sleep(1500);
		helena.sandbox.chat.addNotes(sessionId, ['n8n: the burst goes on (going on with claim 00000000000000aa)']);
		const second = await run;
		expect(bursts([second])).toEqual([[m2.id]]);
	});

	test('held: an earlier claim open until 29.3 s after it was written, then confirmed: the duplicate re-claims once and does not go on', async () => {
		const message = write('vocês entregam sábado?');
		const stamp = String((helena.sandbox.chat.message(message.id) as IDataObject).createdAt);
		helena.sandbox.chat.addNotes(sessionId, [
			`n8n: answering the contact's message (burst ending ${message.id} at ${stamp}, claim 00000000000000bb)`,
		]);
		const run = collect(message);
		await sleep(2500);
		// Helena's clock: 29 s after that claim; the duplicate's own claim is about too old to be confirmed in time
		helena.sandbox.setClock({ advanceMs: 26_500 });
		await sleep(300);
		helena.sandbox.chat.addNotes(sessionId, ['n8n: the burst goes on (going on with claim 00000000000000bb)']);
		const duplicate = await run;
		expect(duplicate.error?.message).toBeUndefined();
		expect(duplicate.items).toEqual([]);
		expect(
			allRequests(helena).filter((request) => request.method === 'POST' && request.path.endsWith('/note')).length,
		).toBeGreaterThanOrEqual(1);
	}, 60_000);

	test('held: messages of an unknown direction and origin in the page do not fail the burst', async () => {
		const message = write('oi');
		helena.sandbox.misbehaviour.always({
			method: 'GET',
			path: /\/message$/,
			reshape: (page: IDataObject) => ({
				...page,
				items: [
					{ ...(page.items as IDataObject[])[0], id: '0d0d0d0d-0000-4000-8000-000000000000', direction: 'SIDEWAYS', origin: 'MARS' },
					...(page.items as IDataObject[]),
				].map((item, index) => (index === 0 ? { ...item, createdAt: new Date(Date.now() - 600).toISOString() } : item)),
			}),
		});
		const run = await collect(message);
		expect(run.error?.message).toBeUndefined();
	});

	test.each([
		[{ servedDepartments: 'vendas' }, 'Departments the Assistant Serves'],
		[{ servedDepartments: ['3fa85f64-5717-4562-b3fc-2c963f66afa6', 'x'] }, 'Departments the Assistant Serves'],
		[{ servedDepartments: '={{ { a: 1 } }}' }, 'Departments the Assistant Serves'],
		[{ afterPersonMinutes: -1 }, 'Step Aside After a Person Wrote (Minutes)'],
		[{ afterPersonMinutes: 'abc' }, 'Step Aside After a Person Wrote (Minutes)'],
		[{ afterPersonMinutes: 1.5 }, 'Step Aside After a Person Wrote (Minutes)'],
		[{ stepAsideWhenAssigned: 'talvez' }, 'Step Aside When Assigned'],
	])('held: options %p are refused naming the field and the item, nothing sent', async (options, field) => {
		const { error } = await collect(write('oi'), { options });
		expect(error?.message).toContain(field);
		expect(error?.message).toContain('(item 0)');
		expect(allRequests(helena)).toEqual([]);
	});

	test('held: a huge Step Aside After a Person Wrote is taken as "a long time", not an error', async () => {
		helena.sandbox.chat.teamWrites(sessionId, 'Oi Maria, aqui é a Ana.', { userId: demo.userId('Ana Souza') });
		await sleep(5);
		const run = await collect(write('oi Ana'), { options: { afterPersonMinutes: 1e9 } });
		expect(run.error?.message).toBeUndefined();
		expect(why(run)).toBe('a person wrote in the conversation less than a minute ago');
	});

	test('held: the key never shows in an error from the notes (Helena echoes the request headers)', async () => {
		const message = write('oi');
		helena.sandbox.misbehaviour.always({ echoHeaders: true, status: 400, method: 'POST', path: /\/note$/ });
		const run = await collect(message);
		expect(run.error).toBeDefined();
		expect(JSON.stringify([run.error?.message, run.error?.description])).not.toContain(TEST_API_KEY.slice(0, 8));
	});

	test('held: a claim and a confirmation stamped in the same millisecond as the message: one answer of three', async () => {
		helena.sandbox.setClock({ frozen: true });
		const message = write('oi');
		const runs = await Promise.all([collect(message), collect(message), collect(message)]);
		expectEachOnce(runs, [message]);
	});

	test('held: Max Messages smaller than the burst: the newest messages go on once, the earlier executions fail naming Max Messages', async () => {
		const messages = [write('a')];
		for (const text of ['b', 'c', 'd']) {
			await sleep(20);
			messages.push(write(text));
		}
		const runs = await Promise.all(messages.map((message) => collect(message, { options: { maxMessages: 2 } })));
		expect(bursts(runs)).toEqual([[messages[2].id, messages[3].id]]);
	});
});
