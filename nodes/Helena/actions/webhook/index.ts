import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as getEvents from './getEvents.operation';
import type { HelenaResource } from '../types';

export const webhook: HelenaResource = { create, getEvents };

export const webhookDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['webhook'] } },
		default: 'getEvents',
		options: [
			{
				name: 'Create Subscription',
				value: 'create',
				action: 'Create a webhook subscription',
				description: 'Subscribe a URL to Helena events',
			},
			{
				name: 'Get Events',
				value: 'getEvents',
				action: 'Get webhook events',
				description: 'List the event names a subscription can receive',
			},
		],
	},
	...create.description,
	...getEvents.description,
];
