import type { INodeProperties } from 'n8n-workflow';

import * as cancel from './cancel.operation';
import * as cancelMany from './cancelMany.operation';
import * as create from './create.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';
import type { HelenaResource } from '../types';

export const scheduledMessage: HelenaResource = { create, getAll, get, update, cancel, cancelMany };

export const scheduledMessageDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['scheduledMessage'] } },
		default: 'create',
		options: [
			{
				name: 'Cancel',
				value: 'cancel',
				action: 'Cancel a scheduled message',
				description: 'Cancel a message that is still scheduled; cancelling it again changes nothing; returns its ID',
			},
			{
				name: 'Cancel Many',
				value: 'cancelMany',
				action: 'Cancel many scheduled messages',
				description: 'Cancel the scheduled messages of every input item, 100 per request; returns each message as it now is',
			},
			{
				name: 'Create',
				value: 'create',
				action: 'Schedule a message',
				description:
					'Schedule a template (with its parameters) or a chatbot for a phone number at a date and time; returns the scheduled message',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a scheduled message',
				description: 'Get one scheduled message by ID, with its status and failure reason',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many scheduled messages',
				description: 'List scheduled messages by status, type, channel, recipient, user, department or date',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a scheduled message',
				description: "Change a scheduled message's time, recipient, template, parameters or chatbot before it is sent; returns it",
			},
		],
	},
	...cancel.description,
	...cancelMany.description,
	...create.description,
	...get.description,
	...getAll.description,
	...update.description,
];
