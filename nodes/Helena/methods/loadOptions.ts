import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { helenaRequest } from '../transport';

/** Webhook events as Helena lists them, for the events multi-selects of both nodes. */
export async function getWebhookEvents(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const events = (await helenaRequest.call(this, {
		method: 'GET',
		path: '/v1/webhook/event',
	})) as IDataObject[];
	return events.map((event) => ({
		name: String(event.event),
		value: String(event.event),
		description: typeof event.description === 'string' ? event.description : undefined,
	}));
}

export { getContactCustomFields } from './contactCustomFields';
