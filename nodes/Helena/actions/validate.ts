import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

export function requireUuid(
	context: IExecuteFunctions,
	value: unknown,
	field: string,
	itemIndex: number,
): string {
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

export function requireLength(
	context: IExecuteFunctions,
	value: string,
	field: string,
	{ min, max }: { min: number; max: number },
	itemIndex: number,
): string {
	if (value.length < min || value.length > max) {
		throw invalidInput(
			context,
			field,
			`must be ${min} to ${max} characters long; it has ${value.length}`,
			itemIndex,
		);
	}
	return value;
}

export function requireHttpUrl(
	context: IExecuteFunctions,
	value: string,
	field: string,
	itemIndex: number,
): string {
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

/** The UUID pattern as a string, for the `id` mode validation of resource locators. */
export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
