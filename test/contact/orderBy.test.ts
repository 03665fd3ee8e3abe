import type { INodePropertyOptions } from 'n8n-workflow';

import { orderByField } from '../../nodes/Helena/actions/contact/listing';
import { useSandbox } from '../engine/sandbox';

/** Order By takes any contact field name: the known ones are listed, any other is sent as given. */
describe('Contact > Get Many and Search: Order By', () => {
	const helena = useSandbox();
	beforeEach(() => {
		helena.sandbox.reset('demo');
		helena.sandbox.clearRequests();
	});

	test('a listed field and a field given by name (an expression) are both sent as they are', async () => {
		const listed = await helena.run({ resource: 'contact', operation: 'getAll', limit: 3, options: { orderBy: 'instagram' } });
		const named = await helena.run({
			resource: 'contact',
			operation: 'search',
			limit: 3,
			options: { orderBy: "={{ 'name' + 'Whatsapp' }}", orderDirection: 'DESCENDING' },
		});

		expect(listed.error).toBeUndefined();
		expect(named.error).toBeUndefined();
		const [get, post] = helena.apiRequests();
		expect(get.query).toMatchObject({ OrderBy: 'instagram' });
		expect(post.body).toMatchObject({ orderBy: 'nameWhatsapp', orderDirection: 'DESCENDING' });
	});

	test('the known fields are offered in the list', () => {
		expect((orderByField.options as INodePropertyOptions[]).map((option) => option.value)).toEqual([
			'createdAt',
			'email',
			'instagram',
			'name',
			'phoneNumber',
			'status',
			'updatedAt',
		]);
	});
});
