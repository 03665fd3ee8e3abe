import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as del from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getChannels from './getChannels.operation';
import * as update from './update.operation';
import * as updateAgents from './updateAgents.operation';
import type { HelenaResource } from '../types';

export const department: HelenaResource = {
	getAll,
	get,
	create,
	update,
	delete: del,
	updateAgents,
	getChannels,
};

export const departmentDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['department'] } },
		default: 'getAll',
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a department',
				description: 'Create a department (team) with its channels, agents and distribution settings; returns it',
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a department',
				description: 'Delete a department (team); returns deleted: true and its ID',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a department',
				description: 'Get a department (team) by ID, with its agents and channels if asked',
			},
			{
				name: 'Get Channels',
				value: 'getChannels',
				action: 'Get the channels of a department',
				description: 'Get the channel scope and channel IDs of a department',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many departments',
				description: 'List every department (team) of the account; one item per department',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a department',
				description: 'Change only the chosen settings of a department (team); returns it',
			},
			{
				name: 'Update Agents',
				value: 'updateAgents',
				action: 'Update the agents of a department',
				description: 'Add, update, remove or replace the users of a department; returns the change applied',
			},
		],
	},
	...create.description,
	...del.description,
	...get.description,
	...getAll.description,
	...getChannels.description,
	...update.description,
	...updateAgents.description,
];
