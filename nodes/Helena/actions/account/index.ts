import type { INodeProperties } from 'n8n-workflow';

import * as getCustomFields from './getCustomFields.operation';
import * as getOfficeHours from './getOfficeHours.operation';
import type { HelenaResource } from '../types';

export const account: HelenaResource = { getCustomFields, getOfficeHours };

export const accountDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['account'] } },
		default: 'getOfficeHours',
		options: [
			{
				name: 'Get Custom Field Definitions',
				value: 'getCustomFields',
				action: 'Get the custom field definitions',
				description: 'List the custom fields of contacts or of CRM panels; one item per field (or per group)',
			},
			{
				name: 'Get Office Hours',
				value: 'getOfficeHours',
				action: 'Get the office hours',
				description: "Get the company's office hours: the days, their periods, the timezone and the away message",
			},
		],
	},
	...getCustomFields.description,
	...getOfficeHours.description,
];
