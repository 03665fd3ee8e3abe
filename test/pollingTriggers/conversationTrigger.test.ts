import type { IDataObject } from 'n8n-workflow';

import { demo } from '../sandbox';
import { POLLING_TRIGGERS, PollHarness } from '../engine/runPoll';
import { useContactStory } from '../contactTrigger/contactChanges';
import { chatUsers, customerPhone, eventsOf, listQueries } from './story';

const ALL = { events: ['conversationCreated', 'conversationUpdated', 'conversationCompleted'] };
const SESSIONS = '/chat/v2/session';
/** Each conversation by the phone of its contact. */
const phoneOf = (json: IDataObject) => String((json.contactDetails as IDataObject | null)?.phonenumber ?? '').replace(/\D/g, '');

describe('Helena Conversation Trigger: nothing missed, nothing twice', () => {
	const { helena, later } = useContactStory();
	let chat: ReturnType<typeof chatUsers>;
	const trigger = (parameters = {}) => new PollHarness(helena.credentials, { ...ALL, ...parameters }, POLLING_TRIGGERS.conversation);
	const events = (items: Parameters<typeof eventsOf>[0]) => eventsOf(items, phoneOf);

	beforeEach(() => {
		chat = chatUsers(helena);
	});
	afterEach(() => helena.sandbox.misbehaviour.clear());

	test('first activation emits nothing; then each change once, with its event, in order', async () => {
		const [inProgress] = helena.sandbox.chat.sessions().filter((session: IDataObject) => session.status === 'IN_PROGRESS');
		const workflow = trigger();

		expect((await workflow.activate()).items).toBeNull();
		expect(listQueries(helena, SESSIONS)).toEqual([
			{
				IncludeDetails: ['ContactDetails', 'AgentDetails', 'DepartmentsDetails', 'ChannelDetails'],
				OrderBy: 'updatedAt',
				OrderDirection: 'DESCENDING',
				PageNumber: '1',
				PageSize: '100',
			},
		]);
		expect((await workflow.poll()).items).toBeNull();

		later();
		const opened = chat.writes(customerPhone(1));
		later();
		await chat.transfer(opened.id, 'Bruno Lima');
		later();
		await chat.complete(inProgress.id);
		helena.sandbox.clearRequests();
		const { items } = await workflow.poll();

		expect(events(items)).toEqual([`conversationCreated ${customerPhone(1)}`, `conversationCompleted 5511999999999`]);
		expect(items!.map((item) => [item.json.status, item.json.previousStatus])).toEqual([
			['IN_PROGRESS', null],
			['COMPLETED', 'IN_PROGRESS'],
		]);
		expect(listQueries(helena, SESSIONS)).toEqual([
			expect.objectContaining({ OrderBy: 'updatedAt', OrderDirection: 'ASCENDING', 'UpdatedAt.After': expect.any(String) }),
		]);
		expect((await workflow.poll()).items).toBeNull();

		// changed again after its completion: an update, not a second completion
		later();
		await chat.tag(inProgress.id, 'survey sent');
		later();
		await chat.tag(opened.id, 'vip');
		const again = await workflow.poll();
		expect(events(again.items)).toEqual([`conversationUpdated 5511999999999`, `conversationUpdated ${customerPhone(1)}`]);
		expect(again.items![0].json.previousStatus).toBe('COMPLETED');
		expect((await workflow.poll()).items).toBeNull();
		expect(workflow.executions).toHaveLength(2);
	});

	test('conversations opened in the same millisecond, and one more in that millisecond after a check: each once', async () => {
		const workflow = trigger();
		await workflow.activate();
		later();
		for (let n = 1; n <= 3; n++) chat.writes(customerPhone(n));
		expect(events((await workflow.poll()).items).sort()).toEqual([1, 2, 3].map((n) => `conversationCreated ${customerPhone(n)}`));

		chat.writes(customerPhone(4));
		expect(events((await workflow.poll()).items)).toEqual([`conversationCreated ${customerPhone(4)}`]);
		expect((await workflow.poll()).items).toBeNull();
	});

	test('a poll that fails leaves the position where it was; the next one catches up, once', async () => {
		const workflow = trigger();
		await workflow.activate();
		later();
		chat.writes(customerPhone(1));
		const before = JSON.stringify(workflow.liveNodeData);
		helena.sandbox.failNext(1, { status: 400, method: 'GET', path: SESSIONS });

		const failed = await workflow.poll();

		expect(failed.error).toBeDefined();
		expect(JSON.stringify(workflow.liveNodeData)).toBe(before);
		later();
		chat.writes(customerPhone(2));
		expect(events((await workflow.poll()).items)).toEqual([1, 2].map((n) => `conversationCreated ${customerPhone(n)}`));
		expect((await workflow.poll()).items).toBeNull();
		expect(workflow.errors).toHaveLength(1);
	});

	test('n8n stopped while 100 changes were made: starting it emits exactly those 100, oldest first', async () => {
		const workflow = trigger();
		await workflow.activate();
		const before: IDataObject[] = [];
		for (let n = 1; n <= 40; n++) {
			later();
			before.push(chat.writes(customerPhone(n)));
		}
		expect((await workflow.poll()).items).toHaveLength(40);
		workflow.stop();

		// while n8n is down: 20 conversations transferred, 20 completed, 60 opened
		const expected: string[] = [];
		for (const [n, session] of before.entries()) {
			later(7_000);
			if (n < 20) await chat.transfer(session.id, 'Carla Mendes');
			else await chat.complete(session.id);
			expected.push(`${n < 20 ? 'conversationUpdated' : 'conversationCompleted'} ${customerPhone(n + 1)}`);
		}
		for (let n = 41; n <= 100; n++) {
			later(7_000);
			chat.writes(customerPhone(n));
			expected.push(`conversationCreated ${customerPhone(n)}`);
		}

		const { items } = await workflow.start();

		expect(events(items)).toEqual(expected);
		expect(items).toHaveLength(100);
		expect((await workflow.poll()).items).toBeNull();
		expect(workflow.executions).toHaveLength(2);
	});

	test('250 changes since the last check all come out, oldest first, and nothing after them', async () => {
		const workflow = trigger();
		await workflow.activate();
		helena.sandbox.clearRequests();
		const expected: string[] = [];
		for (let n = 1; n <= 250; n++) {
			later();
			chat.writes(customerPhone(n));
			expected.push(`conversationCreated ${customerPhone(n)}`);
		}

		const { items } = await workflow.poll();

		expect(events(items)).toEqual(expected);
		expect(listQueries(helena, SESSIONS)).toHaveLength(3);
		expect((await workflow.poll()).items).toBeNull();
	});

	test('250 conversations opened in one instant: each once, the pages read by number', async () => {
		const workflow = trigger();
		await workflow.activate();
		later();
		for (let n = 1; n <= 250; n++) chat.writes(customerPhone(n));

		const { items } = await workflow.poll();

		expect(new Set(items!.map((item) => item.json.id)).size).toBe(250);
		expect((await workflow.poll()).items).toBeNull();
	});
});

describe("Helena Conversation Trigger: events, filters on Helena's side, test event, saved state", () => {
	const { helena, later } = useContactStory();
	let chat: ReturnType<typeof chatUsers>;
	const trigger = (parameters = {}) => new PollHarness(helena.credentials, { ...ALL, ...parameters }, POLLING_TRIGGERS.conversation);
	const events = (items: Parameters<typeof eventsOf>[0]) => eventsOf(items, phoneOf);

	beforeEach(() => {
		chat = chatUsers(helena);
	});

	test('Conversation Created only: listed by CreatedAt.After; later changes never bring a conversation back', async () => {
		const workflow = trigger({ events: ['conversationCreated'] });
		await workflow.activate();
		later();
		const opened = chat.writes(customerPhone(1));
		later();
		await chat.complete(opened.id);
		helena.sandbox.clearRequests();

		expect(events((await workflow.poll()).items)).toEqual([`conversationCreated ${customerPhone(1)}`]);
		expect(listQueries(helena, SESSIONS)[0]).toMatchObject({ OrderBy: 'createdAt', 'CreatedAt.After': expect.any(String) });
		later();
		await chat.tag(opened.id, 'later');
		expect((await workflow.poll()).items).toBeNull();
	});

	test('Conversation Completed only: each completion once; reopened and completed again is another completion', async () => {
		const workflow = trigger({ events: ['conversationCompleted'] });
		await workflow.activate();
		later();
		const opened = chat.writes(customerPhone(1));
		chat.writes(customerPhone(2));
		expect((await workflow.poll()).items).toBeNull();
		later();
		await chat.complete(opened.id);
		expect(events((await workflow.poll()).items)).toEqual([`conversationCompleted ${customerPhone(1)}`]);
		later();
		await chat.tag(opened.id, 'after');
		expect((await workflow.poll()).items).toBeNull();
		later();
		chat.writes(customerPhone(1), 'Voltei');
		later();
		const reopened = helena.sandbox.chat
			.sessions()
			.find((session: IDataObject) => session.contactId === opened.contactId && session.status !== 'COMPLETED');
		await chat.complete(reopened.id);
		expect(events((await workflow.poll()).items)).toEqual([`conversationCompleted ${customerPhone(1)}`]);
	});

	test('Department, User, Channel and Status go to Helena as its filters; other conversations stay out', async () => {
		const workflow = trigger({
			filters: {
				department: { mode: 'id', value: demo.departmentId('Vendas') },
				user: { mode: 'list', value: demo.userId('Bruno Lima') },
				channel: { mode: 'id', value: demo.channelId('WhatsApp Comercial') },
				status: ['IN_PROGRESS', 'COMPLETED'],
			},
		});
		await workflow.activate();
		later();
		const mine = chat.writes(customerPhone(1));
		const other = chat.writes(customerPhone(2));
		// both wait in the queue (PENDING): neither is Bruno's nor in a chosen status
		helena.sandbox.clearRequests();
		expect((await workflow.poll()).items).toBeNull();
		expect(listQueries(helena, SESSIONS)[0]).toMatchObject({
			DepartmentId: demo.departmentId('Vendas'),
			UserId: demo.userId('Bruno Lima'),
			ChannelsId: demo.channelId('WhatsApp Comercial'),
			Status: ['IN_PROGRESS', 'COMPLETED'],
		});
		for (const session of [mine, other]) {
			later();
			await chat.toDepartment(session.id, 'Vendas');
		}
		later();
		await chat.transfer(mine.id, 'Bruno Lima');
		later();
		await chat.transfer(other.id, 'Ana Souza');
		// the first time it matches the filters, and opened after the trigger started: a new conversation to this workflow
		expect(events((await workflow.poll()).items)).toEqual([`conversationCreated ${customerPhone(1)}`]);
		later();
		await chat.complete(mine.id);
		expect(events((await workflow.poll()).items)).toEqual([`conversationCompleted ${customerPhone(1)}`]);
	});

	test('Fetch Test Event returns the latest conversation in one request and leaves the position alone', async () => {
		const workflow = trigger();
		later();
		chat.writes(customerPhone(9));
		helena.sandbox.clearRequests();

		const items = await workflow.fetchTestEvent();

		expect(events(items)).toEqual([`conversationUpdated ${customerPhone(9)}`]);
		expect(listQueries(helena, SESSIONS)).toHaveLength(1);
		expect(workflow.savedStaticData).toEqual({});
	});

	test('what it keeps: the status of each conversation it saw, at most 5,000, the least recently changed dropped first', async () => {
		const workflow = trigger();
		await workflow.activate();
		const seeded = Object.keys(workflow.savedNodeData.known as object);
		expect(seeded.length).toBeGreaterThan(0);
		workflow.stop();
		const filler = Object.fromEntries(Array.from({ length: 5_000 - seeded.length }, (_, n) => [`old-${n}`, 'PENDING']));
		workflow.savedStaticData = {
			...workflow.savedStaticData,
			[`node:${POLLING_TRIGGERS.conversation.name}`]: {
				...workflow.savedNodeData,
				known: { ...filler, ...(workflow.savedNodeData.known as object) },
			},
		};
		later();
		const opened = chat.writes(customerPhone(1));

		expect(events((await workflow.start()).items)).toEqual([`conversationCreated ${customerPhone(1)}`]);
		const known = Object.keys(workflow.savedNodeData.known as object);
		expect(known).toHaveLength(5_000);
		expect(known).not.toContain('old-0');
		expect(known.at(-1)).toBe(opened.id);
	});

	test('saved "known" that the trigger cannot have written: it starts again from now, emits nothing, then each change once', async () => {
		const workflow = trigger();
		await workflow.activate();
		workflow.stop();
		workflow.savedStaticData = { [`node:${POLLING_TRIGGERS.conversation.name}`]: { ...workflow.savedNodeData, known: ['a'] } };
		later();
		chat.writes(customerPhone(1));

		expect((await workflow.start()).items).toBeNull();
		expect(workflow.savedNodeData.known).toEqual(expect.any(Object));
		later();
		chat.writes(customerPhone(2));
		expect(events((await workflow.poll()).items)).toEqual([`conversationCreated ${customerPhone(2)}`]);
	});
});
