import { demo } from '../sandbox';
import { PollHarness } from '../engine/runPoll';
import { eventsOf, helenaUser, listQueries, useContactStory } from './contactChanges';

describe('Helena Contact Trigger: events, status, start date, test event', () => {
	const { helena, later } = useContactStory();
	let user: ReturnType<typeof helenaUser>;
	const trigger = (parameters = {}) => new PollHarness(helena.credentials, { events: ['contactCreated', 'contactUpdated'], ...parameters });

	beforeEach(() => {
		user = helenaUser(helena);
	});

	test('Contact Created only: lists by CreatedAt.After, ordered by createdAt; changes to existing contacts stay out', async () => {
		const workflow = trigger({ events: ['contactCreated'] });
		await workflow.activate();
		later();
		await user.rename(demo.contactId(1), 'Maria Renamed');
		later();
		const ana = await user.create('Ana Nova');
		later();
		await user.rename(ana.id, 'Ana Renamed');
		helena.sandbox.clearRequests();

		expect(eventsOf((await workflow.poll()).items)).toEqual(['contactCreated Ana Renamed']);
		expect(listQueries(helena)).toEqual([
			{
				Status: 'ACTIVE',
				OrderBy: 'createdAt',
				OrderDirection: 'ASCENDING',
				PageNumber: '1',
				PageSize: '100',
				IncludeDetails: 'Tags',
				'CreatedAt.After': '2026-01-21T22:29:00.000Z',
			},
		]);
		later();
		await user.rename(ana.id, 'Ana Again');
		expect((await workflow.poll()).items).toBeNull();
	});

	test('Contact Updated only: a contact that is new at this check is not an update; its next change is', async () => {
		const workflow = trigger({ events: ['contactUpdated'] });
		await workflow.activate();
		later();
		const ana = await user.create('Ana Nova');
		later();
		await user.rename(ana.id, 'Ana Renamed');
		later();
		await user.rename(demo.contactId(2), 'João Renamed');

		expect(eventsOf((await workflow.poll()).items)).toEqual(['contactUpdated João Renamed']);
		later();
		await user.rename(ana.id, 'Ana Again');
		expect(eventsOf((await workflow.poll()).items)).toEqual(['contactUpdated Ana Again']);
	});

	test('Status Active (the default): archiving or blocking a contact takes it out of the list, so it is not reported', async () => {
		const workflow = trigger();
		await workflow.activate();
		later();
		await user.setStatus(demo.contactId(1), 'ARCHIVED');
		later();
		await user.setStatus(demo.contactId(2), 'BLOCKED');
		expect((await workflow.poll()).items).toBeNull();

		// back to active: it is listed again, as a change
		later();
		await user.setStatus(demo.contactId(1), 'ACTIVE');
		const { items } = await workflow.poll();
		expect(eventsOf(items)).toEqual(['contactUpdated Maria Silva']);
		expect(items![0].json.status).toBe('ACTIVE');
	});

	test('Status Any: archiving and blocking are reported as updates, one listing per status on each check', async () => {
		const workflow = trigger({ filters: { status: 'ANY' } });
		await workflow.activate();
		expect(listQueries(helena).map((query) => query.Status)).toEqual(['ACTIVE', 'ARCHIVED', 'BLOCKED']);
		later();
		await user.setStatus(demo.contactId(1), 'ARCHIVED');
		later();
		await user.setStatus(demo.contactId(2), 'BLOCKED');
		later();
		await user.create('Ana Nova');
		helena.sandbox.clearRequests();

		const { items } = await workflow.poll();

		expect(items!.map((item) => [item.json.event, item.json.name, item.json.status])).toEqual([
			['contactUpdated', 'Maria Silva', 'ARCHIVED'],
			['contactUpdated', 'João Santos', 'BLOCKED'],
			['contactCreated', 'Ana Nova', 'ACTIVE'],
		]);
		expect(listQueries(helena).map((query) => query.Status)).toEqual(['ACTIVE', 'ARCHIVED', 'BLOCKED']);
		expect((await workflow.poll()).items).toBeNull();
	});

	test('Start From: the first activation reports every change since that date, oldest first', async () => {
		const workflow = trigger({ options: { startFrom: '2026-01-19T00:00:00.000Z' } });

		const { items } = await workflow.activate();

		expect(items!.map((item) => [item.json.event, item.json.updatedAt])).toEqual([
			['contactCreated', '2026-01-19T21:15:00.000Z'],
			// created before that date, changed after it
			['contactUpdated', '2026-01-20T20:38:00.000Z'],
			['contactCreated', '2026-01-21T22:29:00.000Z'],
			['contactCreated', '2026-01-22T21:52:00.000Z'],
		]);
		expect(workflow.executions).toHaveLength(1);
		expect((await workflow.poll()).items).toBeNull();

		// another date starts the cursor again from there
		workflow.parameters = { ...workflow.parameters, options: { startFrom: '2026-01-22T00:00:00.000Z' } };
		workflow.stop();
		expect((await workflow.start()).items).toHaveLength(1);
	});

	test('Tag Names: the filter endpoint with the same bounds in its body; a contact without the tag stays out', async () => {
		const workflow = trigger({ filters: { tagNames: 'VIP, Lead' } });
		await workflow.activate();
		later();
		await user.rename(demo.contactId(1), 'Maria VIP');
		later();
		await user.rename(demo.contactId(3), 'No Tag Here');
		helena.sandbox.clearRequests();

		expect(eventsOf((await workflow.poll()).items)).toEqual(['contactUpdated Maria VIP']);
		const [request, ...more] = helena.apiRequests();
		expect(more).toHaveLength(0);
		expect(`${request.method} ${request.path}`).toBe('POST /core/v1/contact/filter');
		expect(request.body).toEqual({
			status: 'ACTIVE',
			tagNames: ['VIP', 'Lead'],
			orderBy: 'updatedAt',
			orderDirection: 'ASCENDING',
			pageNumber: 1,
			pageSize: 100,
			updatedAt: { after: expect.stringMatching(/^2026-\d\d-\d\dT[\d:.]+Z$/) },
			includeDetails: ['Tags'],
		});
	});

	test('a Start From without a time zone (as the date picker gives it) is read as UTC', async () => {
		const workflow = trigger({ options: { startFrom: '2026-01-22T21:51:59' } });
		expect(eventsOf((await workflow.activate()).items)).toHaveLength(1);
		expect(workflow.savedNodeData.origin).toBe('2026-01-22T21:51:59.000Z');
	});

	test('a Start From that is not a date is refused before any request', async () => {
		const workflow = trigger({ options: { startFrom: 'next tuesday' } });
		await expect(workflow.activate()).rejects.toThrow('"Start From" is not a date: "next tuesday"');
		expect(helena.apiRequests()).toHaveLength(0);
	});

	test.each(['01/02/2024', 'March 7 2024', '2024-02-30', '2024-03-07T25:00:00'])(
		'a Start From that is no ISO 8601 date (%s: two readings, or none) is refused, as every date field of the node',
		async (startFrom) => {
			const workflow = trigger({ options: { startFrom } });
			await expect(workflow.activate()).rejects.toThrow(
				`"Start From" is not a date: "${startFrom}" (give an ISO 8601 date such as 2024-03-07 or 2024-03-07T14:30:00Z)`,
			);
			expect(helena.apiRequests()).toHaveLength(0);
		},
	);

	test('a Start From with an offset keeps its instant', async () => {
		const workflow = trigger({ options: { startFrom: '2026-01-22T18:51:59-03:00' } });
		await workflow.activate();
		expect(workflow.savedNodeData.origin).toBe('2026-01-22T21:51:59.000Z');
	});

	test('Fetch Test Event returns the most recent contact, in one request, and leaves the cursor alone', async () => {
		const workflow = trigger();
		later();
		await user.rename(demo.contactId(5), 'Latest Change');
		helena.sandbox.clearRequests();

		const items = await workflow.fetchTestEvent();

		expect(eventsOf(items)).toEqual(['contactUpdated Latest Change']);
		expect(listQueries(helena)).toEqual([
			{ Status: 'ACTIVE', OrderBy: 'updatedAt', OrderDirection: 'DESCENDING', PageNumber: '1', PageSize: '1', IncludeDetails: 'Tags' },
		]);
		expect(workflow.savedStaticData).toEqual({});
	});

	test('Simplify off: the whole contact as Helena returns it, with the event in front', async () => {
		const workflow = trigger({ simple: false, options: { includeDetails: ['CustomFields'] } });
		await workflow.activate();
		later();
		await user.rename(demo.contactId(1), 'Maria Full');
		helena.sandbox.clearRequests();

		const { items } = await workflow.poll();

		expect(listQueries(helena)[0].IncludeDetails).toBe('CustomFields');
		expect(Object.keys(items![0].json)[0]).toBe('event');
		expect(items![0].json).toMatchObject({
			event: 'contactUpdated',
			id: demo.contactId(1),
			name: 'Maria Full',
			createdAt: expect.any(String),
			companyId: demo.companyId,
			customFields: expect.any(Object),
		});
	});
});
