import type { INodeProperties } from 'n8n-workflow';

import * as addContact from './addContact.operation';
import * as addContacts from './addContacts.operation';
import * as getAll from './getAll.operation';
import * as getContacts from './getContacts.operation';
import * as removeContact from './removeContact.operation';
import * as removeContacts from './removeContacts.operation';
import type { HelenaResource } from '../types';

export const sequence: HelenaResource = { addContact, addContacts, getAll, getContacts, removeContact, removeContacts };

export const sequenceDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['sequence'] } },
		default: 'addContact',
		options: [
			{
				name: 'Add Contact',
				value: 'addContact',
				action: 'Add a contact to a sequence',
				description: 'Start a follow-up sequence for one contact, given by ID or phone number',
			},
			{
				name: 'Add Contacts (Batch)',
				value: 'addContacts',
				action: 'Add contacts to a sequence in batches',
				description: 'Add the contacts of every input item, 100 per request; unknown phone numbers become new contacts',
			},
			{
				name: 'Get Contacts',
				value: 'getContacts',
				action: 'Get the contacts of a sequence',
				description: 'List the contacts going through a sequence; one item per contact',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many sequences',
				description: 'List sequences with how many contacts are in progress; one item per sequence',
			},
			{
				name: 'Remove Contact',
				value: 'removeContact',
				action: 'Remove a contact from a sequence',
				description: 'Stop a sequence for one contact, given by ID or phone number',
			},
			{
				name: 'Remove Contacts (Batch)',
				value: 'removeContacts',
				action: 'Remove contacts from a sequence in batches',
				description: 'Take the contacts of every input item out of a sequence, 100 per request',
			},
		],
	},
	...addContact.description,
	...addContacts.description,
	...getAll.description,
	...getContacts.description,
	...removeContact.description,
	...removeContacts.description,
];
