import type { INodePropertyOptions, INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

/**
 * What every polling trigger's description says the same way: that it polls, and its credential. The icon and
 * subtitle stay written in each node, where n8n's package scanner looks for them.
 */
export const pollingTriggerFrame = {
	group: ['trigger'],
	version: 1,
	polling: true,
	inputs: [],
	outputs: [NodeConnectionTypes.Main],
	credentials: [{ name: 'helenaApi', required: true }],
} satisfies Partial<INodeTypeDescription>;

/** The "Trigger On" choice of events, read by readEvents. */
export function triggerOnField(options: INodePropertyOptions[], defaults: string[]): INodeProperties {
	return {
		displayName: 'Trigger On',
		name: 'events',
		type: 'multiOptions',
		required: true,
		options,
		default: [...defaults],
	};
}
