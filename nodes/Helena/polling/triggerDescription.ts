import type { INodeProperties, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { filtersCollection, optionsCollection } from '../helpers';
import { startFromField } from './pollParameters';

/** What a polling trigger's node shows that differs from the others; the frame adds the rest. */
export interface TriggerDescription {
	/** Its name in the node panel, on the canvas and in n8n's log, e.g. "Helena Card Trigger". */
	displayName: string;
	name: string;
	description: string;
	/** The "Trigger On" choice: its options (alphabetical), what is chosen by default, and the event of a new record. */
	events: { options: INodePropertyOptions[]; defaults: string[]; created: string };
	/** Fields shown before "Trigger On" (the card's Panel). */
	leading?: INodeProperties[];
	/** Fields shown after "Trigger On" (Simplify). */
	fields?: INodeProperties[];
	filters: INodeProperties[];
	/** Options before Start From, which every polling trigger has last. */
	options: INodeProperties[];
}

/** The "Trigger On" choice of events, read by readEvents. */
function triggerOnField({ options, defaults }: TriggerDescription['events']): INodeProperties {
	return {
		displayName: 'Trigger On',
		name: 'events',
		type: 'multiOptions',
		required: true,
		options,
		default: [...defaults],
	};
}

/**
 * A polling trigger's node description: that it polls, its credential, and its fields in the same order on
 * every polling trigger: Trigger On, its own fields, Filters, Options ending with Start From. The icon and
 * the subtitle (the events chosen) stay written in each node, where n8n's package scanner looks for them.
 */
export function pollingTriggerDescription(trigger: TriggerDescription): INodeTypeDescription {
	return {
		displayName: trigger.displayName,
		name: trigger.name,
		group: ['trigger'],
		version: 1,
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'helenaApi', required: true }],
		description: trigger.description,
		defaults: { name: trigger.displayName },
		properties: [
			...(trigger.leading ?? []),
			triggerOnField(trigger.events),
			...(trigger.fields ?? []),
			filtersCollection(trigger.filters),
			optionsCollection([...trigger.options, startFromField]),
		],
	};
}
