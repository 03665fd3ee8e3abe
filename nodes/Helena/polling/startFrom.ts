import type { IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { readDate } from '../helpers';

/**
 * The Start From option: 'now' when empty, else an ISO 8601 date, checked as every date field of the node is
 * (`01/02/2024` or `March 7` could be read two ways, and are refused). A date without a zone (what the date
 * picker gives) is read as UTC, as Helena reads its bounds.
 */
export function readStartFrom(context: IPollFunctions, raw: unknown): string {
	if (raw === undefined || raw === null || raw === '') return 'now';
	let checked: string;
	try {
		checked = readDate(context, raw, 'Start From', 0) as string;
	} catch {
		// a trigger has no item to name
		const text = typeof (raw as { toISO?: unknown }).toISO === 'function' ? String((raw as { toISO: () => string }).toISO()) : String(raw);
		throw new NodeOperationError(
			context.getNode(),
			`"Start From" is not a date: "${text}" (give an ISO 8601 date such as 2024-03-07 or 2024-03-07T14:30:00Z)`,
		);
	}
	const instant = Date.parse(/T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(checked) ? `${checked}Z` : checked);
	return new Date(instant).toISOString();
}
