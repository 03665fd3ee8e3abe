import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { invalidInput } from '../../helpers';

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

/** `{ key: value }` of a metadata list; an empty key or a key given twice is an input error. */
export function readMetadata(
	context: IExecuteFunctions,
	raw: unknown,
	label: string,
	itemIndex: number,
): Record<string, string> | undefined {
	const entries = ((raw as IDataObject | undefined)?.entry as IDataObject[] | undefined) ?? [];
	if (entries.length === 0) return undefined;
	const result: Record<string, string> = {};
	for (const entry of entries) {
		const key = String(entry.key ?? '').trim();
		if (!key) throw invalidInput(context, label, 'has a value without a key', itemIndex);
		if (key in result) throw invalidInput(context, label, `has the key "${key}" twice`, itemIndex);
		result[key] = String(entry.value ?? '');
	}
	return result;
}
