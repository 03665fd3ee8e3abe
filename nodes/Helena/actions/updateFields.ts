import type { IDataObject } from 'n8n-workflow';

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
