import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { invalidInput } from './validate';

/**
 * Helena applies only the fields named in `fields`. The node names exactly the ones the user added
 * to "Update Fields", in the order of `apiNames` (parameter name → the API's field name).
 */
export function deriveUpdateFields(
	updateFields: IDataObject,
	apiNames: Record<string, string>,
): string[] {
	return Object.entries(apiNames)
		.filter(([parameter]) => updateFields[parameter] !== undefined)
		.map(([, apiName]) => apiName);
}

/** An update that names no field would change nothing: refuse it instead of sending it. */
export function requireFieldsToUpdate(context: IExecuteFunctions, fields: string[], itemIndex: number): void {
	if (fields.length === 0) {
		throw invalidInput(context, 'Update Fields', 'is empty: add at least one field to change', itemIndex);
	}
}
