import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as del from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getEvents from './getEvents.operation';
import * as update from './update.operation';
import type { HelenaResource } from '../types';

export const webhook: HelenaResource = { getEvents, getAll, get, create, update, delete: del };

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
				description: 'Subscribe a URL to Helena events; returns the subscription',
			},
			{
				name: 'Delete Subscription',
				value: 'delete',
				action: 'Delete a webhook subscription',
				description: 'Stop the deliveries of a subscription and remove it; returns deleted: true and its ID',
			},
			{
				name: 'Get Events',
				value: 'getEvents',
				action: 'Get available webhook events',
				description: 'List the event names a subscription can receive, with their descriptions',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many webhook subscriptions',
				description: 'List every webhook subscription, enabled or paused; one item per subscription',
			},
			{
				name: 'Get Subscription',
				value: 'get',
				action: 'Get a webhook subscription',
				description: 'Get a webhook subscription by ID',
			},
			{
				name: 'Update Subscription',
				value: 'update',
				action: 'Update a webhook subscription',
				description: 'Change the name, URL, events or enabled state of a subscription; returns it',
			},
		],
	},
	...create.description,
	...del.description,
	...get.description,
	...getAll.description,
	...getEvents.description,
	...update.description,
];
