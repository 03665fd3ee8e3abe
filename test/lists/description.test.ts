import type { INodeProperties } from 'n8n-workflow';

import { Helena } from '../../nodes/Helena/Helena.node';

const properties = new Helena().description.properties;
const operationsOf = (resource: string) =>
	(
		properties.find(
			(property) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes(resource),
		) as INodeProperties
	).options?.map((option) => (option as { value: string }).value);

describe('Tag, Sequence and Portfolio interface (stored in users’ workflows)', () => {
	test('the operation values', () => {
		expect(operationsOf('tag')).toEqual(['create', 'delete', 'getAll', 'update']);
		expect(operationsOf('sequence')).toEqual(['addContact', 'addContacts', 'getContacts', 'getAll', 'removeContact', 'removeContacts']);
		expect(operationsOf('portfolio')).toEqual(['addContact', 'addContacts', 'getContacts', 'getAll', 'removeContact', 'removeContacts']);
	});

	test('the contact of a single add or remove is the Contact resource’s locator: list, ID or phone', () => {
		const locators = properties.filter(
			(property) =>
				property.name === 'contact' && ['sequence', 'portfolio'].some((r) => property.displayOptions?.show?.resource?.includes(r)),
		);
		expect(locators).toHaveLength(4);
		for (const locator of locators) expect(locator.modes?.map((mode) => mode.name)).toEqual(['list', 'id', 'phone']);
	});

	test('one tag picker, with list, ID and name, on Update, Delete and the conversation filter', () => {
		const tagPickers = properties.filter((property) => property.name === 'tag' && property.type === 'resourceLocator');
		expect(tagPickers.map((picker) => picker.displayOptions?.show?.operation)).toEqual([['delete'], ['update']]);
		const sessionFilters = properties.find(
			(property) => property.name === 'filters' && property.displayOptions?.show?.resource?.includes('session'),
		)?.options as INodeProperties[];
		const filterPicker = sessionFilters.find((option) => option.name === 'tag');
		for (const picker of [...tagPickers, filterPicker]) expect(picker?.modes?.map((mode) => mode.name)).toEqual(['list', 'id', 'name']);
	});

	test('Delete Tag’s Remove From Contacts is off unless turned on', () => {
		const options = properties.find((property) => property.name === 'options' && property.displayOptions?.show?.resource?.includes('tag'))
			?.options as INodeProperties[];
		expect(options.find((option) => option.name === 'removeFromContacts')?.default).toBe(false);
	});
});
