import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { invalidInput } from './input';

/**
 * Helena's updates apply only the fields named in `fields`. Given a table from a key of `values`
 * (a parameter or body property) to the API's field name, the list names exactly the fields whose
 * key is set, in the order of `order` (by default the table's).
 */
export function deriveUpdateFields<F extends string>(
	values: IDataObject,
	fieldOfKey: Record<string, F>,
	order: readonly F[] = [...new Set(Object.values(fieldOfKey))],
): F[] {
	const present = new Set(
		Object.keys(fieldOfKey)
			.filter((key) => values[key] !== undefined)
			.map((key) => fieldOfKey[key]),
	);
	return order.filter((field) => present.has(field));
}

/** An update that names no field would change nothing: refuse it instead of sending it. */
export function requireFieldsToUpdate(context: IExecuteFunctions, fields: string[], itemIndex: number): void {
	if (fields.length === 0) {
		throw invalidInput(context, 'Update Fields', 'is empty: add at least one field to change', itemIndex);
	}
}

/** The `fields` of an update from the values set, refused when it names none. */
export function readUpdateFields<F extends string>(
	context: IExecuteFunctions,
	values: IDataObject,
	fieldOfKey: Record<string, F>,
	itemIndex: number,
	order?: readonly F[],
): F[] {
	const fields = deriveUpdateFields(values, fieldOfKey, order);
	requireFieldsToUpdate(context, fields, itemIndex);
	return fields;
}
