import type { INodeProperties } from 'n8n-workflow';

import * as addContact from './addContact.operation';
import * as addContacts from './addContacts.operation';
import * as getAll from './getAll.operation';
import * as getContacts from './getContacts.operation';
import * as removeContact from './removeContact.operation';
import * as removeContacts from './removeContacts.operation';
import type { HelenaResource } from '../types';

export const portfolio: HelenaResource = { addContact, addContacts, getAll, getContacts, removeContact, removeContacts };

export const portfolioDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['portfolio'] } },
		default: 'addContact',
		options: [
			{
				name: 'Add Contact',
				value: 'addContact',
				action: 'Add a contact to a portfolio',
				description: 'Put one contact, given by ID or phone number, in a portfolio',
			},
			{
				name: 'Add Contacts (Batch)',
				value: 'addContacts',
				action: 'Add contacts to a portfolio in batches',
				description: 'Add the contacts of every input item to a portfolio, 100 per request',
			},
			{
				name: 'Get Contacts',
				value: 'getContacts',
				action: 'Get the contacts of a portfolio',
				description: 'List the contacts of a portfolio, all of them if asked; one item per contact',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many portfolios',
				description: 'List portfolios with their contact counts and departments; one item per portfolio',
			},
			{
				name: 'Remove Contact',
				value: 'removeContact',
				action: 'Remove a contact from a portfolio',
				description: 'Take one contact, given by ID or phone number, out of a portfolio',
			},
			{
				name: 'Remove Contacts (Batch)',
				value: 'removeContacts',
				action: 'Remove contacts from a portfolio in batches',
				description: 'Take the contacts of every input item out of a portfolio, 100 per request',
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
