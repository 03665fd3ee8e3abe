import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { invalidInput, perExecution, toFieldType } from '../../helpers';
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

/** Each key of `fields` with its definition; a key that is not a custom field Helena lists is refused, with the keys it lists. */
async function definitionsOf(context: IExecuteFunctions, fields: IDataObject, itemIndex: number, label: string) {
	const keys = Object.keys(fields);
	if (keys.length === 0) return [];
	const definitions = await definitionsByKey(context);
	return keys.map((key) => {
		const definition = definitions.get(key);
		if (!definition) {
			throw invalidInput(
				context,
				label,
				`has "${key}", which is not the key of a contact custom field in Helena`,
				itemIndex,
				`Keys Helena lists: ${[...definitions.keys()].join(', ') || '(none)'}`,
			);
		}
		return [key, definition] as const;
	});
}

/**
 * The `customFields` object of a write: every key must be a custom field Helena lists, and each
 * value must fit (or be converted to) the field's type.
 */
export async function typedCustomFields(
	context: IExecuteFunctions,
	fields: IDataObject,
	itemIndex: number,
	label = 'Custom Fields',
): Promise<IDataObject> {
	const typed: IDataObject = {};
	for (const [key, definition] of await definitionsOf(context, fields, itemIndex, label)) {
		typed[key] = toFieldType(context, definition, fields[key], itemIndex);
	}
	return typed;
}

/** The `customFields` of a search: every key must be a custom field Helena lists; the values are text to look for, as given. */
export async function knownCustomFields(
	context: IExecuteFunctions,
	fields: IDataObject,
	itemIndex: number,
	label: string,
): Promise<IDataObject> {
	await definitionsOf(context, fields, itemIndex, label);
	return fields;
}
