import type { IDataObject } from 'n8n-workflow';

import type { NodeContext } from './input';
import { invalidInput, readBoolean, readText } from './input';

export interface KeyValueShape {
	/** The name of the row group in the fixedCollection (`entry`, `field`, `parameter`). */
	group?: string;
	keyName?: string;
	valueName?: string;
	/** `text`: numbers become text, anything else but text is refused; `json`: any JSON value (where Helena stores JSON). */
	values?: 'text' | 'json';
	/** How the key is called in messages ("key", "parameter"). */
	keyWord?: string;
	/** The row's switch that removes the key (Helena is sent `null` for it, whatever the value), where the list has one. */
	removeName?: string;
}

/**
 * The one reader of key/value collections (metadata, custom fields, template parameters). Every key is a
 * plain key, whatever its text (`constructor`, `__proto__` and `toString` included: the result has no
 * prototype); an empty key or one given twice is refused naming it; an object or list where Helena takes
 * text is refused, never sent as "[object Object]".
 */
export function readKeyValues(
	context: NodeContext,
	collection: unknown,
	label: string,
	itemIndex: number,
	{ group = 'entry', keyName = 'key', valueName = 'value', values = 'text', keyWord = 'key', removeName }: KeyValueShape = {},
): Record<string, unknown> {
	const result = Object.create(null) as Record<string, unknown>;
	if (collection === undefined || collection === null || collection === '') return result;
	const rows = typeof collection === 'object' && !Array.isArray(collection) ? (collection as IDataObject)[group] : collection;
	if (rows === undefined || rows === null) return result;
	if (!Array.isArray(rows)) throw invalidInput(context, label, `must be a list of ${keyWord}/value rows`, itemIndex);
	const seen = new Set<string>();
	for (const row of rows as unknown[]) {
		if (!row || typeof row !== 'object' || Array.isArray(row)) {
			throw invalidInput(context, label, `must be a list of ${keyWord}/value rows`, itemIndex);
		}
		const entry = row as IDataObject;
		const key = (readText(context, entry[keyName], `${label} ${keyWord}`, itemIndex) ?? '').trim();
		if (!key) throw invalidInput(context, label, `has a value without a ${keyWord}`, itemIndex);
		if (seen.has(key)) {
			throw invalidInput(context, label, `has the ${keyWord} "${key}" twice; Helena would keep only one of the values`, itemIndex);
		}
		seen.add(key);
		if (removeName && readBoolean(context, entry[removeName], `${label}: "${key}" Remove This Key`, itemIndex)) {
			result[key] = null;
			continue;
		}
		const value = entry[valueName];
		result[key] = values === 'json' ? value : (readText(context, value, `${label}: "${key}"`, itemIndex) ?? '');
	}
	return result;
}
