import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { PollHarness } from '../engine/runPoll';
import { helenaUser, useContactStory } from '../contactTrigger/contactChanges';
import { POLLED_KINDS } from './kinds';
import type { PolledKind, SandboxFixture } from './kinds';
import { chatUsers, crmUsers } from './story';
import { FAR_FUTURE, startFutureStampProxy } from './futureStampProxy';
import type { FutureStampProxy } from './futureStampProxy';
import { demo } from '../sandbox';

/*
 * Helena holding a record stamped 9999-12-31T23:59:59Z (a clock gone wrong at its side): a proxy between the
 * trigger and the sandbox puts that record, with that stamp, in every answer of the trigger's listing. Every
 * polling trigger inherits the rule from the shared cursor: the stamp never moves the position nor a listing's
 * bound, the record is reported once per content, and every other change is reported at the next check.
 */

interface Kind extends PolledKind {
	/** The record Helena holds stamped in the future: one of the demo data. */
	stamped(fixture: SandboxFixture): string;
	/** Someone changes that record (a new name, a note): what the item then shows, by `labelOf`. */
	changes(fixture: SandboxFixture, id: string, label: string): Promise<string>;
}

const KINDS: Record<keyof typeof POLLED_KINDS, Kind> = {
	contact: {
		...POLLED_KINDS.contact,
		stamped: () => demo.contactId(2),
		changes: async (fixture, id, label) => String((await helenaUser(fixture).rename(id, label)).name),
	},
	conversation: {
		...POLLED_KINDS.conversation,
		stamped: (fixture) => String(fixture.sandbox.chat.sessions().find((session: IDataObject) => session.status !== 'COMPLETED')!.id),
		changes: async (fixture, id, label) => {
			await chatUsers(fixture).tag(id, label);
			return label;
		},
		// the change is a note in the conversation's metadata
		labelOf: (json) => String((json.metadata as IDataObject | null)?.note ?? POLLED_KINDS.conversation.labelOf(json)),
	},
	card: {
		...POLLED_KINDS.card,
		stamped: () => demo.cardId('Maria Silva - Plano Pro'),
		changes: async (fixture, id, label) => String((await crmUsers(fixture).rename(id, label)).title),
	},
};

// without Helena's Date (a proxy that drops it), n8n's own clock, with a day's tolerance, tells what is ahead
const CASES = Object.entries(KINDS).flatMap(([name, kind]) => [[name, 'with', kind] as const, [name, 'without', kind] as const]);

describe.each(CASES)('%s trigger: a record Helena stamps 9999-12-31 in every answer, %s a Date header', (_, date, kind) => {
	const { helena, later } = useContactStory();
	let proxy: FutureStampProxy | undefined;
	let stampedId = '';
	const count = (items: INodeExecutionData[] | null) => (items ?? []).length;

	beforeEach(async () => {
		stampedId = kind.stamped(helena);
		proxy = await startFutureStampProxy(helena.sandbox.url, {
			path: kind.path,
			field: 'updatedAt',
			id: stampedId,
			belongs: (query, record) => !query.get('Status') || query.get('Status') === record.status,
			withoutDate: date === 'without',
		});
	});
	afterEach(async () => await proxy?.close());

	const trigger = () => new PollHarness({ ...helena.credentials, baseUrl: proxy!.url }, kind.parameters, kind.trigger);

	test('that record, changed after the first check, is reported at the next one, once, and again at its next change', async () => {
		const workflow = trigger();
		expect((await workflow.activate()).items).toBeNull();
		expect(proxy!.rewritten).toBeGreaterThan(0);
		const atActivation = workflow.savedNodeData.cursor;

		later();
		const label = await kind.changes(helena, stampedId, 'Changed Once');
		const second = await workflow.poll();
		expect((second.items ?? []).map((item) => [item.json.id, kind.labelOf(item.json), item.json.updatedAt])).toEqual([
			[stampedId, label, FAR_FUTURE],
		]);
		later(7_000);
		expect((await workflow.poll()).items).toBeNull();

		later();
		await kind.changes(helena, stampedId, 'Changed Twice');
		expect(count((await workflow.poll()).items)).toBe(1);
		expect((await workflow.poll()).items).toBeNull();

		// another record changed meanwhile moves the position to its time, never to the stamp
		later();
		await kind.makes(helena, 'Made Now');
		const made = await workflow.poll();
		expect(count(made.items)).toBe(1);
		expect(String(made.items![0].json.id)).not.toBe(stampedId);
		expect(workflow.liveNodeData!.cursor).toBe(made.items![0].json.updatedAt);
		expect(workflow.liveNodeData!.cursor).not.toBe(atActivation);
		expect(workflow.errors).toEqual([]);
	});

	test('a position saved at that stamp (as the trigger wrote it without a Date header, before this rule) starts again', async () => {
		const workflow = trigger();
		await workflow.activate();
		workflow.stop();
		const stale = { ...workflow.savedNodeData, cursor: FAR_FUTURE };
		workflow.savedStaticData = { ...workflow.savedStaticData, [`node:${kind.trigger.name}`]: stale };
		later();
		expect((await workflow.start()).items).toBeNull();
		expect(workflow.savedNodeData.cursor).not.toBe(FAR_FUTURE);

		later();
		await kind.makes(helena, 'Made After');
		const made = await workflow.poll();
		expect(count(made.items)).toBe(1);
		expect(String(made.items![0].json.id)).not.toBe(stampedId);
		expect(workflow.errors).toEqual([]);
	});

	test('150 records made in one millisecond after the first check all come out: the stamp never moves the bound past them', async () => {
		const workflow = trigger();
		await workflow.activate();
		later();
		for (let n = 1; n <= 150; n++) await kind.makes(helena, `Burst ${String(n).padStart(3, '0')}`);

		const { items } = await workflow.poll();
		expect(count(items)).toBe(150);
		expect(new Set(items!.map((item) => item.json.id)).size).toBe(150);
		expect(items!.some((item) => String(item.json.id) === stampedId)).toBe(false);
		later(60_000);
		expect((await workflow.poll()).items).toBeNull();
		expect(workflow.errors).toEqual([]);
	});
});
