import { useSandbox } from '../engine/sandbox';
import { FAULTS, statusCounts } from './faultInjection';

/*
 * Its own file, so its own request budget. Request Pacing is off: a 429 here is a random draw, not a full
 * window, and the pacing reads every 429 as a full window and slows down (as it should with the real
 * service); this test is about every update applying once, whatever the retries.
 */
const UPDATES = 500;

describe('faults: 500 single updates with 20% 429 and 10% 503', () => {
	const helena = useSandbox({ seed: 'empty', ...FAULTS, randomSeed: 11 });

	test(`all ${UPDATES} updates apply, each exactly as asked`, async () => {
		const seeded: Array<{ id: string; name: string }> = helena.sandbox.seedContacts(UPDATES, { prefix: 'Antes' });
		const input = seeded.map((contact, n) => ({ id: contact.id, newName: `Depois ${n}` }));

		const { items, error } = await helena.run(
			{
				resource: 'contact',
				operation: 'update',
				contact: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
				updateFields: { name: '={{ $json.newName }}' },
			},
			{ items: input, credentials: { requestPacing: 'off' } },
		);

		expect(error).toBeUndefined();
		expect(items).toHaveLength(UPDATES);
		items.forEach((item, n) => {
			expect(item.pairedItem).toEqual({ item: n });
			expect(item.json).toMatchObject({ id: input[n].id, name: `Depois ${n}` });
		});
		for (const { id, newName } of input) expect(helena.sandbox.state.contacts.get(id).name).toBe(newName);
		expect(helena.sandbox.state.contacts.size).toBe(UPDATES);

		const requests = helena.apiRequests();
		const applied = requests.filter((request) => request.status === 200);
		expect(applied.map((request) => request.decodedPath).sort()).toEqual(input.map(({ id }) => `/core/v2/contact/${id}`).sort());
		const counts = statusCounts(requests);
		expect(counts[429]).toBeGreaterThan(0);
		expect(counts[503]).toBeGreaterThan(0);
		expect(requests).toHaveLength(UPDATES + counts[429] + counts[503]);
	}, 90_000);
});
