import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as del from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as logOut from './logOut.operation';
import * as setDepartments from './setDepartments.operation';
import * as setStatus from './setStatus.operation';
import * as update from './update.operation';
import type { HelenaResource } from '../types';

export const user: HelenaResource = {
	getAll,
	get,
	create,
	update,
	delete: del,
	setStatus,
	logOut,
	setDepartments,
};

export const userDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['user'] } },
		default: 'getAll',
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a user',
				description: 'Add a user (agent) with a profile; returns the user',
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a user',
				description: 'Delete a user, completing, transferring or returning their open conversations; returns deleted: true and the ID',
			},
			{ name: 'Get', value: 'get', action: 'Get a user', description: 'Get a user (agent) with their departments' },
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many users',
				description: 'List every user (agent) of the account; one item per user',
			},
			{
				name: 'Log Out',
				value: 'logOut',
				action: 'Log out a user',
				description: "End the user's sessions in Helena's apps; returns loggedOut: true and the ID",
			},
			{
				name: 'Set Departments',
				value: 'setDepartments',
				action: 'Set the departments of a user',
				description: 'Add the user to departments, remove them, or replace them all; returns the change applied',
			},
			{
				name: 'Set Status',
				value: 'setStatus',
				action: 'Set the status of a user',
				description: 'Activate or block a user; returns the user',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a user',
				description: 'Change only the chosen fields of a user (name, short name, e-mail, phone, profile, availability); returns the user',
			},
		],
	},
	...create.description,
	...del.description,
	...get.description,
	...getAll.description,
	...logOut.description,
	...setDepartments.description,
	...setStatus.description,
	...update.description,
];
