import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/* Readers of parameter and item values: each checks one kind of value before any request is sent. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The UUID rule for the `id` mode of resource locators; surrounding spaces are trimmed, as `requireUuid` does. */
export const UUID_PATTERN = '^\\s*[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\\s*$';

/** A NodeOperationError that names the field and the item, raised before any request is sent. */
export function invalidInput(
	context: IExecuteFunctions,
	field: string,
	problem: string,
	itemIndex: number,
	description?: string,
): NodeOperationError {
	return new NodeOperationError(context.getNode(), `${field} ${problem} (item ${itemIndex})`, {
		itemIndex,
		description,
	});
}

/** A UUID, trimmed: an ID pasted with surrounding spaces is the same ID. */
export function requireUuid(context: IExecuteFunctions, value: unknown, field: string, itemIndex: number): string {
	const text = typeof value === 'string' ? value.trim() : '';
	if (!UUID.test(text)) {
		throw invalidInput(
			context,
			field,
			`must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, not "${String(value ?? '')}"`,
			itemIndex,
		);
	}
	return text;
}

/** A value the API accepts only from a fixed set. */
export function requireOneOf<T extends string>(
	context: IExecuteFunctions,
	value: unknown,
	allowed: readonly T[],
	field: string,
	itemIndex: number,
): T {
	const text = String(value);
	if (!(allowed as readonly string[]).includes(text)) {
		throw invalidInput(context, field, `must be one of ${allowed.join(', ')}, not "${text}"`, itemIndex);
	}
	return text as T;
}

export function requireLength(
	context: IExecuteFunctions,
	value: string,
	field: string,
	{ min, max }: { min: number; max: number },
	itemIndex: number,
): string {
	if (value.length < min || value.length > max) {
		throw invalidInput(context, field, `must be ${min} to ${max} characters long; it has ${value.length}`, itemIndex);
	}
	return value;
}

export function requireHttpUrl(context: IExecuteFunctions, value: string, field: string, itemIndex: number): string {
	let protocol = '';
	try {
		protocol = new URL(value).protocol;
	} catch {
		protocol = '';
	}
	if (protocol !== 'http:' && protocol !== 'https:') {
		throw invalidInput(context, field, `must be an http:// or https:// URL, not "${value}"`, itemIndex);
	}
	return value;
}

/** Text from a parameter or item value; numbers (a phone from a sheet) become text. */
export function readText(context: IExecuteFunctions, value: unknown, label: string, itemIndex: number): string | null {
	if (value === null || value === undefined) return null;
	if (typeof value === 'string') return value;
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	throw invalidInput(context, label, `must be text, not ${JSON.stringify(value)}`, itemIndex);
}

/**
 * The entries of a list given as an array (from an expression) or as comma-separated text, trimmed,
 * empty ones left out. Anything else is read as text; `readList` refuses it instead.
 */
export function listEntries(value: unknown): string[] {
	const entries: unknown[] = Array.isArray(value) ? value : String(value ?? '').split(',');
	return entries.map((entry) => String(entry ?? '').trim()).filter(Boolean);
}

/** A list given as comma-separated text or as an array (from an expression); `uuids` checks every entry. */
export function readList(context: IExecuteFunctions, value: unknown, label: string, itemIndex: number, { uuids = false } = {}): string[] {
	if (value === null || value === undefined) return [];
	if (!Array.isArray(value) && typeof value !== 'string') {
		throw invalidInput(context, label, `must be a list or comma-separated text, not ${JSON.stringify(value)}`, itemIndex);
	}
	const list = listEntries(value);
	return uuids ? list.map((id) => requireUuid(context, id, label, itemIndex)) : list;
}

/** A JSON object given as text or as an object (from an expression). */
export function readJsonObject(context: IExecuteFunctions, value: unknown, label: string, itemIndex: number): IDataObject {
	let parsed = value;
	if (typeof value === 'string') {
		if (!value.trim()) return {};
		try {
			parsed = JSON.parse(value);
		} catch (error) {
			throw invalidInput(context, label, `is not valid JSON (${(error as Error).message})`, itemIndex);
		}
	}
	if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
		throw invalidInput(context, label, 'must be a JSON object such as {"key": "value"}', itemIndex);
	}
	return parsed as IDataObject;
}
