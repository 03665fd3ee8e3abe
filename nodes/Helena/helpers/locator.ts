import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireUuid, UUID_PATTERN } from './input';

interface UuidLocator {
	displayName: string;
	name: string;
	description: string;
	/** The record in lower case, for the placeholder and the error ("a department"). */
	record: string;
	searchListMethod: string;
	/** The list's placeholder, when "Select a <record>..." is not enough. */
	listPlaceholder?: string;
}

/**
 * A resource locator picked from a searchable list or given by ID. The ID rule allows spaces
 * around the UUID because `readLocatorId` trims them before checking, for every record alike.
 */
export function uuidLocator(locator: UuidLocator): INodeProperties {
	const { displayName, name, description, record, searchListMethod } = locator;
	return {
		displayName,
		name,
		type: 'resourceLocator',
		required: true,
		default: { mode: 'list', value: '' },
		description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: locator.listPlaceholder ?? `Select a ${record}...`,
				typeOptions: { searchListMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 3fa85f64-5717-4562-b3fc-2c963f66afa6',
				validation: [{ type: 'regex', properties: { regex: UUID_PATTERN, errorMessage: `Not a ${record} ID (a UUID)` } }],
			},
		],
	};
}

/** The ID of a `uuidLocator` parameter of one item, trimmed and checked before any request. */
export function readLocatorId(context: IExecuteFunctions, locator: INodeProperties, itemIndex: number): string {
	const value = context.getNodeParameter(locator.name, itemIndex, undefined, { extractValue: true });
	return requireUuid(context, value, locator.displayName, itemIndex);
}
