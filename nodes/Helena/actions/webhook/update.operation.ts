import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readUpdateFields, runPerItem, updateFieldsCollection } from '../../helpers';
import { updateSubscription } from '../../transport';
import { eventsField, requireListedEvents } from './events';
import {
	enabledField,
	nameField,
	subscriptionRecords,
	readSubscriptionId,
	readSubscriptionSettings,
	SUBSCRIPTION_UPDATE_FIELDS,
	subscriptionLocator,
	urlField,
} from './subscriptionFields';

const properties: INodeProperties[] = [
	subscriptionLocator,
	updateFieldsCollection([
		enabledField,
		{ ...eventsField, description: `${eventsField.description} Replaces the events of the subscription.` },
		nameField,
		urlField,
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['webhook'], operation: ['update'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const id = readSubscriptionId(this, itemIndex);
		const updateFields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
		const fields = readUpdateFields(this, updateFields, SUBSCRIPTION_UPDATE_FIELDS, itemIndex);
		const body: IDataObject = { fields, ...readSubscriptionSettings(this, updateFields, itemIndex) };
		// Checked last: it is the only check that needs a request (the event list).
		if (updateFields.events !== undefined) {
			body.events = await requireListedEvents(this, updateFields.events, itemIndex);
		}
		return await updateSubscription.call(this, id, body, { itemIndex, records: subscriptionRecords(id) });
	});
}
