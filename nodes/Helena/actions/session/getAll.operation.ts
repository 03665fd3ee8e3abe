import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection, optionValues, readChoices, readOption, runPerItem } from '../../helpers';
import { fetchAllPages } from '../../transport';
import { resolveChannel } from '../chat/catalog';
import { channelLocator, locatorValue, optionalLocatorUuid } from '../chat/locators';
import { readTagLocator, tagLocator } from '../shared/tagLocator';
import { contactIdFilter, readContactIdFilter } from '../shared/contactLocator';
import { readDateFilters } from '../shared/dateFilters';
import type { DateFilter } from '../shared/dateFilters';
import { limitField, readPaging, returnAllField } from '../shared/paging';
import { readDetails, sessionDetailsField } from './details';
import { sessionDepartmentFilter, sessionStatusFilter, sessionUserFilter } from './filters';

const SESSION_STATUSES = optionValues(sessionStatusFilter);

const DATE_FILTERS: DateFilter[] = [
	['createdAfter', 'Started After', 'CreatedAt.After'],
	['createdBefore', 'Started Before', 'CreatedAt.Before'],
	['lastInteractionAfter', 'Last Interaction After', 'LastInteractionAt.After'],
	['lastInteractionBefore', 'Last Interaction Before', 'LastInteractionAt.Before'],
	['endedAfter', 'Completed After', 'EndAt.After'],
	['endedBefore', 'Completed Before', 'EndAt.Before'],
];

const properties: INodeProperties[] = [
	returnAllField,
	limitField,
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			channelLocator({ description: 'Only conversations of this channel' }),
			contactIdFilter('Only conversations of this contact (find it by phone with Contact → Get)'),
			...DATE_FILTERS.map(([name, displayName]): INodeProperties => ({
				displayName,
				name,
				type: 'dateTime',
				default: '',
				description: `Only conversations ${displayName.toLowerCase()} this moment (UTC)`,
			})),
			sessionDepartmentFilter,
			sessionStatusFilter,
			{ ...tagLocator('tag', { required: false }), description: 'Only conversations whose contact has this tag' },
			sessionUserFilter,
		],
	},
	optionsCollection([
		sessionDetailsField,
		{
			displayName: 'Order Direction',
			name: 'orderDirection',
			type: 'options',
			options: [
				{ name: 'Oldest First', value: 'ASCENDING' },
				{ name: 'Newest First', value: 'DESCENDING' },
			],
			default: 'DESCENDING',
		},
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['session'], operation: ['getAll'] } }, properties);

async function readFilters(context: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const filters = context.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const qs: IDataObject = {};
	const status = readChoices(context, filters.status, SESSION_STATUSES, 'Status', itemIndex);
	if (status.length) qs.Status = status;
	const departmentId = optionalLocatorUuid(context, filters.department, 'Department', itemIndex);
	if (departmentId) qs.DepartmentId = departmentId;
	const userId = optionalLocatorUuid(context, filters.user, 'User', itemIndex);
	if (userId) qs.UserId = userId;
	const tagId = await readTagLocator(context, filters.tag, 'Tag', itemIndex);
	if (tagId) qs.TagsId = [tagId];
	const channel = locatorValue(filters.channel);
	if (channel) qs.ChannelsId = [(await resolveChannel(context, channel, itemIndex)).id];
	const contactId = readContactIdFilter(context, filters, itemIndex);
	if (contactId) qs.ContactId = contactId;
	readDateFilters(context, filters, qs, itemIndex, DATE_FILTERS);
	return qs;
}

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const paging = readPaging(this, itemIndex);
		const qs = await readFilters(this, itemIndex);
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const details = readDetails(this, options.includeDetails ?? sessionDetailsField.default, itemIndex);
		if (details.length) qs.IncludeDetails = details;
		qs.OrderBy = 'createdAt';
		qs.OrderDirection = readOption(this, options.orderDirection ?? 'DESCENDING', ['ASCENDING', 'DESCENDING'], 'Order Direction', itemIndex);
		return await fetchAllPages.call(
			this,
			(PageNumber, PageSize) => ({
				service: 'chat',
				method: 'GET',
				path: '/v2/session',
				qs: { ...qs, PageNumber, PageSize },
				itemIndex,
			}),
			paging,
		);
	});
}
