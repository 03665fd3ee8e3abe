import type { INodeProperties } from 'n8n-workflow';

import * as addNote from './addNote.operation';
import * as complete from './complete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as transfer from './transfer.operation';
import * as update from './update.operation';
import type { HelenaResource } from '../router';

export const session: HelenaResource = { getAll, get, transfer, complete, update, addNote };

export const sessionDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['session'] } },
		default: 'getAll',
		options: [
			{
				name: 'Add Note',
				value: 'addNote',
				action: 'Add a note to a conversation',
				description: 'Add an internal note (never sent to the contact) to a conversation, e.g. an AI summary',
			},
			{
				name: 'Complete',
				value: 'complete',
				action: 'Complete a conversation',
				description: 'Close a conversation (mark it completed); returns it',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a conversation',
				description: 'Get a conversation by ID with its contact, agent, department and WhatsApp window status',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many conversations',
				description: 'List conversations by status, department, user, channel, tag, contact or dates; one item per conversation',
			},
			{
				name: 'Transfer',
				value: 'transfer',
				action: 'Transfer a conversation',
				description: 'Move a conversation to another department (team) and/or user (agent)',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a conversation',
				description: 'Record the outcome (won/lost and amount), metadata or protocol number of a conversation, or reassign it',
			},
		],
	},
	...addNote.description,
	...complete.description,
	...get.description,
	...getAll.description,
	...transfer.description,
	...update.description,
];
