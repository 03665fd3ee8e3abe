import type { INodeExecutionData } from 'n8n-workflow';

import { PollHarness } from '../engine/runPoll';
import { useContactStory } from '../contactTrigger/contactChanges';
import { POLLED_KINDS } from './kinds';
import { listQueries } from './story';

/*
 * What every polling trigger inherits from the shared cursor, tried on each kind: a record that Helena
 * stamps far ahead of its own time, and Helena reading `*.After` as inclusive (a record stamped exactly
 * at the bound is listed) as well as exclusive.
 */

const CENTURY_MS = 100 * 365 * 24 * 60 * 60_000;
const KINDS = POLLED_KINDS;

describe.each(Object.entries(KINDS))("%s trigger: Helena's clock and bounds", (_, kind) => {
	const { helena, later } = useContactStory();
	const trigger = () => new PollHarness(helena.credentials, kind.parameters, kind.trigger);
	/** The list requests since the last clearRequests. */
	const requests = () => listQueries(helena, kind.path).length;
	const count = (items: INodeExecutionData[] | null) => (items ?? []).length;

	afterEach(() => helena.sandbox.setAfterBound('exclusive'));

	describe.each(['exclusive', 'inclusive'] as const)('Helena reading After as %s', (reading) => {
		beforeEach(() => helena.sandbox.setAfterBound(reading));

		test('a record stamped a century ahead comes out once; every later record comes out once, at the next check', async () => {
			const workflow = trigger();
			await workflow.activate();
			later(CENTURY_MS);
			await kind.makes(helena, 'From The Future');
			later(-CENTURY_MS);
			later();
			const first = await workflow.poll();
			expect(count(first.items)).toBe(1);

			for (let n = 1; n <= 3; n++) {
				later(7_000);
				await kind.makes(helena, `Later ${n}`);
				const { items } = await workflow.poll();
				expect(count(items)).toBe(1);
				expect(kind.labelOf(items![0].json)).not.toBe(kind.labelOf(first.items![0].json));
			}
			later(60_000);
			helena.sandbox.clearRequests();
			expect((await workflow.poll()).items).toBeNull();
			expect(requests()).toBe(1);
			expect(workflow.errors).toEqual([]);
		});

		test('after 150 records made in one millisecond, the idle checks settle to 1 request each', async () => {
			const workflow = trigger();
			await workflow.activate();
			later();
			for (let n = 1; n <= 150; n++) await kind.makes(helena, `Burst ${String(n).padStart(3, '0')}`);
			expect(count((await workflow.poll()).items)).toBe(150);

			const costs: number[] = [];
			for (let check = 0; check < 5; check++) {
				later(60_000);
				helena.sandbox.clearRequests();
				expect((await workflow.poll()).items).toBeNull();
				costs.push(requests());
			}
			// the burst's last 5 seconds read again once (2 pages); an inclusive Helena lists the burst's
			// instant once more, which shows the trigger how it reads the bound
			expect(costs).toEqual([2, 1, 1, 1, 1]);
			expect(workflow.liveNodeData!.afterIncludesBound).toBe(reading === 'inclusive' ? true : undefined);

			later();
			await kind.makes(helena, 'After The Burst');
			expect(count((await workflow.poll()).items)).toBe(1);
			expect(workflow.errors).toEqual([]);
		});
	});
});
