import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { Helena } from '../../nodes/Helena/Helena.node';
import { resources } from '../../nodes/Helena/actions/router';

const { properties } = new Helena().description;

const resourceValues = (properties.find((property) => property.name === 'resource')?.options ?? []) as INodePropertyOptions[];

/** The operation values the dropdown offers for one resource. */
function offered(resource: string): string[] {
	const dropdown = properties.find(
		(property: INodeProperties) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes(resource),
	);
	return ((dropdown?.options ?? []) as INodePropertyOptions[]).map((option) => String(option.value)).sort();
}

describe('every operation in a dropdown has a handler, and every handler is offered', () => {
	test('the Resource dropdown and the router know the same resources', () => {
		expect(resourceValues.map((option) => String(option.value)).sort()).toEqual(Object.keys(resources).sort());
	});

	test.each(Object.keys(resources))('%s: the Operation dropdown offers exactly the handled operations', (resource) => {
		expect(offered(resource)).toEqual(Object.keys(resources[resource]).sort());
	});
});

describe('the By ID mode of every locator', () => {
	const locators = properties.filter((property) => property.type === 'resourceLocator');
	const uuid = '3fa85f64-5717-4562-b3fc-2c963f66afa6';

	test.each(['contact', 'department', 'subscription'])('%s: accepts a UUID with spaces around it and refuses anything else', (name) => {
		const locator = locators.find((property) => property.name === name);
		const idMode = locator?.modes?.find((mode) => mode.name === 'id');
		const rule = idMode?.validation?.[0] as { properties: { regex: string } } | undefined;
		const regex = new RegExp(rule?.properties.regex ?? '^$');
		expect([uuid, `  ${uuid} `].map((value) => regex.test(value))).toEqual([true, true]);
		expect(['', `${uuid}x`, 'maria', `${uuid} ${uuid}`].map((value) => regex.test(value))).toEqual([false, false, false, false]);
	});
});
