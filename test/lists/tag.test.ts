import { runListSearch, runLoadOptions } from '../engine/runMethod';
import { demo } from '../sandbox';
import { allRequests, byId, byName, fromList, LEAD, MISSING, useListsSandbox, VIP } from './listsFixture';

describe('Tag resource', () => {
	const helena = useListsSandbox();

	test('Get Many lists the account’s tags with their colours, one item per tag; a name filter and a limit apply', async () => {
		const all = await helena.run({ resource: 'tag', operation: 'getAll', returnAll: true });
		expect(all.error).toBeUndefined();
		expect(all.items.map((item) => [item.json.name, item.json.color])).toEqual([
			['Cliente', 'GREEN_500'],
			['Lead', 'BLUE_300'],
			['VIP', 'YELLOW_500'],
			['Newsletter', 'PURPLE_300'],
		]);

		const some = await helena.run({ resource: 'tag', operation: 'getAll', returnAll: false, limit: 1, filters: { name: 'e' } });
		expect(some.items.map((item) => item.json.name)).toEqual(['Cliente']);
		expect(allRequests(helena).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /core/v1/tag', 'GET /core/v1/tag']);
	});

	test('Create sends the name and the colour picked from Helena’s palette; a colour given as hex or in lower case is Helena’s name for it', async () => {
		const { items, error } = await helena.run(
			{ resource: 'tag', operation: 'create', name: '={{ $json.name }}', color: '={{ $json.color }}' },
			{
				items: [
					{ name: ' Pós-venda 2026 ', color: 'red_300' },
					{ name: 'Indicação', color: '#90CAF9' },
					{ name: 'Sem cor', color: '' },
				],
			},
		);

		expect(error).toBeUndefined();
		expect(allRequests(helena)).toEqual([
			{ method: 'GET', path: '/core/v1/tag/color', query: {}, body: undefined },
			{ method: 'POST', path: '/core/v1/tag', query: {}, body: { name: 'Pós-venda 2026', color: 'RED_300' } },
			{ method: 'POST', path: '/core/v1/tag', query: {}, body: { name: 'Indicação', color: 'BLUE_300' } },
			{ method: 'POST', path: '/core/v1/tag', query: {}, body: { name: 'Sem cor' } },
		]);
		expect(items.map((item) => [item.json.name, item.json.color])).toEqual([
			['Pós-venda 2026', 'RED_300'],
			['Indicação', 'BLUE_300'],
			['Sem cor', 'GRAY_600'],
		]);
	});

	test('a colour Helena does not offer is refused before any tag is written, with the colours it offers', async () => {
		const { error } = await helena.run(
			{ resource: 'tag', operation: 'create', name: '={{ $json.name }}', color: '={{ $json.color }}' },
			{
				items: [
					{ name: 'Ok', color: 'GREEN_100' },
					{ name: 'Laranja', color: 'ORANGE_300' },
				],
			},
		);

		expect(error?.message).toBe('Color Name or ID is "ORANGE_300", which is not a colour Helena offers for tags (item 1)');
		expect(error?.description).toContain('BROWN_100, BROWN_200');
		expect(allRequests(helena).filter((r) => r.method === 'POST')).toEqual([
			expect.objectContaining({ body: { name: 'Ok', color: 'GREEN_100' } }),
		]);
	});

	test('an empty name or one over 255 characters is refused before any request', async () => {
		const blank = await helena.run({ resource: 'tag', operation: 'create', name: '   ' });
		const long = await helena.run({ resource: 'tag', operation: 'create', name: 'x'.repeat(256) });
		expect(blank.error?.message).toBe('Name must be 1 to 255 characters long; it has 0 (item 0)');
		expect(long.error?.message).toBe('Name must be 1 to 255 characters long; it has 256 (item 0)');
		expect(allRequests(helena)).toEqual([]);
	});

	test('Update of the colour alone sends the current name (Helena requires it), the tag picked by name', async () => {
		const { items, error } = await helena.run({
			resource: 'tag',
			operation: 'update',
			tag: byName('vip'),
			updateFields: { color: 'PINK_400' },
		});

		expect(error).toBeUndefined();
		expect(allRequests(helena).map((r) => [r.method, r.path, r.body])).toEqual([
			['GET', '/core/v1/tag', undefined],
			['GET', '/core/v1/tag/color', undefined],
			['PUT', `/core/v1/tag/${VIP}`, { name: 'VIP', color: 'PINK_400' }],
		]);
		expect(items[0].json).toMatchObject({ id: VIP, name: 'VIP', color: 'PINK_400' });
	});

	test('Update renames a tag picked from the list and keeps its colour; an update with no field is refused', async () => {
		const renamed = await helena.run({
			resource: 'tag',
			operation: 'update',
			tag: fromList(LEAD, 'Lead'),
			updateFields: { name: 'Lead frio' },
		});
		expect(allRequests(helena).map((r) => [r.method, r.path, r.body])).toEqual([['PUT', `/core/v1/tag/${LEAD}`, { name: 'Lead frio' }]]);
		expect(renamed.items[0].json).toMatchObject({ name: 'Lead frio', color: 'BLUE_300' });

		const empty = await helena.run({ resource: 'tag', operation: 'update', tag: byId(LEAD), updateFields: {} });
		expect(empty.error?.message).toBe('Update Fields is empty: add at least one field to change (item 0)');
	});

	test('a tag given by a name the account does not have is refused, naming it', async () => {
		const { error } = await helena.run({ resource: 'tag', operation: 'delete', tag: byName('Inexistente') });
		expect(error?.message).toBe('Tag names no tag of this account: there is no tag called "Inexistente" (item 0)');
		expect(allRequests(helena).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /core/v1/tag']);
	});

	test('Delete of a tag still on contacts is refused by Helena unless Remove From Contacts is on; the error says which option', async () => {
		const refused = await helena.run({ resource: 'tag', operation: 'delete', tag: byId(VIP) });
		expect(refused.error?.message).toBe('The tag is still on contacts, so Helena did not delete it');
		expect(refused.error?.description).toContain('Turn on Options → Remove From Contacts');
		expect(helena.sandbox.lists.tags().map((t: { id: string }) => t.id)).toContain(VIP);

		const deleted = await helena.run({ resource: 'tag', operation: 'delete', tag: byId(VIP), options: { removeFromContacts: true } });
		expect(deleted.items.map((item) => item.json)).toEqual([{ deleted: true, id: VIP }]);
		expect(allRequests(helena).map((r) => [r.method, r.path, r.body])).toEqual([
			['DELETE', `/core/v1/tag/${VIP}`, { removeFromContacts: false }],
			['DELETE', `/core/v1/tag/${VIP}`, { removeFromContacts: true }],
		]);
		expect(helena.sandbox.lists.tags().map((t: { id: string }) => t.id)).not.toContain(VIP);
		const maria = helena.sandbox.snapshot().contacts.find((c: { id: string }) => c.id === demo.contactId(1));
		expect(maria?.tagNames).toEqual(['Cliente']);
	});

	test('Delete is safe to repeat: when the answer was lost and the repeat finds the tag gone, the item is done', async () => {
		const unused = helena.sandbox.snapshot().tags.length;
		const created = await helena.run({ resource: 'tag', operation: 'create', name: 'Temporária' });
		const id = created.items[0].json.id as string;
		helena.sandbox.clearRequests();
		// the first attempt is applied, then the connection drops without an answer
		helena.sandbox.misbehaviour.next({ loseAnswer: true, method: 'DELETE', path: `/core/v1/tag/${id}` });
		const run = helena.run({ resource: 'tag', operation: 'delete', tag: byId(id) });
		const { items, error } = await run;
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual({ deleted: true, id });
		expect(helena.sandbox.snapshot().tags).toHaveLength(unused);
		expect(allRequests(helena).map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /core/v1/tag/${id}`, `DELETE /core/v1/tag/${id}`]);
	});

	test('Delete of a tag that does not exist says which tag', async () => {
		const { error } = await helena.run({ resource: 'tag', operation: 'delete', tag: byId(MISSING) });
		expect(error?.message).toBe(`The tag with ID "${MISSING}" was not found in Helena`);
	});

	test('the tag picker lists tags by name; the colour list is Helena’s palette with its hex', async () => {
		const found = await runListSearch('searchTags', { credentials: helena.credentials, filter: 'vi' });
		expect(found.results).toEqual([{ name: 'VIP', value: VIP }]);
		const colors = await runLoadOptions('getTagColors', { credentials: helena.credentials });
		expect(colors).toHaveLength(54);
		expect(colors[0]).toEqual({ name: 'Brown 100', value: 'BROWN_100', description: '#EFEBE9' });
	});
});
