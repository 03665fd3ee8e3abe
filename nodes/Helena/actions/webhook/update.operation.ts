import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiPath, helenaRequest } from '../../transport';
import { runPerItem } from '../runPerItem';
import { deriveUpdateFields, requireFieldsToUpdate } from '../updateFields';
import { requireHttpUrl, requireLength } from '../validate';
import { eventsField, requireListedEvents } from './events';
import {
	notFoundMessage,
	readSubscriptionId,
	SUBSCRIPTION_UPDATE_FIELDS,
	subscriptionLocator,
} from './subscriptionFields';

const properties: INodeProperties[] = [
	subscriptionLocator,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'The fields to change; Helena leaves every other field as it is',
		options: [
			{
				displayName: 'Enabled',
				name: 'enabled',
				type: 'boolean',
				default: true,
				description: 'Whether Helena delivers events; a disabled subscription is kept but paused',
			},
			{ ...eventsField, description: `${eventsField.description} Replaces the events of the subscription.` },
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				default: '',
				description: 'A name to recognise the subscription by (1 to 100 characters)',
			},
			{
				displayName: 'URL',
				name: 'url',
				type: 'string',
				default: '',
				placeholder: 'https://n8n.example.com/webhook/helena',
				description: 'Address that receives a POST for each event (1 to 500 characters)',
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['webhook'], operation: ['update'] } },
	properties,
);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const id = readSubscriptionId(this, itemIndex);
		const updateFields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
		const fields = deriveUpdateFields(updateFields, SUBSCRIPTION_UPDATE_FIELDS);
		requireFieldsToUpdate(this, fields, itemIndex);
		const body: IDataObject = { fields };
		if (updateFields.name !== undefined) {
			body.name = requireLength(this, String(updateFields.name), 'Name', { min: 1, max: 100 }, itemIndex);
		}
		if (updateFields.url !== undefined) {
			const url = String(updateFields.url).trim();
			requireLength(this, url, 'URL', { min: 1, max: 500 }, itemIndex);
			body.url = requireHttpUrl(this, url, 'URL', itemIndex);
		}
		if (updateFields.enabled !== undefined) body.enabled = updateFields.enabled;
		// Checked last: it is the only check that needs a request (the event list).
		if (updateFields.events !== undefined) {
			body.events = await requireListedEvents(this, updateFields.events, itemIndex);
		}
		return (await helenaRequest.call(this, {
			method: 'PUT',
			path: apiPath`/v1/webhook/subscription/${id}`,
			body,
			itemIndex,
			notFoundMessage: notFoundMessage(id),
		})) as IDataObject;
	});
}
