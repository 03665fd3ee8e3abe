import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { invalidInput, readKeyValues } from '../../helpers';

/** A key/value list (session or contact metadata) as n8n shows it. */
export function metadataField(name: string, displayName: string, description: string): INodeProperties {
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
				],
			},
		],
	};
}

/**
 * `{ key: value }` of a conversation or contact metadata list (text values: the chat service keeps them
 * as text), read by the one key/value reader; undefined when the list is empty.
 */
export function readMetadata(context: IExecuteFunctions, raw: unknown, label: string, itemIndex: number): IDataObject | undefined {
	const metadata = readKeyValues(context, raw, label, itemIndex) as IDataObject;
	return Object.keys(metadata).length ? metadata : undefined;
}

/**
 * The metadata of an update, when the field was added: Helena merges it into the record's own (keys not
 * listed keep their values; a key given an empty value is stored empty), so a list added with no key would
 * change nothing and is refused, naming the field.
 */
export function readMetadataChange(context: IExecuteFunctions, raw: unknown, label: string, itemIndex: number): IDataObject | undefined {
	if (raw === undefined) return undefined;
	const metadata = readMetadata(context, raw, label, itemIndex);
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
