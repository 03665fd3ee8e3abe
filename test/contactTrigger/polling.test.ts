import { demo } from '../sandbox';
import { PollHarness } from '../engine/runPoll';
import { eventsOf, helenaUser, listQueries, useContactStory } from './contactChanges';

const BOTH = { events: ['contactCreated', 'contactUpdated'] };
/** The newest change among the demo's active contacts (Helena's latest change before activation). */
const LATEST_DEMO_CHANGE = '2026-01-22T21:52:00.000Z';

describe('Helena Contact Trigger: nothing missed, nothing twice', () => {
	const { helena, later } = useContactStory();
	let user: ReturnType<typeof helenaUser>;
	const trigger = (parameters = {}) => new PollHarness(helena.credentials, { ...BOTH, ...parameters });

	beforeEach(() => {
		user = helenaUser(helena);
	});

	test("first activation starts from Helena's latest change: no old contacts, then exactly the new changes", async () => {
		const workflow = trigger();

		expect((await workflow.activate()).items).toBeNull();
		expect(listQueries(helena)).toEqual([
			{ Status: 'ACTIVE', OrderBy: 'updatedAt', OrderDirection: 'DESCENDING', PageNumber: '1', PageSize: '100', IncludeDetails: 'Tags' },
		]);
		expect(workflow.savedNodeData).toMatchObject({ origin: 'now', floor: LATEST_DEMO_CHANGE, cursor: LATEST_DEMO_CHANGE });
		expect((await workflow.poll()).items).toBeNull();

		later();
		await user.create('Ana Nova');
		later();
		await user.rename(demo.contactId(1), 'Maria Souza');
		helena.sandbox.clearRequests();
		const { items } = await workflow.poll();

		expect(eventsOf(items)).toEqual(['contactCreated Ana Nova', 'contactUpdated Maria Souza']);
		expect(items![1].json).toEqual({
			event: 'contactUpdated',
			id: demo.contactId(1),
			name: 'Maria Souza',
			phoneNumber: '+55|11999999999',
			email: 'maria.silva@example.com',
			instagram: 'maria.silva',
			status: 'ACTIVE',
			tagNames: ['Cliente', 'VIP'],
			updatedAt: '2026-11-20T10:00:02.000Z',
		});
		// Helena's time at the previous check was long past the cursor: nothing at or before it can appear any more
		expect(listQueries(helena)).toEqual([
			{
				Status: 'ACTIVE',
				OrderBy: 'updatedAt',
				OrderDirection: 'ASCENDING',
				PageNumber: '1',
				PageSize: '100',
				IncludeDetails: 'Tags',
				'UpdatedAt.After': '2026-01-22T21:52:00.000Z',
			},
		]);
		expect(workflow.executions).toHaveLength(1);
		expect((await workflow.poll()).items).toBeNull();
		expect(workflow.savedNodeData).toMatchObject({ cursor: '2026-11-20T10:00:02.000Z' });
	});

	test('changes in the same millisecond as the cursor are neither lost nor emitted twice', async () => {
		const workflow = trigger();
		await workflow.activate();
		later();
		await user.rename(demo.contactId(1), 'Maria A');
		await user.rename(demo.contactId(2), 'João A');

		expect(eventsOf((await workflow.poll()).items).sort()).toEqual(['contactUpdated João A', 'contactUpdated Maria A']);

		// the clock has not moved: another change carries the cursor's very instant
		await user.rename(demo.contactId(3), 'Ana A');
		helena.sandbox.clearRequests();
		expect(eventsOf((await workflow.poll()).items)).toEqual(['contactUpdated Ana A']);
		// read again from 5 s before the cursor (10:00:01), a millisecond early
		expect(listQueries(helena)[0]['UpdatedAt.After']).toBe('2026-11-20T09:59:55.999Z');
		expect(Object.keys(workflow.savedNodeData.seen as object).sort()).toEqual(
			[demo.contactId(1), demo.contactId(2), demo.contactId(3)].sort(),
		);
		expect((await workflow.poll()).items).toBeNull();
		expect(workflow.executions).toHaveLength(2);
	});

	test('a change that shows up after later ones (it carries an earlier time) is caught by the overlap, once', async () => {
		const workflow = trigger();
		await workflow.activate();
		later(10_000);
		await user.rename(demo.contactId(1), 'Maria A');
		expect(eventsOf((await workflow.poll()).items)).toEqual(['contactUpdated Maria A']);

		// a write that committed late: stamped 2 s before the change the previous poll already emitted
		later(-2_000);
		await user.rename(demo.contactId(2), 'João Late');
		later(2_000);
		expect(eventsOf((await workflow.poll()).items)).toEqual(['contactUpdated João Late']);
		expect((await workflow.poll()).items).toBeNull();

		// the limit, as documented: more than 5 s late is too late
		later(-6_000);
		await user.rename(demo.contactId(3), 'Ana Too Late');
		later(6_000);
		expect((await workflow.poll()).items).toBeNull();
	});

	test("250 changes with each page's items out of order: all of them, oldest first, in 3 requests", async () => {
		const workflow = trigger();
		await workflow.activate();
		helena.sandbox.setPageOrder('reversed');
		const names: string[] = [];
		for (let n = 1; n <= 250; n++) {
			later();
			names.push(String((await user.create(`Contact ${String(n).padStart(3, '0')}`)).name));
		}
		helena.sandbox.clearRequests();

		const { items } = await workflow.poll();

		expect(eventsOf(items)).toEqual(names.map((name) => `contactCreated ${name}`));
		// each request starts again at page 1 from the newest change read, so changes made while it reads cannot shift the pages
		expect(listQueries(helena).map((query) => [query.PageNumber, query['UpdatedAt.After']])).toEqual([
			['1', '2026-01-22T21:52:00.000Z'],
			['1', '2026-11-20T10:01:39.999Z'],
			['1', '2026-11-20T10:03:18.999Z'],
		]);
		expect((await workflow.poll()).items).toBeNull();
	});

	test('250 contacts created in one instant (an import): every one once, the pages read by number', async () => {
		const workflow = trigger();
		await workflow.activate();
		later();
		helena.sandbox.seedContacts(250, { prefix: 'Imported' });
		helena.sandbox.clearRequests();

		const { items } = await workflow.poll();

		expect(items).toHaveLength(250);
		expect(new Set(items!.map((item) => item.json.id)).size).toBe(250);
		expect(items!.every((item) => item.json.event === 'contactCreated')).toBe(true);
		expect(listQueries(helena).map((query) => [query.PageNumber, query['UpdatedAt.After']])).toEqual([
			['1', '2026-01-22T21:52:00.000Z'],
			['2', '2026-01-22T21:52:00.000Z'],
			['3', '2026-01-22T21:52:00.000Z'],
		]);
		expect((await workflow.poll()).items).toBeNull();
	});

	test('a poll that fails leaves the cursor where it was; the next one catches up, once', async () => {
		const workflow = trigger();
		await workflow.activate();
		later();
		await user.rename(demo.contactId(1), 'Maria A');
		const before = JSON.stringify(workflow.liveNodeData);
		helena.sandbox.failNext(1, { status: 400, method: 'GET', path: '/v1/contact' });

		const failed = await workflow.poll();

		expect(failed.error?.message).toMatch(/400|Bad Request|rejected/i);
		expect(JSON.stringify(workflow.liveNodeData)).toBe(before);
		later();
		await user.rename(demo.contactId(2), 'João B');
		expect(eventsOf((await workflow.poll()).items)).toEqual(['contactUpdated Maria A', 'contactUpdated João B']);
		expect((await workflow.poll()).items).toBeNull();
		expect(workflow.errors).toHaveLength(1);
	});

	test('after a day with n8n stopped, starting it emits every change of that day in order, all pages', async () => {
		const workflow = trigger();
		await workflow.activate();
		later();
		await user.rename(demo.contactId(1), 'Maria Before');
		expect(eventsOf((await workflow.poll()).items)).toEqual(['contactUpdated Maria Before']);
		workflow.stop();

		const expected: string[] = [];
		for (let hour = 0; hour < 24; hour++) {
			later(60 * 60_000);
			for (let n = 1; n <= 12; n++) {
				later(7_000);
				const name = `Hour ${hour} #${n}`;
				expected.push(`contactCreated ${String((await user.create(name)).name)}`);
			}
			if (hour < 10) {
				later();
				await user.rename(demo.contactId(hour + 1), `Renamed at ${hour}`);
				expected.push(`contactUpdated Renamed at ${hour}`);
			}
		}
		helena.sandbox.clearRequests();

		const { items } = await workflow.start();

		expect(eventsOf(items)).toEqual(expected);
		expect(items).toHaveLength(24 * 12 + 10);
		// 298 changes: 100 a page, each next page starting again at the newest change read (read twice)
		expect(listQueries(helena)).toHaveLength(3);
		expect(workflow.executions).toHaveLength(2);
		expect(workflow.savedNodeData.cursor).toBe(items!.at(-1)!.json.updatedAt);
		expect((await workflow.poll()).items).toBeNull();
	});

	test('a restart before anything new came in changes nothing and emits nothing', async () => {
		const workflow = trigger();
		await workflow.activate();
		workflow.stop();
		expect((await workflow.start()).items).toBeNull();
		later();
		await user.create('After Restart');
		expect(eventsOf((await workflow.poll()).items)).toEqual(['contactCreated After Restart']);
	});
});
