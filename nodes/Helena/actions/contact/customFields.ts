import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { invalidInput, listEntries, perExecution } from '../../helpers';
import { listContactCustomFields } from '../../transport';

/** Contact custom field definitions by key, read once per execution (GROUPs hold no value). */
const definitionsByKey = perExecution(async (context: IExecuteFunctions) => {
	const list = await listContactCustomFields.call(context);
	return new Map(
		(list ?? [])
			.filter((definition) => definition.type !== 'GROUP' && typeof definition.key === 'string')
			.map((definition) => [definition.key as string, definition]),
	);
});

/**
 * Converts a value typed in the UI (always text) to the field's type, because Helena silently
 * drops a value of the wrong type. Values from expressions that already have a type pass as they are.
 */
function toFieldType(
	context: IExecuteFunctions,
	definition: IDataObject,
	value: IDataObject[string],
	itemIndex: number,
): IDataObject[string] {
	if (typeof value !== 'string') return value;
	const text = value.trim();
	if (text === '') return null;
	const label = `Custom Fields: "${String(definition.name ?? definition.key)}"`;
	switch (definition.type) {
		case 'INTEGER':
		case 'FLOAT': {
			const number = Number(text);
			const whole = definition.type === 'INTEGER';
			if (!Number.isFinite(number) || (whole && !Number.isInteger(number))) {
				throw invalidInput(context, label, `needs ${whole ? 'a whole number' : 'a number'}, not "${value}"`, itemIndex);
			}
			return number;
		}
		case 'BOOLEAN':
			if (/^(true|false)$/i.test(text)) return text.toLowerCase() === 'true';
			throw invalidInput(context, label, `needs true or false, not "${value}"`, itemIndex);
		case 'MULTISELECT':
			return listEntries(text);
		default:
			return value;
	}
}

/**
 * The `customFields` object of a write from the picked (key, value) pairs: every key must be a
 * custom field Helena lists, and each value gets the field's type.
 */
export async function typedCustomFields(
	context: IExecuteFunctions,
	entries: Array<{ key: string; value: IDataObject[string] }>,
	itemIndex: number,
): Promise<IDataObject> {
	if (entries.length === 0) return {};
	const definitions = await definitionsByKey(context);
	const fields: IDataObject = {};
	for (const { key, value } of entries) {
		const definition = definitions.get(key);
		if (!definition) {
			throw invalidInput(
				context,
				'Custom Fields',
				`has "${key}", which is not the key of a contact custom field in Helena`,
				itemIndex,
				`Keys Helena lists: ${[...definitions.keys()].join(', ') || '(none)'}`,
			);
		}
		fields[key] = toFieldType(context, definition, value, itemIndex);
	}
	return fields;
}
