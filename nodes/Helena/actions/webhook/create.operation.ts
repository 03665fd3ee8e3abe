import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { runPerItem } from '../../helpers';
import { createSubscription } from '../../transport';
import { eventsField, requireListedEvents } from './events';
import { enabledField, nameField, readSubscriptionSettings, urlField } from './subscriptionFields';

const properties: INodeProperties[] = [
	{ ...nameField, required: true },
	{ ...urlField, required: true },
	{ ...eventsField, required: true, default: ['SESSION_NEW'] },
	{ ...enabledField, description: 'Whether Helena delivers events right away; a disabled subscription is kept but paused' },
];

export const description = updateDisplayOptions({ show: { resource: ['webhook'], operation: ['create'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const values = {
			name: this.getNodeParameter('name', itemIndex),
			url: this.getNodeParameter('url', itemIndex),
			enabled: this.getNodeParameter('enabled', itemIndex),
		} as IDataObject;
		const { name, url, enabled } = readSubscriptionSettings(this, values, itemIndex);
		const events = await requireListedEvents(this, this.getNodeParameter('events', itemIndex), itemIndex);
		return await createSubscription.call(this, { name, url, enabled, events }, { itemIndex });
	});
}
