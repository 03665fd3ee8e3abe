import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireUuid, UUID_PATTERN } from '../validate';

/** Which subscription an operation works on: picked from the list or given by ID. */
export const subscriptionLocator: INodeProperties = {
	displayName: 'Subscription',
	name: 'subscription',
	type: 'resourceLocator',
	required: true,
	default: { mode: 'list', value: '' },
	description: 'The webhook subscription to use',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Select a subscription...',
			typeOptions: { searchListMethod: 'searchSubscriptions', searchable: true },
		},
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. 3fa85f64-5717-4562-b3fc-2c963f66afa6',
			validation: [
				{
					type: 'regex',
					properties: { regex: UUID_PATTERN, errorMessage: 'Not a subscription ID (a UUID)' },
				},
			],
		},
	],
};

export function readSubscriptionId(context: IExecuteFunctions, itemIndex: number): string {
	const value = context.getNodeParameter('subscription', itemIndex, undefined, { extractValue: true });
	return requireUuid(context, value, 'Subscription', itemIndex);
}

export function notFoundMessage(id: string): string {
	return `The webhook subscription with ID "${id}" was not found in Helena`;
}

/** "Update Fields" parameters and the `fields` value each one stands for (api-facts §5). */
export const SUBSCRIPTION_UPDATE_FIELDS: Record<string, string> = {
	name: 'Name',
	url: 'Url',
	events: 'Events',
	enabled: 'Enabled',
};
