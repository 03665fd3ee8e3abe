import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { helenaRequest } from '../../transport';
import { runPerItem } from '../runPerItem';
import { requireHttpUrl, requireLength } from '../validate';
import { eventsField, requireListedEvents } from './events';

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'New conversations to n8n',
		description: 'A name to recognise the subscription by (1 to 100 characters)',
	},
	{
		displayName: 'URL',
		name: 'url',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'https://n8n.example.com/webhook/helena',
		description: 'Address that receives a POST for each event (1 to 500 characters)',
	},
	{ ...eventsField, required: true, default: ['SESSION_NEW'] },
	{
		displayName: 'Enabled',
		name: 'enabled',
		type: 'boolean',
		default: true,
		description: 'Whether Helena delivers events right away; a disabled subscription is kept but paused',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['webhook'], operation: ['create'] } },
	properties,
);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const name = requireLength(this, String(this.getNodeParameter('name', itemIndex)), 'Name', { min: 1, max: 100 }, itemIndex);
		const url = String(this.getNodeParameter('url', itemIndex)).trim();
		requireLength(this, url, 'URL', { min: 1, max: 500 }, itemIndex);
		requireHttpUrl(this, url, 'URL', itemIndex);
		const events = await requireListedEvents(this, this.getNodeParameter('events', itemIndex), itemIndex);
		const enabled = this.getNodeParameter('enabled', itemIndex) as boolean;
		return (await helenaRequest.call(this, {
			method: 'POST',
			path: '/v1/webhook/subscription',
			body: { name, url, enabled, events },
			itemIndex,
		})) as IDataObject;
	});
}
