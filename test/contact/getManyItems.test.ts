import { demo } from '../sandbox';
import { useSandbox } from '../engine/sandbox';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const getByItemId = { resource: 'contact', operation: 'get', contact: { __rl: true, mode: 'id', value: '={{ $json.id }}' } };

describe('Contact → Get over many items (reads overlap, output keeps the input order)', () => {
	const helena = useSandbox();
	beforeEach(() => helena.sandbox.clearRequests());

	test('12 items give 12 contacts in input order, each paired to its item', async () => {
		const ids = Array.from({ length: 12 }, (_, n) => demo.contactId((n % 17) + 1));

		const { items, error } = await helena.run(getByItemId, { items: ids.map((id) => ({ id })) });

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual(ids);
		expect(items.map((item) => item.pairedItem)).toEqual(ids.map((_, item) => ({ item })));
		expect(helena.apiRequests()).toHaveLength(12);
	});

	test('without Continue On Fail the first missing contact is the error, naming its item', async () => {
		const ids = [demo.contactId(1), demo.contactId(2), MISSING_ID, demo.contactId(3), MISSING_ID];

		const { error } = await helena.run(getByItemId, { items: ids.map((id) => ({ id })) });

		expect(error?.message).toContain(MISSING_ID);
		expect(error?.context?.itemIndex).toBe(2);
	});

	test('with Continue On Fail the missing ones become error items in place', async () => {
		const ids = [demo.contactId(1), MISSING_ID, demo.contactId(2)];

		const { items } = await helena.run(getByItemId, { items: ids.map((id) => ({ id })), continueOnFail: true });

		expect(items.map((item) => item.json.id ?? 'error')).toEqual([ids[0], 'error', ids[2]]);
		expect(items[1].json.error).toContain(MISSING_ID);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});
});
