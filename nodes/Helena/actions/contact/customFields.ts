import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { helenaRequest } from '../../transport';
import { invalidInput } from '../validate';

const definitionsByRun = new WeakMap<object, Promise<Map<string, IDataObject>>>();

/** Contact custom field definitions by key, read once per execution (GROUPs hold no value). */
async function definitionsByKey(context: IExecuteFunctions): Promise<Map<string, IDataObject>> {
	let definitions = definitionsByRun.get(context);
	if (!definitions) {
		definitions = helenaRequest
			.call(context, { method: 'GET', path: '/v1/contact/custom-field', qs: { NestedList: false } })
			.then(
				(list) =>
					new Map(
						((list as IDataObject[]) ?? [])
							.filter((definition) => definition.type !== 'GROUP' && typeof definition.key === 'string')
							.map((definition) => [definition.key as string, definition]),
					),
			);
		definitionsByRun.set(context, definitions);
		// a failed read is not cached, so the next item asks again
		definitions.catch(() => definitionsByRun.delete(context));
	}
	return await definitions;
}

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
			return text
				.split(',')
				.map((choice) => choice.trim())
				.filter(Boolean);
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
