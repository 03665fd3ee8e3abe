import type { IDataObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';

import { demo } from '../sandbox';
import { CONTACT_TRIGGER_NODE_NAME, PollHarness } from '../engine/runPoll';
import { eventsOf, helenaUser, listQueries, STORY_START, useContactStory } from './contactChanges';

const BOTH = { events: ['contactCreated', 'contactUpdated'] };
const NODE_KEY = `node:${CONTACT_TRIGGER_NODE_NAME}`;
const CENTURY_MS = 100 * 365 * 24 * 60 * 60_000;

const warnings: string[] = [];
const recordingLogger = Object.fromEntries(
	(['error', 'warn', 'info', 'debug'] as const).map((level) => [
		level,
		(message: string) => {
			if (level === 'warn') warnings.push(message);
		},
	]),
);

describe("Helena Contact Trigger: its saved state, Helena's clock, overlapping checks", () => {
	const { helena, later } = useContactStory();
	let user: ReturnType<typeof helenaUser>;
	const trigger = (parameters = {}) => new PollHarness(helena.credentials, { ...BOTH, ...parameters });

	beforeAll(() => {
		Container.set(Logger, { ...recordingLogger, scoped: () => recordingLogger } as unknown as Logger);
	});
	beforeEach(() => {
		user = helenaUser(helena);
		warnings.length = 0;
	});
	afterEach(() => {
		helena.sandbox.misbehaviour.clear();
		helena.sandbox.setPageSizeCap(100);
	});

	/** Helena's time as the sandbox's Date header says it, in ms. */
	const helenaNow = () => Date.parse(helena.sandbox.setClock({}).now);

	describe('saved state that the trigger cannot have written starts again from now, with a warning in the log', () => {
		const corruptions: Array<[string, (data: IDataObject) => IDataObject]> = [
			['a cursor that is not a date', (data) => ({ ...data, cursor: 'yesterday' })],
			['a cursor that is a number', (data) => ({ ...data, cursor: 1_700_000_000_000 })],
			['seen set to null', (data) => ({ ...data, seen: null })],
			['seen as a list', (data) => ({ ...data, seen: ['1', '2'] })],
			['seen as text', (data) => ({ ...data, seen: 'everything' })],
			['a seen version that is not a date', (data) => ({ ...data, seen: { [demo.contactId(1)]: 'v2' } })],
			['an origin that is a number', (data) => ({ ...data, origin: 42 })],
			['a floor that is an object', (data) => ({ ...data, floor: {} })],
			['a cursor before the floor', (data) => ({ ...data, floor: '2026-11-01T00:00:00.000Z', cursor: '2020-01-01T00:00:00.000Z' })],
			['only a cursor (origin, floor and seen missing)', () => ({ cursor: '2020-01-01T00:00:00.000Z' })],
			['a cursor in the far future', (data) => ({ ...data, cursor: '2099-01-01T00:00:00.000Z', seen: {} })],
			['a checkedAt in the far future', (data) => ({ ...data, checkedAt: '2099-01-01T00:00:00.000Z' })],
			['a checkedAt that is not a date', (data) => ({ ...data, checkedAt: true })],
			['an empty cursor with a floor at the epoch', (data) => ({ ...data, floor: '1970-01-01T00:00:00.000Z', cursor: '', seen: {} })],
			['cursor and floor emptied by hand', (data) => ({ ...data, floor: '', cursor: '', seen: {} })],
			['afterIncludesBound that is neither true nor false', (data) => ({ ...data, afterIncludesBound: 'yes' })],
			['ahead as a list', (data) => ({ ...data, ahead: ['a digest'] })],
			['ahead holding a number', (data) => ({ ...data, ahead: { [demo.contactId(1)]: 42 } })],
		];

		test.each(corruptions)('%s (saved in the row, then n8n starts): no flood, no error, the next change once', async (_, corrupt) => {
			const workflow = trigger();
			await workflow.activate();
			later();
			await user.rename(demo.contactId(2), 'João Before');
			workflow.stop();
			workflow.savedStaticData = { ...workflow.savedStaticData, [NODE_KEY]: corrupt(workflow.savedNodeData) };
			later();

			const started = await workflow.start();

			expect(started.items).toBeNull();
			expect(started.error).toBeUndefined();
			expect(workflow.executions).toHaveLength(0);
			expect(warnings).toHaveLength(1);
			expect(warnings[0]).toMatch(/Helena Contact Trigger "Helena Contact Trigger": its saved position is not valid \(.+\)/);
			expect(warnings[0]).toMatch(/starts again from Helena's latest change/);
			// the row holds a valid state again, at Helena's latest change
			expect(workflow.savedNodeData).toMatchObject({ origin: 'now', cursor: '2026-11-20T10:00:01.000Z' });

			later();
			await user.create('Ana After');
			expect(eventsOf((await workflow.poll()).items)).toEqual(['contactCreated Ana After']);
			expect((await workflow.poll()).items).toBeNull();
			expect(workflow.errors).toEqual([]);
			expect(warnings).toHaveLength(1);
		});

		test('corrupted in memory between two checks (seen set to null): the next check starts again, every later check works', async () => {
			const workflow = trigger();
			await workflow.activate();
			workflow.liveNodeData!.seen = null;
			later();
			await user.rename(demo.contactId(1), 'Maria Lost');

			const { items, error } = await workflow.poll();

			expect(error).toBeUndefined();
			expect(items).toBeNull();
			expect(warnings).toEqual([expect.stringContaining('"seen" is not an object')]);
			later();
			await user.rename(demo.contactId(1), 'Maria Found');
			expect(eventsOf((await workflow.poll()).items)).toEqual(['contactUpdated Maria Found']);
			expect((await workflow.poll()).items).toBeNull();
			expect(warnings).toHaveLength(1);
		});

		test('a state saved before checkedAt existed is read as it is, without a warning', async () => {
			const workflow = trigger();
			await workflow.activate();
			expect(workflow.savedNodeData.checkedAt).toBe(STORY_START);
			// as the trigger saved it before: the contacts of the cursor's instant in seen, no checkedAt
			const { cursor } = workflow.savedNodeData;
			const atCursor = [...helena.sandbox.state.contacts.values()].filter((contact) => contact.updatedAt === cursor);
			const seen = Object.fromEntries(atCursor.map((contact) => [contact.id, cursor]));
			workflow.stop();
			workflow.savedStaticData = { [NODE_KEY]: { origin: 'now', floor: cursor, cursor, seen } };
			later();
			await user.create('Ana Nova');

			expect(eventsOf((await workflow.start()).items)).toEqual(['contactCreated Ana Nova']);
			expect(workflow.savedNodeData.checkedAt).toBe('2026-11-20T10:00:01.000Z');
			expect(warnings).toEqual([]);
		});

		test('a Start From still ahead of Helena waits for it without a warning', async () => {
			const workflow = trigger({ options: { startFrom: '2026-11-20T10:00:30Z' } });
			expect((await workflow.activate()).items).toBeNull();
			later(10_000);
			await user.create('Too Early');
			expect((await workflow.poll()).items).toBeNull();
			later(30_000);
			await user.create('In Time');
			expect(eventsOf((await workflow.poll()).items)).toEqual(['contactCreated In Time']);
			expect(warnings).toEqual([]);
		});
	});

	describe("the cursor never passes Helena's own time", () => {
		test('a contact stamped a century ahead is emitted once and does not make the trigger deaf', async () => {
			const workflow = trigger();
			await workflow.activate();
			later(CENTURY_MS);
			const future = await user.create('From The Future');
			later(-CENTURY_MS);
			later();

			expect(eventsOf((await workflow.poll()).items)).toEqual(['contactCreated From The Future']);
			expect(Date.parse(String(workflow.liveNodeData!.cursor))).toBeLessThanOrEqual(helenaNow() + 1_000);

			later();
			await user.create('Ana Nova');
			expect(eventsOf((await workflow.poll()).items)).toEqual(['contactCreated Ana Nova']);
			later(10_000);
			helena.sandbox.clearRequests();
			expect((await workflow.poll()).items).toBeNull();
			expect(listQueries(helena)).toHaveLength(1);

			// changed again, it carries Helena's real time, earlier than the stamp it had: still a change
			later();
			await user.rename(future.id, 'Back In Time');
			expect(eventsOf((await workflow.poll()).items)).toEqual(['contactUpdated Back In Time']);
			expect((await workflow.poll()).items).toBeNull();
			expect(warnings).toEqual([]);
		});

		test('a contact stamped ahead already there at activation: nothing on activation, the next changes come out', async () => {
			later(CENTURY_MS);
			await user.create('From The Future');
			later(-CENTURY_MS);
			const workflow = trigger();

			expect((await workflow.activate()).items).toBeNull();
			expect(Date.parse(String(workflow.savedNodeData.cursor))).toBeLessThanOrEqual(helenaNow() + 1_000);
			later();
			await user.rename(demo.contactId(1), 'Maria Now');
			expect(eventsOf((await workflow.poll()).items)).toEqual(['contactUpdated Maria Now']);
			expect((await workflow.poll()).items).toBeNull();
		});
	});

	describe('first activation remembers everything it saw, however many pages', () => {
		test('250 contacts imported in the same instant as the activation: none of them on the first checks', async () => {
			helena.sandbox.seedContacts(250, { prefix: 'Imported' });
			const workflow = trigger();

			expect((await workflow.activate()).items).toBeNull();
			expect((await workflow.poll()).items).toBeNull();
			later();
			expect((await workflow.poll()).items).toBeNull();
			await user.create('Ana Nova');
			expect(eventsOf((await workflow.poll()).items)).toEqual(['contactCreated Ana Nova']);
			expect(workflow.executions).toHaveLength(1);
		});

		test('340 contacts imported over the 3 seconds before activation: the 140 of the latest instant read back through 2 pages, none emitted', async () => {
			for (let second = 0; second < 3; second++) {
				helena.sandbox.seedContacts(second === 2 ? 140 : 100, { prefix: `Import ${second}` });
				later();
			}
			helena.sandbox.clearRequests();
			const workflow = trigger();

			expect((await workflow.activate()).items).toBeNull();
			expect(listQueries(helena).map((query) => [query.OrderDirection, query.PageNumber])).toEqual([
				['DESCENDING', '1'],
				['DESCENDING', '2'],
			]);
			expect(Object.keys(workflow.savedNodeData.seen as object)).toHaveLength(140);
			expect((await workflow.poll()).items).toBeNull();
			later(1_000);
			await user.rename(demo.contactId(1), 'Maria After');
			expect(eventsOf((await workflow.poll()).items)).toEqual(['contactUpdated Maria After']);
		});

		test("activated on a Helena without contacts: the position starts at Helena's time, every later contact once", async () => {
			helena.sandbox.reset('empty');
			const workflow = trigger();

			expect((await workflow.activate()).items).toBeNull();
			expect(workflow.savedNodeData).toMatchObject({ cursor: '2026-11-20T09:59:55.000Z', floor: '2026-11-20T09:59:55.000Z' });
			later();
			await user.create('Ana Primeira');
			expect(eventsOf((await workflow.poll()).items)).toEqual(['contactCreated Ana Primeira']);
			expect((await workflow.poll()).items).toBeNull();
			expect(warnings).toEqual([]);
		});

		test('an import long before activation costs activation one request', async () => {
			helena.sandbox.seedContacts(250, { prefix: 'Imported' });
			later(60_000);
			helena.sandbox.clearRequests();
			const workflow = trigger();

			await workflow.activate();
			expect(listQueries(helena)).toHaveLength(1);
		});
	});

	describe('paging through the guarded pager', () => {
		test('a server that answers every page with the same full page: the check ends, each contact once', async () => {
			const workflow = trigger();
			await workflow.activate();
			later();
			helena.sandbox.seedContacts(150, { prefix: 'Imported' });
			helena.sandbox.clearRequests();
			helena.sandbox.misbehaviour.always({
				path: '/v1/contact',
				paging: { repeatFirstPage: true, hasMorePages: true, totalPages: 2147483647 },
			});

			const { items, error } = await workflow.poll();

			expect(error).toBeUndefined();
			expect(items).toHaveLength(100);
			expect(new Set(items!.map((item) => item.json.id)).size).toBe(100);
			expect(listQueries(helena).length).toBeLessThanOrEqual(3);
		});

		test('activation against a server that repeats its full page ends too', async () => {
			helena.sandbox.seedContacts(150, { prefix: 'Imported' });
			helena.sandbox.misbehaviour.always({ path: '/v1/contact', paging: { repeatFirstPage: true, hasMorePages: true } });
			helena.sandbox.clearRequests();
			const workflow = trigger();

			const { items } = await workflow.activate();

			expect(items).toBeNull();
			expect(listQueries(helena).length).toBeLessThanOrEqual(2);
		});

		test('Helena capping pages at 15: 120 changes all come out once, in order, and the short pages are not the end', async () => {
			const workflow = trigger();
			await workflow.activate();
			helena.sandbox.setPageSizeCap(15);
			const names: string[] = [];
			for (let n = 1; n <= 120; n++) {
				later(10);
				names.push(`contactCreated ${String((await user.create(`Capped ${String(n).padStart(3, '0')}`)).name)}`);
			}
			helena.sandbox.clearRequests();

			const { items } = await workflow.poll();

			expect(eventsOf(items)).toEqual(names);
			expect(listQueries(helena).length).toBeGreaterThanOrEqual(8);
			expect((await workflow.poll()).items).toBeNull();
		});
	});

	describe('overlapping checks', () => {
		test('two checks started together emit each change once and nothing that did not happen', async () => {
			const workflow = trigger();
			await workflow.activate();
			later();
			await user.create('Ana Nova');
			await user.rename(demo.contactId(1), 'Maria A');

			const [first, second] = await Promise.all([workflow.poll(), workflow.poll()]);

			expect([...eventsOf(first.items), ...eventsOf(second.items)].sort()).toEqual(['contactCreated Ana Nova', 'contactUpdated Maria A']);
			expect(workflow.executions).toHaveLength(1);
		});

		test('a check still retrying through an outage when the next starts: the changes come out once, with the right events', async () => {
			const workflow = trigger();
			await workflow.activate();
			later();
			const names: string[] = [];
			for (let n = 1; n <= 130; n++)
				names.push(`contactCreated ${String((await user.create(`Burst ${String(n).padStart(3, '0')}`)).name)}`);
			helena.sandbox.failNext(2, { status: 503, method: 'GET', path: '/v1/contact' });

			const slow = workflow.poll();
			await sleep(50);
			later();
			await user.rename(demo.contactId(1), 'Maria During');
			const next = workflow.poll();
			const third = workflow.poll();
			const outcomes = await Promise.all([slow, next, third]);

			const emitted = outcomes.flatMap((outcome) => eventsOf(outcome.items));
			expect(emitted.sort()).toEqual([...names, 'contactUpdated Maria During'].sort());
			expect(workflow.errors).toEqual([]);
			expect((await workflow.poll()).items).toBeNull();
		});
	});

	describe('what an idle check costs', () => {
		test('after a burst of 300 changes in 3 seconds, the next check re-reads its last 5 seconds once; every idle check after it is 1 request', async () => {
			const workflow = trigger();
			await workflow.activate();
			later();
			for (let n = 1; n <= 300; n++) {
				if (n % 100 === 0) later();
				await user.create(`Burst ${n}`);
			}
			expect((await workflow.poll()).items).toHaveLength(300);
			later(60_000);
			helena.sandbox.clearRequests();
			expect((await workflow.poll()).items).toBeNull();
			expect(listQueries(helena).length).toBeLessThanOrEqual(4);

			for (let check = 0; check < 4; check++) {
				later(60_000);
				helena.sandbox.clearRequests();
				expect((await workflow.poll()).items).toBeNull();
				expect(listQueries(helena)).toHaveLength(1);
			}
			// what the trigger keeps is bounded: nothing of the burst once Helena's time is past it
			expect(workflow.liveNodeData!.seen).toEqual({});
			later();
			await user.rename(demo.contactId(1), 'Maria After');
			expect(eventsOf((await workflow.poll()).items)).toEqual(['contactUpdated Maria After']);
		});

		test('a check right after the burst re-reads its last seconds once; the checks after that are 1 request', async () => {
			const workflow = trigger();
			await workflow.activate();
			later();
			helena.sandbox.seedContacts(250, { prefix: 'Burst' });
			expect((await workflow.poll()).items).toHaveLength(250);
			expect((await workflow.poll()).items).toBeNull();

			later(6_000);
			helena.sandbox.clearRequests();
			expect((await workflow.poll()).items).toBeNull();
			helena.sandbox.clearRequests();
			expect((await workflow.poll()).items).toBeNull();
			expect(listQueries(helena)).toHaveLength(1);
		});
	});
});
