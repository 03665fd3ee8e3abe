import { useSandbox } from '../engine/sandbox';

import { demo } from '../sandbox';

/** Replace All with no tags clears every tag of the contact: the spec allows an empty or null list for it. */
const MARIA_ID: string = demo.contactId(1);
const byId = (value: string) => ({ __rl: true, mode: 'id', value });

describe('Contact > Replace All with no tags', () => {
	const helena = useSandbox();
	beforeEach(() => {
		helena.sandbox.reset('demo');
		helena.sandbox.clearRequests();
	});

	test('Update Tags: sends an empty list and the contact has no tags left', async () => {
		const { items, error } = await helena.run({
			resource: 'contact',
			operation: 'updateTags',
			contact: byId(MARIA_ID),
			tagsOperation: 'ReplaceAll',
		});

		expect(error).toBeUndefined();
		expect(helena.apiRequests().map((request) => request.body)).toEqual([{ operation: 'ReplaceAll', tagNames: [] }]);
		expect(items[0].json.tagNames).toEqual([]);
		expect(helena.sandbox.state.contacts.get(MARIA_ID).tagIds).toEqual([]);
	});

	test('Update with Tag Names added but empty, under Replace All: clears the tags', async () => {
		const { items, error } = await helena.run({
			resource: 'contact',
			operation: 'update',
			contact: byId(MARIA_ID),
			updateFields: { tagNames: '' },
			options: { tagsOperation: 'ReplaceAll' },
		});

		expect(error).toBeUndefined();
		expect(helena.apiRequests().map((request) => request.body)).toEqual([
			{ fields: ['Tags'], tagNames: [], options: { tagsOperation: 'ReplaceAll' } },
		]);
		expect(items[0].json.tagNames).toEqual([]);
	});

	test('Add or Remove with no tags is still refused before any request', async () => {
		for (const tagsOperation of ['InsertIfNotExists', 'ExcluiIfExists']) {
			const { error } = await helena.run({ resource: 'contact', operation: 'updateTags', contact: byId(MARIA_ID), tagsOperation });
			expect(error?.message).toContain('Tag Names');
		}
		expect(helena.apiRequests()).toEqual([]);
	});
});
