import type { IDataObject } from 'n8n-workflow';

import { demo } from '../sandbox';
import { POLLING_TRIGGERS, PollHarness } from '../engine/runPoll';
import { useContactStory } from '../contactTrigger/contactChanges';
import { SALES, crmUsers, eventsOf, listQueries, step } from './story';

const ALL = { events: ['cardCreated', 'cardUpdated', 'cardMoved', 'cardWon', 'cardLost'] };
const CARDS = '/crm/v2/panel/card';
const NODE_KEY = `node:${POLLING_TRIGGERS.card.name}`;
const titleOf = (json: IDataObject) => json.title;
const MARIA = demo.cardId('Maria Silva - Plano Pro');

describe('Helena Card Trigger: nothing missed, nothing twice', () => {
	const { helena, later } = useContactStory();
	let crm: ReturnType<typeof crmUsers>;
	const trigger = (parameters = {}) =>
		new PollHarness(
			helena.credentials,
			{ panel: { mode: 'list', value: demo.panelId(SALES) }, ...ALL, ...parameters },
			POLLING_TRIGGERS.card,
		);
	const events = (items: Parameters<typeof eventsOf>[0]) => eventsOf(items, titleOf);

	beforeEach(() => {
		crm = crmUsers(helena);
	});

	test("first activation emits nothing and notes each card's step and status; then each change once, with its event", async () => {
		const workflow = trigger();

		expect((await workflow.activate()).items).toBeNull();
		expect(listQueries(helena, CARDS)).toEqual([
			{
				PanelId: demo.panelId(SALES),
				IncludeDetails: 'StepTitle',
				OrderBy: 'updatedAt',
				OrderDirection: 'DESCENDING',
				PageNumber: '1',
				PageSize: '100',
			},
			{
				PanelId: demo.panelId(SALES),
				Statuses: ['OPEN', 'WON', 'LOST', 'ARCHIVED'],
				OrderBy: 'updatedAt',
				OrderDirection: 'DESCENDING',
				PageNumber: '1',
				PageSize: '100',
			},
		]);
		expect(workflow.savedNodeData.known).toEqual({
			[MARIA]: `${step('Leads')} OPEN`,
			[demo.cardId('João Santos - Plano Enterprise')]: `${step('Proposta')} OPEN`,
			[demo.cardId('Empresa Alfa - renovação')]: `${step('Fechamento')} WON`,
		});
		expect((await workflow.poll()).items).toBeNull();

		later();
		const created = await crm.create('Nova Oportunidade');
		later();
		await crm.move(MARIA, 'Qualificação');
		later();
		await crm.win(demo.cardId('João Santos - Plano Enterprise'));
		later();
		await crm.rename(demo.cardId('Empresa Alfa - renovação'), 'Empresa Alfa - renovação 2027');
		helena.sandbox.clearRequests();
		const { items } = await workflow.poll();

		expect(events(items)).toEqual([
			'cardCreated Nova Oportunidade',
			'cardMoved Maria Silva - Plano Pro',
			'cardWon João Santos - Plano Enterprise',
			'cardUpdated Empresa Alfa - renovação 2027',
		]);
		expect(items![1].json).toMatchObject({
			previousStepId: step('Leads'),
			previousStatus: 'OPEN',
			stepId: step('Qualificação'),
			stepTitle: 'Qualificação',
		});
		expect(items![2].json).toMatchObject({ previousStatus: 'OPEN', status: 'WON' });
		expect(listQueries(helena, CARDS)).toEqual([
			expect.objectContaining({ OrderBy: 'updatedAt', OrderDirection: 'ASCENDING', 'UpdatedAt.After': expect.any(String) }),
		]);
		expect((await workflow.poll()).items).toBeNull();

		later();
		await crm.lose(created.id);
		later();
		await crm.rename(MARIA, 'Maria Silva - Plano Pro+');
		expect(events((await workflow.poll()).items)).toEqual(['cardLost Nova Oportunidade', 'cardUpdated Maria Silva - Plano Pro+']);
		expect(workflow.executions).toHaveLength(2);
	});

	test('Step filter: a card moved into the step from another one is reported as moved; one moved out is not reported', async () => {
		const workflow = trigger({ filters: { step: { mode: 'list', value: step('Proposta') } } });
		await workflow.activate();
		later();
		await crm.move(MARIA, 'Proposta');
		later();
		await crm.move(demo.cardId('João Santos - Plano Enterprise'), 'Negociação');
		helena.sandbox.clearRequests();

		const { items } = await workflow.poll();

		expect(events(items)).toEqual(['cardMoved Maria Silva - Plano Pro']);
		expect(items![0].json.previousStepId).toBe(step('Leads'));
		expect(listQueries(helena, CARDS)[0]).toMatchObject({ PanelId: demo.panelId(SALES), StepId: step('Proposta') });
	});

	test('Card Won only, Statuses Won: Helena filters; each card won once', async () => {
		const workflow = trigger({ events: ['cardWon'], filters: { statuses: ['WON'] } });
		await workflow.activate();
		later();
		await crm.win(MARIA);
		await crm.move(demo.cardId('João Santos - Plano Enterprise'), 'Negociação');
		helena.sandbox.clearRequests();

		expect(events((await workflow.poll()).items)).toEqual(['cardWon Maria Silva - Plano Pro']);
		expect(listQueries(helena, CARDS)[0]).toMatchObject({ Statuses: 'WON' });
		later();
		await crm.rename(MARIA, 'Maria won again?');
		expect((await workflow.poll()).items).toBeNull();
	});

	test('cards changed in the same millisecond, and one more in that millisecond after a check: each once', async () => {
		const workflow = trigger();
		await workflow.activate();
		later();
		await crm.create('A');
		await crm.create('B');
		await crm.create('C');
		expect(events((await workflow.poll()).items).sort()).toEqual(['cardCreated A', 'cardCreated B', 'cardCreated C']);
		await crm.create('D');
		expect(events((await workflow.poll()).items)).toEqual(['cardCreated D']);
		expect((await workflow.poll()).items).toBeNull();
	});

	test('a poll that fails leaves the position where it was; the next one catches up, once', async () => {
		const workflow = trigger();
		await workflow.activate();
		later();
		await crm.move(MARIA, 'Proposta');
		const before = JSON.stringify(workflow.liveNodeData);
		helena.sandbox.failNext(1, { status: 400, method: 'GET', path: CARDS });

		const failed = await workflow.poll();

		expect(failed.error).toBeDefined();
		expect(JSON.stringify(workflow.liveNodeData)).toBe(before);
		later();
		await crm.create('Depois da falha');
		expect(events((await workflow.poll()).items)).toEqual(['cardMoved Maria Silva - Plano Pro', 'cardCreated Depois da falha']);
		expect((await workflow.poll()).items).toBeNull();
		expect(workflow.errors).toHaveLength(1);
	});

	test('n8n stopped while 100 changes were made: starting it emits exactly those 100, oldest first', async () => {
		const workflow = trigger();
		await workflow.activate();
		const before: IDataObject[] = [];
		for (let n = 1; n <= 40; n++) {
			later();
			before.push(await crm.create(`Antes ${n}`));
		}
		expect((await workflow.poll()).items).toHaveLength(40);
		workflow.stop();

		const expected: string[] = [];
		for (const [n, card] of before.entries()) {
			later(7_000);
			if (n < 10) await crm.move(card.id, 'Proposta');
			else if (n < 20) await crm.win(card.id);
			else if (n < 30) await crm.lose(card.id);
			else await crm.rename(card.id, `Antes ${n + 1} renomeado`);
			expected.push(
				n < 10
					? `cardMoved Antes ${n + 1}`
					: n < 20
						? `cardWon Antes ${n + 1}`
						: n < 30
							? `cardLost Antes ${n + 1}`
							: `cardUpdated Antes ${n + 1} renomeado`,
			);
		}
		for (let n = 1; n <= 60; n++) {
			later(7_000);
			await crm.create(`Durante ${n}`);
			expected.push(`cardCreated Durante ${n}`);
		}

		const { items } = await workflow.start();

		expect(events(items)).toEqual(expected);
		expect(items).toHaveLength(100);
		expect((await workflow.poll()).items).toBeNull();
		expect(workflow.executions).toHaveLength(2);
	});

	test('250 changes since the last check all come out, oldest first, in 3 requests', async () => {
		const workflow = trigger();
		await workflow.activate();
		const expected: string[] = [];
		for (let n = 1; n <= 250; n++) {
			later();
			await crm.create(`Card ${String(n).padStart(3, '0')}`);
			expected.push(`cardCreated Card ${String(n).padStart(3, '0')}`);
		}
		helena.sandbox.clearRequests();

		const { items } = await workflow.poll();

		expect(events(items)).toEqual(expected);
		expect(listQueries(helena, CARDS)).toHaveLength(3);
		expect((await workflow.poll()).items).toBeNull();
	});
});

describe('Helena Card Trigger: what it keeps, test event', () => {
	const { helena, later } = useContactStory();
	let crm: ReturnType<typeof crmUsers>;
	const trigger = (parameters = {}) =>
		new PollHarness(
			helena.credentials,
			{ panel: { mode: 'id', value: demo.panelId(SALES) }, ...ALL, ...parameters },
			POLLING_TRIGGERS.card,
		);
	const events = (items: Parameters<typeof eventsOf>[0]) => eventsOf(items, titleOf);

	beforeEach(() => {
		crm = crmUsers(helena);
	});

	test('a card the trigger no longer knows (dropped past 5,000) comes out as updated, without its previous step', async () => {
		const workflow = trigger();
		await workflow.activate();
		workflow.stop();
		const rest = { ...(workflow.savedNodeData.known as Record<string, string>) };
		delete rest[MARIA];
		workflow.savedStaticData = { [NODE_KEY]: { ...workflow.savedNodeData, known: rest } };
		later();
		await crm.move(MARIA, 'Proposta');

		const { items } = await workflow.start();

		expect(events(items)).toEqual(['cardUpdated Maria Silva - Plano Pro']);
		expect(items![0].json).toMatchObject({ previousStepId: null, previousStatus: null, stepId: step('Proposta') });
		// known again from here on
		later();
		await crm.move(MARIA, 'Negociação');
		expect(events((await workflow.poll()).items)).toEqual(['cardMoved Maria Silva - Plano Pro']);
	});

	test('Fetch Test Event returns the latest card in one request and leaves the position alone', async () => {
		const workflow = trigger();
		later();
		await crm.rename(MARIA, 'Maria Latest');
		helena.sandbox.clearRequests();

		expect(events(await workflow.fetchTestEvent())).toEqual(['cardUpdated Maria Latest']);
		expect(listQueries(helena, CARDS)).toHaveLength(1);
		expect(workflow.savedStaticData).toEqual({});
	});

	test('Start From: the first activation replays the changes since that date; without a snapshot of the past, a move is an update', async () => {
		later();
		await crm.move(MARIA, 'Proposta');
		later();
		await crm.create('Depois da data');
		const workflow = trigger({ options: { startFrom: '2026-11-20T10:00:00.500Z' } });

		const { items } = await workflow.activate();

		expect(events(items)).toEqual(['cardUpdated Maria Silva - Plano Pro', 'cardCreated Depois da data']);
		expect(items![0].json.previousStepId).toBeNull();
		later();
		await crm.move(MARIA, 'Negociação');
		expect(events((await workflow.poll()).items)).toEqual(['cardMoved Maria Silva - Plano Pro']);
	});

	test('Card Created only: listed by CreatedAt.After; later changes never bring a card back', async () => {
		const workflow = trigger({ events: ['cardCreated'] });
		await workflow.activate();
		later();
		const card = await crm.create('Só criação');
		later();
		await crm.win(card.id);
		helena.sandbox.clearRequests();

		expect(events((await workflow.poll()).items)).toEqual(['cardCreated Só criação']);
		expect(listQueries(helena, CARDS)[0]).toMatchObject({ OrderBy: 'createdAt', 'CreatedAt.After': expect.any(String) });
		later();
		await crm.move(card.id, 'Proposta');
		expect((await workflow.poll()).items).toBeNull();
	});

	test('a Panel mapped to "Bearer <key>" is refused without the key (the redaction of the action node)', async () => {
		const key = helena.credentials.apiKey;
		const workflow = new PollHarness(
			helena.credentials,
			{ panel: { mode: 'id', value: `={{ "Bearer " + "${key}" }}` }, ...ALL },
			POLLING_TRIGGERS.card,
		);
		const refusal = await workflow.activate().catch((error: Error) => error);
		expect(String((refusal as Error).message)).toBe(
			'Panel must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, not "Bearer [redacted]" (item 0)',
		);
		expect(listQueries(helena, CARDS)).toHaveLength(0);
	});

	test('a Panel that is not a UUID is refused before any request', async () => {
		const workflow = new PollHarness(helena.credentials, { panel: { mode: 'id', value: 'sales' }, ...ALL }, POLLING_TRIGGERS.card);
		await expect(workflow.activate()).rejects.toThrow(/Panel must be a UUID/);
		expect(listQueries(helena, CARDS)).toHaveLength(0);
	});
});
