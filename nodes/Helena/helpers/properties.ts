import type { INodeProperties } from 'n8n-workflow';

/** The values of an options or multiOptions property, e.g. to check a value an expression gave against them. */
export function optionValues(property: INodeProperties): string[] {
	return (property.options ?? []).map((option) => String((option as { value: string }).value));
}

/** An "Options" collection: settings the user adds one by one to change how an operation behaves. */
export function optionsCollection(options: INodeProperties[]): INodeProperties {
	return { displayName: 'Options', name: 'options', type: 'collection', placeholder: 'Add Option', default: {}, options };
}

/** The "Update Fields" collection of an update: only the fields the user adds are changed. */
export function updateFieldsCollection(
	options: INodeProperties[],
	description = 'The fields to change; Helena leaves every other field as it is',
): INodeProperties {
	return {
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description,
		options,
	};
}

/** A "Filters" collection of a listing: only the filters the user adds are applied. */
export function filtersCollection(options: INodeProperties[], description?: string): INodeProperties {
	return {
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		...(description ? { description } : {}),
		options,
	};
}
