import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { invalidInput, readDate, readList, readText } from './input';
import { shown } from './redact';

/* A custom field value (contact or card) in the form its definition's type takes. */

const NUMBER = /^\s*-?\d+(\.\d+)?\s*$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?$/;

/** An option of a SINGLESELECT or MULTISELECT field given by name (any letter case) or ID, as Helena names it. */
function optionName(context: IExecuteFunctions, definition: IDataObject, given: string, label: string, itemIndex: number): string {
	const options = (definition.options as Array<{ id?: string; name?: string }> | null) ?? [];
	if (options.length === 0) return given;
	const wanted = given.trim().toLowerCase();
	const option = options.find((candidate) => candidate.name?.toLowerCase() === wanted || candidate.id?.toLowerCase() === wanted);
	if (!option?.name) {
		throw invalidInput(
			context,
			label,
			`has no option ${shown(given)}`,
			itemIndex,
			`Its options: ${options.map((candidate) => candidate.name).join(', ')}`,
		);
	}
	return option.name;
}

/**
 * A value in the form its field takes, because Helena answers 200 and silently drops a value that
 * does not fit: text from the UI is converted when that is unambiguous ("12" for a number, "true"
 * for a yes/no field, any ISO date for a DATE), anything else is refused. Null or empty clears the field.
 */
export function toFieldType(context: IExecuteFunctions, definition: IDataObject, value: unknown, itemIndex: number): IDataObject[string] {
	if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
	const label = `Custom Fields: "${String(definition.name ?? definition.key)}"`;
	switch (definition.type) {
		case 'INTEGER':
		case 'FLOAT': {
			const whole = definition.type === 'INTEGER';
			const number = typeof value === 'number' ? value : typeof value === 'string' && NUMBER.test(value) ? Number(value) : NaN;
			if (!Number.isFinite(number) || (whole && !Number.isInteger(number))) {
				throw invalidInput(context, label, `needs ${whole ? 'a whole number' : 'a number'}, not ${shown(value)}`, itemIndex);
			}
			return number;
		}
		case 'BOOLEAN':
			if (typeof value === 'boolean') return value;
			if (typeof value === 'string' && /^\s*(true|false)\s*$/i.test(value)) return value.trim().toLowerCase() === 'true';
			throw invalidInput(context, label, `needs true or false, not ${shown(value)}`, itemIndex);
		case 'DATE':
			return readDate(context, value, label, itemIndex, { day: true }) as string;
		case 'DATETIME':
			return readDate(context, value, label, itemIndex) as string;
		case 'TIME': {
			const text = (readText(context, value, label, itemIndex) ?? '').trim();
			if (!TIME.test(text)) throw invalidInput(context, label, `needs a time such as 14:30 or 14:30:00, not ${shown(value)}`, itemIndex);
			return text;
		}
		case 'SINGLESELECT':
			return optionName(context, definition, readText(context, value, label, itemIndex) ?? '', label, itemIndex);
		case 'MULTISELECT':
			return [
				...new Set(readList(context, value, label, itemIndex).map((entry) => optionName(context, definition, entry, label, itemIndex))),
			];
		default:
			return readText(context, value, label, itemIndex);
	}
}
