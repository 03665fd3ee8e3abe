import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getCustomFields from './getCustomFields.operation';
import * as search from './search.operation';
import * as update from './update.operation';
import * as updateTags from './updateTags.operation';
import * as upsertMany from './upsertMany.operation';
import type { HelenaResource } from '../types';

export const contact: HelenaResource = {
	create,
	get,
	getAll,
	getCustomFields,
	search,
	update,
	updateTags,
	upsertMany,
};

export const contactDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['contact'] } },
		default: 'get',
		options: [
			{
				name: 'Add, Remove or Replace Tags',
				value: 'updateTags',
				action: 'Change the tags of a contact',
				description: 'Add, remove or replace the tags of one contact; returns the contact',
			},
			{
				name: 'Create',
				value: 'create',
				action: 'Create a contact',
				description:
					'Create one contact, or optionally update or return the one with the same phone number, email or Instagram; returns the contact',
			},
			{
				name: 'Create or Update Many (Batch)',
				value: 'upsertMany',
				action: 'Create or update many contacts',
				description: 'Save every input item as a contact, 100 per request, updating those that exist; returns one contact per item',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a contact',
				description: 'Get one contact by ID or phone number; returns the contact',
			},
			{
				name: 'Get Custom Field Definitions',
				value: 'getCustomFields',
				action: 'Get contact custom field definitions',
				description: 'List the custom fields contacts can have, with their keys, types and choices',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many contacts',
				description: 'List contacts, optionally by status and created or updated date; one item per contact',
			},
			{
				name: 'Search',
				value: 'search',
				action: 'Search contacts',
				description: 'Find contacts by text, name, phone, email, tags, portfolios, custom field values and more; one item per contact',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a contact',
				description: 'Change only the chosen fields of one contact; returns the contact',
			},
		],
	},
	...create.description,
	...get.description,
	...getAll.description,
	...getCustomFields.description,
	...search.description,
	...update.description,
	...updateTags.description,
	...upsertMany.description,
];
