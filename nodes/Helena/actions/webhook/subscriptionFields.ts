import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { RecordRef } from '../../transport';
import { readBoolean, readLocatorId, readName, readText, requireHttpUrl, requireLength, uuidLocator } from '../../helpers';

/** Which subscription an operation works on: picked from the list or given by ID. */
export const subscriptionLocator: INodeProperties = uuidLocator({
	displayName: 'Subscription',
	name: 'subscription',
	description: 'The webhook subscription to use',
	record: 'subscription',
	searchListMethod: 'searchSubscriptions',
});

export function readSubscriptionId(context: IExecuteFunctions, itemIndex: number): string {
	return readLocatorId(context, subscriptionLocator, itemIndex);
}

/** The subscription a request is about, for its "not found" message. */
export function subscriptionRecords(id: string): RecordRef[] {
	return [{ kind: 'subscription', value: id, message: `The webhook subscription with ID "${id}" was not found in Helena` }];
}

/**
 * "Update Fields" parameters and the `fields` value each one stands for, in the order of the
 * `fields` enum of "Update a webhook subscription" (PUT /v1/webhook/subscription/{id}) in Helena's API reference.
 */
export const SUBSCRIPTION_UPDATE_FIELDS: Record<string, string> = {
	name: 'Name',
	url: 'Url',
	events: 'Events',
	enabled: 'Enabled',
};

export const nameField: INodeProperties = {
	displayName: 'Name',
	name: 'name',
	type: 'string',
	default: '',
	placeholder: 'New conversations to n8n',
	description: 'A name to recognise the subscription by (1 to 100 characters)',
};

export const urlField: INodeProperties = {
	displayName: 'URL',
	name: 'url',
	type: 'string',
	default: '',
	placeholder: 'https://n8n.example.com/webhook/helena',
	description: 'Address that receives a POST for each event (1 to 500 characters)',
};

export const enabledField: INodeProperties = {
	displayName: 'Enabled',
	name: 'enabled',
	type: 'boolean',
	default: true,
	description: 'Whether Helena delivers events; a disabled subscription is kept but paused',
};

/** A subscription name: text, trimmed like a department name, 1 to 100 characters. */
export function readSubscriptionName(context: IExecuteFunctions, value: unknown, itemIndex: number): string {
	return readName(context, value, 'Name', itemIndex, 100);
}

export function readSubscriptionUrl(context: IExecuteFunctions, value: unknown, itemIndex: number): string {
	const url = (readText(context, value, 'URL', itemIndex) ?? '').trim();
	requireLength(context, url, 'URL', { min: 1, max: 500 }, itemIndex);
	return requireHttpUrl(context, url, 'URL', itemIndex);
}

/** The subscription properties that were set, checked; the events are checked by the caller. */
export function readSubscriptionSettings(context: IExecuteFunctions, values: IDataObject, itemIndex: number): IDataObject {
	const body: IDataObject = {};
	if (values.name !== undefined) body.name = readSubscriptionName(context, values.name, itemIndex);
	if (values.url !== undefined) body.url = readSubscriptionUrl(context, values.url, itemIndex);
	if (values.enabled !== undefined) body.enabled = readBoolean(context, values.enabled, 'Enabled', itemIndex, true);
	return body;
}
