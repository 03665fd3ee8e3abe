import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as deleteTag from './delete.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';
import type { HelenaResource } from '../types';

export const tag: HelenaResource = { create, delete: deleteTag, getAll, update };

export const tagDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['tag'] } },
		default: 'getAll',
		options: [
			{ name: 'Create', value: 'create', action: 'Create a tag', description: 'Create a contact tag with a name and a colour' },
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a tag',
				description: 'Delete a tag; one that contacts still have only when told to take it off them',
			},
			{ name: 'Get Many', value: 'getAll', action: 'Get many tags', description: 'List the contact tags of the account; one item per tag' },
			{ name: 'Update', value: 'update', action: 'Update a tag', description: 'Rename a tag or change its colour' },
		],
	},
	...create.description,
	...deleteTag.description,
	...getAll.description,
	...update.description,
];
