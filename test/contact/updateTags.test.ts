import { useSandbox } from '../engine/sandbox';
import { byId, byPhone } from '../helpers/requests';

import { demo } from '../sandbox';

const MARIA_ID: string = demo.contactId(1);
const tags = { resource: 'contact', operation: 'updateTags' };

describe('Contact > Add, Remove or Replace Tags', () => {
	const helena = useSandbox();
	beforeEach(() => {
		helena.sandbox.reset('demo');
		helena.sandbox.clearRequests();
	});

	test('Add by names (the default action): POST /v1/contact/{id}/tags with InsertIfNotExists', async () => {
		const { items, error } = await helena.run({ ...tags, contact: byId(MARIA_ID), tagNames: 'Lead, VIP' });

		expect(error).toBeUndefined();
		const [request] = helena.apiRequests();
		expect(request.method).toBe('POST');
		expect(request.path).toBe(`/core/v1/contact/${MARIA_ID}/tags`);
		expect(request.body).toEqual({ operation: 'InsertIfNotExists', tagNames: ['Lead', 'VIP'] });
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ id: MARIA_ID, tagNames: ['Cliente', 'VIP', 'Lead'] });
	});

	test("Remove by phone sends the reference's value DeleteIfExists to /v1/contact/phonenumber/{phone}/tags", async () => {
		const { items, error } = await helena.run({
			...tags,
			contact: byPhone('+55|11999999999'),
			tagsOperation: 'ExcluiIfExists',
			tagNames: 'VIP',
		});

		expect(error).toBeUndefined();
		const [request] = helena.apiRequests();
		expect(request.path).toBe('/core/v1/contact/phonenumber/%2B55%7C11999999999/tags');
		expect(request.body).toEqual({ operation: 'DeleteIfExists', tagNames: ['VIP'] });
		expect(items[0].json).toMatchObject({ id: MARIA_ID, tagNames: ['Cliente'] });
	});

	test('Replace All by IDs, given as a list from an expression', async () => {
		const { items } = await helena.run({
			...tags,
			contact: byId(MARIA_ID),
			tagsOperation: 'ReplaceAll',
			tagIds: `={{ ["${demo.tagId('Newsletter')}", "${demo.tagId('Lead')}"] }}`,
		});

		expect(helena.apiRequests()[0].body).toEqual({
			operation: 'ReplaceAll',
			tagIds: [demo.tagId('Newsletter'), demo.tagId('Lead')],
		});
		expect(items[0].json.tagNames).toEqual(['Newsletter', 'Lead']);
	});

	test('a tag change is repeated after a 503 (the same change twice ends the same)', async () => {
		helena.sandbox.failNext(1, { status: 503, method: 'POST' });

		const { error } = await helena.run({ ...tags, contact: byId(MARIA_ID), tagNames: 'Lead' });

		expect(error).toBeUndefined();
		expect(helena.apiRequests().map((request) => request.status)).toEqual([503, 200]);
	});

	test('no tags is refused before any request; an unknown contact says so', async () => {
		const empty = await helena.run({ ...tags, contact: byId(MARIA_ID), tagNames: ' , ' });
		expect(empty.error?.message).toBe('Tag Names and Tag IDs are both empty: give at least one tag (item 0)');
		expect(helena.apiRequests()).toHaveLength(0);

		const missing = await helena.run({
			...tags,
			contact: byId('00000000-0000-4000-8000-000000000000'),
			tagNames: 'VIP',
		});
		expect(missing.error?.message).toBe('No contact with the ID "00000000-0000-4000-8000-000000000000" exists in Helena');
	});
});
