import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { filtersCollection, optionsCollection, optionValues, readOption, runPerItem } from '../../helpers';
import { readDateFilters } from '../shared/dateFilters';
import { fetchAllPages } from '../../transport';
import { resolveChannel } from '../chat/catalog';
import { channelLocator, departmentPicker, locatorValue, optionalLocatorUuid, userLocator } from '../chat/locators';
import { limitField, readPaging, returnAllField } from '../shared/paging';
import { readPhone } from '../send/sendFields';
import { includeDetailsField, readIncludeDetails, typeField } from './fields';

const statusFilter: INodeProperties = {
	displayName: 'Status',
	name: 'status',
	type: 'options',
	options: [
		{ name: 'Canceled', value: 'CANCELED' },
		{ name: 'Delivered', value: 'DELIVERED' },
		{ name: 'Failed', value: 'FAILED' },
		{ name: 'Processed', value: 'PROCESSED' },
		{ name: 'Read', value: 'READ' },
		{ name: 'Scheduled', value: 'SCHEDULED' },
		{ name: 'Sent', value: 'SENT' },
	],
	default: 'SCHEDULED',
	description: 'Only scheduled messages in this state',
};
const STATUSES = optionValues(statusFilter);

const DATE_FILTERS: Array<[string, string, string, string]> = [
	['scheduledAfter', 'Scheduled After', 'ScheduledAt.After', 'to be sent after'],
	['scheduledBefore', 'Scheduled Before', 'ScheduledAt.Before', 'to be sent before'],
	['createdAfter', 'Created After', 'CreatedAt.After', 'created after'],
	['createdBefore', 'Created Before', 'CreatedAt.Before', 'created before'],
];

const properties: INodeProperties[] = [
	returnAllField,
	limitField,
	filtersCollection([
		channelLocator({ description: 'Only messages sent from this channel' }),
		...DATE_FILTERS.map(([name, displayName, , words]): INodeProperties => ({
			displayName,
			name,
			type: 'dateTime',
			default: '',
			description: `Only messages ${words} this moment (UTC unless it carries an offset)`,
		})),
		{ ...departmentPicker('department'), description: 'Only messages of this department (team)' },
		{
			displayName: 'Phone Number',
			name: 'phoneNumber',
			type: 'string',
			default: '',
			placeholder: 'e.g. +5511999999999',
			description: 'Only messages to this number',
		},
		statusFilter,
		{ ...typeField, displayName: 'Type', description: 'Only template or only chatbot messages' },
		{ ...userLocator('user'), description: 'Only messages scheduled by this user' },
	]),
	optionsCollection([includeDetailsField]),
];

export const description = updateDisplayOptions({ show: { resource: ['scheduledMessage'], operation: ['getAll'] } }, properties);

async function readFilters(context: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const filters = context.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const qs: IDataObject = {};
	if (filters.status !== undefined && filters.status !== '') qs.Status = readOption(context, filters.status, STATUSES, 'Status', itemIndex);
	if (filters.type !== undefined && filters.type !== '')
		qs.Type = readOption(context, filters.type, ['TEMPLATE', 'CHATBOT'], 'Type', itemIndex);
	const channel = locatorValue(filters.channel);
	if (channel) qs.From = (await resolveChannel(context, channel, itemIndex)).id;
	if (filters.phoneNumber !== undefined && String(filters.phoneNumber).trim() !== '') {
		qs.To = readPhone(context, filters.phoneNumber, itemIndex);
	}
	const userId = optionalLocatorUuid(context, filters.user, 'User', itemIndex);
	if (userId) qs.User = userId;
	const departmentId = optionalLocatorUuid(context, filters.department, 'Department', itemIndex);
	if (departmentId) qs.Department = departmentId;
	readDateFilters(context, filters, qs, itemIndex, DATE_FILTERS);
	return qs;
}

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const paging = readPaging(this, itemIndex);
		const qs = await readFilters(this, itemIndex);
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const details = readIncludeDetails(this, options.includeDetails, itemIndex);
		if (details.length) qs.IncludeDetails = details;
		return await fetchAllPages.call(
			this,
			(PageNumber, PageSize) => ({
				service: 'chat',
				method: 'GET',
				path: '/v1/scheduled-message',
				qs: { ...qs, PageNumber, PageSize },
				itemIndex,
				answer: 'page',
			}),
			paging,
		);
	});
}
