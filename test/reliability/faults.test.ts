import { useSandbox } from '../engine/sandbox';
import { FAULTS, phoneOf, statusCounts, useInstantPacing } from './faultInjection';

const CONTACTS = 10_000;

describe('faults: 20% 429 and 10% 503', () => {
	const helena = useSandbox({ seed: 'empty' });
	useInstantPacing();
	beforeEach(() => {
		helena.sandbox.reset('empty');
		helena.sandbox.clearRequests();
		helena.sandbox.setFaults(FAULTS);
	});
	afterEach(() => helena.sandbox.setFaults({ rate429: 0, rate5xx: 0 }));

	test(`Create or Update Many stores ${CONTACTS.toLocaleString('en')} contacts exactly once and outputs them paired`, async () => {
		const input = Array.from({ length: CONTACTS }, (_, n) => ({ name: `Cliente ${n}`, phoneNumber: phoneOf(n) }));

		const { items, error } = await helena.run({ resource: 'contact', operation: 'upsertMany' }, { items: input });

		expect(error).toBeUndefined();
		// n8n's output: one item per input item, in order, paired to it, carrying its contact
		expect(items).toHaveLength(CONTACTS);
		items.forEach((item, n) => {
			expect(item.pairedItem).toEqual({ item: n });
			expect(item.json.phoneNumber).toBe(phoneOf(n));
		});
		// Helena's state: every phone once, nothing else
		const stored = [...helena.sandbox.state.contacts.values()].map((contact: { phoneNumber: string }) => contact.phoneNumber);
		expect(stored).toHaveLength(CONTACTS);
		expect(new Set(stored).size).toBe(CONTACTS);
		expect(stored.sort()).toEqual(input.map((contact) => contact.phoneNumber).sort());
		expect(new Set(items.map((item) => item.json.id)).size).toBe(CONTACTS);
		// 100 batches applied once each; every fault was answered unapplied and retried
		const requests = helena.apiRequests();
		const counts = statusCounts(requests);
		expect(counts[200]).toBe(CONTACTS / 100);
		expect(counts[429]).toBeGreaterThan(0);
		expect(counts[503]).toBeGreaterThan(0);
		expect(requests).toHaveLength(counts[200] + counts[429] + counts[503]);
	}, 60_000);
});
