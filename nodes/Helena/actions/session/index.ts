import type { INodeProperties } from 'n8n-workflow';

import * as addNote from './addNote.operation';
import * as assign from './assign.operation';
import * as collectBurst from './collectBurst.operation';
import * as complete from './complete.operation';
import * as deleteNote from './deleteNote.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getMessages from './getMessages.operation';
import * as getNote from './getNote.operation';
import * as getNotes from './getNotes.operation';
import * as sendMessage from './sendMessage.operation';
import * as setStatus from './setStatus.operation';
import * as transfer from './transfer.operation';
import * as update from './update.operation';
import type { HelenaResource } from '../types';

export const session: HelenaResource = {
	getAll,
	get,
	getMessages,
	sendMessage,
	assign,
	setStatus,
	transfer,
	complete,
	collectBurst,
	update,
	addNote,
	getNotes,
	getNote,
	deleteNote,
};

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
				name: 'Assign',
				value: 'assign',
				action: 'Assign a conversation to a user',
				description: 'Give a conversation to a user (agent), who then attends the contact; returns the conversation',
			},
			{
				name: 'Collect Burst',
				value: 'collectBurst',
				action: 'Wait until the contact stops writing then continue once with the burst',
				description:
					'After Helena Trigger (Message Received): wait until the contact has been quiet for a while, then go on in one execution only, with every message of the burst (for an AI agent that answers once)',
			},
			{
				name: 'Complete',
				value: 'complete',
				action: 'Complete a conversation',
				description: 'Close a conversation (mark it completed), e.g. when the contact says goodbye; returns it',
			},
			{
				name: 'Delete Note',
				value: 'deleteNote',
				action: 'Delete a note of a conversation',
				description: 'Delete an internal note by its ID; a note that is gone already is reported, not an error',
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
				name: 'Get Messages',
				value: 'getMessages',
				action: 'Get the messages of a conversation',
				description:
					'Read the history of a conversation: who wrote what and when (received from the contact or sent), with files; one item per message',
			},
			{
				name: 'Get Note',
				value: 'getNote',
				action: 'Get a note of a conversation',
				description: 'Get an internal note by its ID',
			},
			{
				name: 'Get Notes',
				value: 'getNotes',
				action: 'Get the notes of a conversation',
				description: 'List the internal notes of a conversation; one item per note',
			},
			{
				name: 'Send Message',
				value: 'sendMessage',
				action: 'Send a message in a conversation',
				description:
					'Write to the contact inside an existing conversation: a text, a template with its parameters, or a file; returns the send receipt',
			},
			{
				name: 'Set Status',
				value: 'setStatus',
				action: 'Set the status of a conversation',
				description: 'Mark a conversation as pending, in progress, hidden, started or completed; returns it',
			},
			{
				name: 'Transfer',
				value: 'transfer',
				action: 'Transfer a conversation',
				description: 'Move a conversation to another department (team) and/or user (agent), e.g. when the contact asks for a person',
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
	...assign.description,
	...collectBurst.description,
	...complete.description,
	...deleteNote.description,
	...get.description,
	...getAll.description,
	...getMessages.description,
	...getNote.description,
	...getNotes.description,
	...sendMessage.description,
	...setStatus.description,
	...transfer.description,
	...update.description,
];
