import type { INodeProperties, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { readChoices, requireUuid } from '../helpers';

/* Parameters every polling trigger reads the same way. */

export const startFromField: INodeProperties = {
	displayName: 'Start From',
	name: 'startFrom',
	type: 'dateTime',
	default: '',
	description: 'On first activation, report the changes made since this moment (UTC) instead of starting from now',
};

/** The events chosen in "Trigger On" (at least one). */
export function readEvents(context: IPollFunctions, offered: readonly string[]): string[] {
	const events = readChoices(context, context.getNodeParameter('events', []), offered, 'Trigger On', 0);
	if (events.length === 0) throw new NodeOperationError(context.getNode(), 'Choose at least one event in "Trigger On"');
	return events;
}

/** An optional picker of a filter (From List or By ID): its UUID, or undefined when empty. */
export function readFilterId(context: IPollFunctions, value: unknown, label: string): string | undefined {
	const raw = value && typeof value === 'object' ? (value as { value?: unknown }).value : value;
	const text = raw === undefined || raw === null ? '' : String(raw).trim();
	return text ? requireUuid(context, text, label, 0) : undefined;
}

/**
 * The event an item comes out as: the first of those that describe the change (most precise first)
 * that the user chose; none when the user chose none of them.
 */
export function chosenEvent(describing: string[], chosen: string[]): string | undefined {
	return describing.find((event) => chosen.includes(event));
}
