import type { INodeProperties } from 'n8n-workflow';

import { departmentPicker, userLocator } from '../chat/locators';

/* Filters of conversations that Get Many and the Helena Conversation Trigger offer alike. */

export const sessionStatusFilter: INodeProperties = {
	displayName: 'Status',
	name: 'status',
	type: 'multiOptions',
	options: [
		{ name: 'Completed', value: 'COMPLETED' },
		{ name: 'Hidden', value: 'HIDDEN' },
		{ name: 'In Progress', value: 'IN_PROGRESS' },
		{ name: 'Pending', value: 'PENDING' },
		{ name: 'Started', value: 'STARTED' },
	],
	default: [],
	description: 'Only conversations in one of these states',
};

export const sessionDepartmentFilter: INodeProperties = {
	...departmentPicker('department'),
	description: 'Only conversations of this department (team)',
};

export const sessionUserFilter: INodeProperties = {
	...userLocator('user'),
	description: 'Only conversations assigned to this user (agent)',
};
