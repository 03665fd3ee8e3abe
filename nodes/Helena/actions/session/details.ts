import type { INodeProperties } from 'n8n-workflow';

/** Related records to return with each session. */
export const sessionDetailsField: INodeProperties = {
	displayName: 'Include Details',
	name: 'includeDetails',
	type: 'multiOptions',
	options: [
		{ name: 'Agent', value: 'AgentDetails' },
		{ name: 'Channel', value: 'ChannelDetails' },
		{ name: 'Channel Type', value: 'ChannelTypeDetails' },
		{ name: 'Classification', value: 'ClassificationDetails' },
		{ name: 'Contact', value: 'ContactDetails' },
		{ name: 'Department', value: 'DepartmentsDetails' },
	],
	default: ['ContactDetails', 'AgentDetails', 'DepartmentsDetails', 'ChannelDetails'],
	description: 'Related records to return with the conversation; without them those fields come back empty',
};

export function readDetails(value: unknown): string[] {
	if (Array.isArray(value)) return value.map(String);
	return typeof value === 'string' && value ? value.split(',').map((entry) => entry.trim()) : [];
}
