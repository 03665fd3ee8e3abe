import type { INodeProperties } from 'n8n-workflow';

import * as addNote from './addNote.operation';
import * as create from './create.operation';
import * as deleteNote from './deleteNote.operation';
import * as duplicate from './duplicate.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getNotes from './getNotes.operation';
import * as update from './update.operation';
import type { HelenaResource } from '../types';

export const card: HelenaResource = { getAll, get, create, update, duplicate, getNotes, addNote, deleteNote };

export const cardDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['card'] } },
		default: 'getAll',
		options: [
			{ name: 'Add Note', value: 'addNote', action: 'Add a note to a card', description: 'Add a note (text and up to 3 files) to a card' },
			{ name: 'Create', value: 'create', action: 'Create a card', description: 'Create a card (deal or ticket) in a step of a panel' },
			{ name: 'Delete Note', value: 'deleteNote', action: 'Delete a note of a card', description: 'Delete a note from a card' },
			{
				name: 'Duplicate',
				value: 'duplicate',
				action: 'Duplicate a card',
				description: 'Copy a card into a step of its panel or another, optionally archiving the original',
			},
			{ name: 'Get', value: 'get', action: 'Get a card', description: 'Get a card by ID with its step, contacts and custom fields' },
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many cards',
				description: 'List the cards of a panel by step, contact, responsible user, status, text or dates',
			},
			{ name: 'Get Notes', value: 'getNotes', action: 'Get the notes of a card', description: 'List the notes of a card' },
			{
				name: 'Update',
				value: 'update',
				action: 'Update a card',
				description: 'Move a card to another step, mark it won, lost or archived, or change its fields',
			},
		],
	},
	...addNote.description,
	...create.description,
	...deleteNote.description,
	...duplicate.description,
	...get.description,
	...getAll.description,
	...getNotes.description,
	...update.description,
];
