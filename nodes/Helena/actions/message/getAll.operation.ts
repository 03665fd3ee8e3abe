import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection, runPerItem } from '../../helpers';
import { readDateFilters } from '../shared/dateFilters';
import { fetchAllPages } from '../../transport';
import { readSessionId, sessionIdField, sessionRecord } from '../chat/locators';
import { SIMPLIFIED_MESSAGE_HINT, simplifyMessage } from '../chat/messageView';
import { readTimeOrder, timeOrderField } from '../shared/timeOrder';
import { limitField, readPaging, readSimple, returnAllField, simplifyFieldShowing } from '../shared/paging';

const DATE_FILTERS: Array<[string, string, string, string]> = [
	['createdAfter', 'Created After', 'CreatedAt.After', 'Only messages written after this moment (UTC)'],
	['createdBefore', 'Created Before', 'CreatedAt.Before', 'Only messages written before this moment (UTC)'],
	['updatedAfter', 'Updated After', 'UpdatedAt.After', 'Only messages changed (e.g. delivered or read) after this moment (UTC)'],
	['updatedBefore', 'Updated Before', 'UpdatedAt.Before', 'Only messages changed before this moment (UTC)'],
];

const properties: INodeProperties[] = [
	{
		...sessionIdField,
		description: `The conversation whose messages to list. ${String(sessionIdField.description).split('. ').slice(1).join('. ')}`,
	},
	returnAllField,
	limitField,
	simplifyFieldShowing(SIMPLIFIED_MESSAGE_HINT),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: DATE_FILTERS.map(([name, displayName, , description]) => ({ displayName, name, type: 'dateTime', default: '', description })),
	},
	optionsCollection([timeOrderField]),
];

export const description = updateDisplayOptions({ show: { resource: ['message'], operation: ['getAll'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const sessionId = readSessionId(this, itemIndex);
		const paging = readPaging(this, itemIndex);
		const simple = readSimple(this, itemIndex);
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const qs: IDataObject = { SessionId: sessionId };
		readDateFilters(this, filters, qs, itemIndex, DATE_FILTERS);
		Object.assign(qs, readTimeOrder(this, options, itemIndex));
		const messages = await fetchAllPages.call(
			this,
			(PageNumber, PageSize) => ({
				service: 'chat',
				method: 'GET',
				path: '/v1/message',
				qs: { ...qs, PageNumber, PageSize },
				itemIndex,
				records: [sessionRecord(sessionId)],
			}),
			paging,
		);
		return simple ? messages.map(simplifyMessage) : messages;
	});
}
