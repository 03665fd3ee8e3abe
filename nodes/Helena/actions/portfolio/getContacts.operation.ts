import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { filtersCollection, readBoolean, readList, runPerItem } from '../../helpers';
import { apiPath, fetchAllPages } from '../../transport';
import { limitField, readPaging, returnAllField } from '../shared/paging';
import { dateFilterFields, readDateFilters } from '../shared/dateFilters';
import { requireExistingList, simplifyMember, simplifyMembersField } from '../shared/listMembers';
import { portfolioContacts, portfolioLocator, portfolioRecord } from './portfolioFields';

const properties: INodeProperties[] = [
	portfolioLocator,
	returnAllField,
	limitField,
	simplifyMembersField,
	filtersCollection([
		{
			displayName: 'Contact IDs',
			name: 'contactIds',
			type: 'string',
			default: '',
			placeholder: 'e.g. 3fa85f64-5717-4562-b3fc-2c963f66afa6',
			description: 'Only these contacts (IDs separated by commas): to check which of them are in the portfolio',
		},
		...dateFilterFields('contacts added or changed'),
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['portfolio'], operation: ['getContacts'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const portfolioId = portfolioContacts.readListId(this, itemIndex);
		const paging = readPaging(this, itemIndex);
		const simple = readBoolean(this, this.getNodeParameter('simple', itemIndex, true), 'Simplify', itemIndex, true);
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const qs: IDataObject = {};
		const contactIds = readList(this, filters.contactIds, 'Contact IDs', itemIndex, { uuids: true, unique: true });
		if (contactIds.length) qs.ContactIds = contactIds;
		readDateFilters(this, filters, qs, itemIndex);
		// this listing pages by `Page` and a paging `Type`. The reference takes a NextPageToken, but its answer
		// names no token to send back (its paging fields are pageNumber, totalPages, hasMorePages): pages by number
		const members = await fetchAllPages.call(
			this,
			(Page, PageSize) => ({
				method: 'GET',
				path: apiPath`/v1/portfolio/${portfolioId}/contact`,
				qs: { ...qs, Type: 'PageNumber', Page, PageSize },
				itemIndex,
				records: [portfolioRecord(portfolioId)],
			}),
			paging,
		);
		if (members.length === 0) {
			await requireExistingList(this, portfolioContacts, portfolioId, itemIndex);
		}
		return simple ? members.map((member) => simplifyMember(member, portfolioContacts)) : members;
	});
}
