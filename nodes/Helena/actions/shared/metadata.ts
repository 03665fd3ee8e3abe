import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { invalidInput, readKeyValues } from '../../helpers';

/**
 * The row switch that removes a key, offered where Helena's API reference says a key set to null is removed
 * (contact and card metadata); the value is then not sent.
 */
export const removeKeyField: INodeProperties = {
	displayName: 'Remove This Key',
	name: 'remove',
	type: 'boolean',
	default: false,
	description: 'Whether to remove this key from the record: Helena is sent null for it (which removes it) and Value is ignored',
};

/** The name of the row switch that removes a key (`removeKeyField`). */
export const REMOVE_KEY = 'remove';

/** A key/value list (session or contact metadata) as n8n shows it; `removable` adds the row switch that removes a key. */
export function metadataField(name: string, displayName: string, description: string, { removable = false } = {}): INodeProperties {
	return {
		displayName,
		name,
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Value',
		default: {},
		description,
		options: [
			{
				displayName: 'Value',
				name: 'entry',
				values: [
					{ displayName: 'Key', name: 'key', type: 'string', default: '' },
					{ displayName: 'Value', name: 'value', type: 'string', default: '' },
					...(removable ? [removeKeyField] : []),
				],
			},
		],
	};
}

/**
 * `{ key: value }` of a conversation or contact metadata list (text values: the chat service keeps them
 * as text), read by the one key/value reader; undefined when the list is empty.
 */
export function readMetadata(
	context: IExecuteFunctions,
	raw: unknown,
	label: string,
	itemIndex: number,
	{ removable = false } = {},
): IDataObject | undefined {
	const metadata = readKeyValues(context, raw, label, itemIndex, removable ? { removeName: REMOVE_KEY } : {}) as IDataObject;
	return Object.keys(metadata).length ? metadata : undefined;
}

/**
 * The metadata of an update, when the field was added: Helena merges it into the record's own (keys not
 * listed keep their values; a key given an empty value is stored empty; a key sent as null, Remove This Key,
 * is removed where the field offers it), so a list added with no key would change nothing and is refused,
 * naming the field.
 */
export function readMetadataChange(
	context: IExecuteFunctions,
	raw: unknown,
	label: string,
	itemIndex: number,
	{ removable = false } = {},
): IDataObject | undefined {
	if (raw === undefined) return undefined;
	const metadata = readMetadata(context, raw, label, itemIndex, { removable });
	if (!metadata) {
		throw invalidInput(
			context,
			label,
			'is added but has no key',
			itemIndex,
			'Helena merges metadata into the values the record has, so an empty list would change nothing: add a key and its value, or remove the field.',
		);
	}
	return metadata;
}
