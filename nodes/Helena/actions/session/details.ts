import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { optionValues, readChoices } from '../../helpers';

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

const DETAILS = optionValues(sessionDetailsField);

/** The related records to request, each one Helena knows. */
export function readDetails(context: IExecuteFunctions, value: unknown, itemIndex: number): string[] {
	return readChoices(context, value, DETAILS, 'Include Details', itemIndex);
}
