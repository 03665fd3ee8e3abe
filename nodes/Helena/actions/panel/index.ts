import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getCustomFields from './getCustomFields.operation';
import * as getLostReasons from './getLostReasons.operation';
import type { HelenaResource } from '../types';

export const panel: HelenaResource = { getAll, get, getCustomFields, getLostReasons };

export const panelDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['panel'] } },
		default: 'getAll',
		options: [
			{
				name: 'Get',
				value: 'get',
				action: 'Get a panel',
				description: 'Get a CRM panel (board) by ID with its steps (columns)',
			},
			{
				name: 'Get Custom Fields',
				value: 'getCustomFields',
				action: 'Get the custom fields of a panel',
				description: "List the custom fields of a panel's cards, flat or in their groups",
			},
			{
				name: 'Get Lost Reasons',
				value: 'getLostReasons',
				action: 'Get the lost reasons of a panel',
				description: 'List the reasons a deal of a sales panel can be marked lost with',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many panels',
				description: 'List CRM panels by title, type or dates; one item per panel',
			},
		],
	},
	...get.description,
	...getAll.description,
	...getCustomFields.description,
	...getLostReasons.description,
];
