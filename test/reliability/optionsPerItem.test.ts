import { useSandbox } from '../engine/sandbox';
import { demo } from '../sandbox';

/**
 * An option from an expression is read against its list for each item. Without Continue On Fail the first
 * bad item stops the node before anything is sent; with it, that item becomes its own error item and the
 * others are applied, (the item loops run the router's check per item).
 */
describe('options from expressions under Continue On Fail', () => {
	const helena = useSandbox();
	const changeTags = {
		resource: 'contact',
		operation: 'updateTags',
		contact: '={{ { "__rl": true, "mode": "id", "value": $json.id } }}',
		tagNames: 'VIP',
		tagsOperation: '={{ $json.how }}',
	};
	const items = [
		{ id: demo.contactId(1), how: 'InsertIfNotExists' },
		{ id: demo.contactId(2), how: 'Sideways' },
		{ id: demo.contactId(3), how: 'InsertIfNotExists' },
	];

	beforeEach(() => {
		helena.sandbox.reset('demo');
		helena.sandbox.clearRequests();
	});

	test('Contact → Change Tags: without it, the bad second item stops the node before any request', async () => {
		const { error } = await helena.run(changeTags, { items });
		expect(error?.message).toMatch(/not "Sideways" \(item 1\)$/);
		expect(helena.sandbox.requests).toEqual([]);
	});

	test('Contact → Change Tags: with it, the bad item is an error item paired to it, and the others are applied', async () => {
		const run = await helena.run(changeTags, { items, continueOnFail: true });
		expect(run.error).toBeUndefined();
		expect(run.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(String(run.items[1].json.error)).toMatch(/not "Sideways" \(item 1\)$/);
		expect(run.items[0].json.error).toBeUndefined();
		expect(run.items[2].json.error).toBeUndefined();
		const tagged = helena.sandbox.requests.filter((r: { method: string }) => r.method === 'POST');
		expect(tagged.map((r: { decodedPath: string }) => r.decodedPath)).toEqual([
			`/core/v1/contact/${demo.contactId(1)}/tags`,
			`/core/v1/contact/${demo.contactId(3)}/tags`,
		]);
	});
});
