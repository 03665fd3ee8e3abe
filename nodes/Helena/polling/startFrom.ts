import type { IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * The Start From option: 'now' when empty, else the ISO date. A date without a zone (what the date
 * picker gives) is read as UTC, as Helena reads its bounds.
 */
export function readStartFrom(context: IPollFunctions, raw: unknown): string {
	if (raw === undefined || raw === null || raw === '') return 'now';
	const text = typeof (raw as { toISO?: unknown }).toISO === 'function' ? String((raw as { toISO: () => string }).toISO()) : String(raw);
	const zoned = /T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text) ? `${text}Z` : text;
	const instant = Date.parse(zoned);
	if (Number.isNaN(instant)) {
		throw new NodeOperationError(context.getNode(), `"Start From" is not a date: "${text}"`);
	}
	return new Date(instant).toISOString();
}
