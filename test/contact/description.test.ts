import type { INodeProperties } from 'n8n-workflow';

import { Helena } from '../../nodes/Helena/Helena.node';

const properties = new Helena().description.properties;
const contactOperation = properties.find(
	(property) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes('contact'),
) as INodeProperties;

describe('Contact resource interface (stored in users’ workflows)', () => {
	test('the eight operation values and labels', () => {
		const options = (contactOperation.options as Array<{ name: string; value: string }>).map(({ name, value }) => [value, name]);
		expect(Object.fromEntries(options)).toEqual({
			getAll: 'Get Many',
			search: 'Search',
			create: 'Create',
			get: 'Get',
			update: 'Update',
			updateTags: 'Add, Remove or Replace Tags',
			upsertMany: 'Create or Update Many (Batch)',
			getCustomFields: 'Get Custom Field Definitions',
		});
	});

	test('the contact locator has the modes list, id and phone on Get, Update and the tags operation', () => {
		// the Contact resource's own; Sequence and Portfolio reuse the same locator (test/lists/description.test.ts)
		const locators = properties.filter(
			(property) => property.name === 'contact' && property.displayOptions?.show?.resource?.includes('contact'),
		);
		expect(locators.map((locator) => locator.displayOptions?.show?.operation)).toEqual([['get'], ['update'], ['updateTags']]);
		for (const locator of locators) {
			expect(locator.type).toBe('resourceLocator');
			expect(locator.modes?.map((mode) => mode.name)).toEqual(['list', 'id', 'phone']);
		}
	});

	test('tag operations: plain labels, the spec spellings on the wire', () => {
		const action = properties.find(
			(property) => property.name === 'tagsOperation' && property.displayOptions?.show?.operation?.includes('updateTags'),
		);
		expect(action?.options).toEqual([
			expect.objectContaining({ name: 'Add', value: 'InsertIfNotExists' }),
			expect.objectContaining({ name: 'Remove', value: 'ExcluiIfExists' }),
			expect.objectContaining({ name: 'Replace All', value: 'ReplaceAll' }),
		]);
		const createOptions = properties.find(
			(property) => property.name === 'options' && property.displayOptions?.show?.operation?.includes('create'),
		);
		const upsertTagOperation = (createOptions?.options as INodeProperties[]).find((option) => option.name === 'upsertTagOperation');
		expect(upsertTagOperation?.options).toEqual([
			expect.objectContaining({ name: 'Add', value: 'INSERTIFNOTEXISTS' }),
			expect.objectContaining({ name: 'Remove', value: 'DELETEIFEXISTS' }),
			expect.objectContaining({ name: 'Replace All', value: 'REPLACEALL' }),
		]);
	});
});
