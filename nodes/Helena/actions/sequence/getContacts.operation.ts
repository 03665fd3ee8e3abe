import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { filtersCollection, readBoolean, readText, runPerItem } from '../../helpers';
import { apiPath, fetchAllPages } from '../../transport';
import { limitField, readPaging, returnAllField } from '../shared/paging';
import { contactIdFilter, readContactIdFilter } from '../shared/contactLocator';
import { dateFilterFields, readDateFilters } from '../shared/dateFilters';
import { requireExistingList, simplifyMember, simplifyMembersField } from '../shared/listMembers';
import { sequenceContacts, sequenceLocator, sequenceRecord } from './sequenceFields';

const properties: INodeProperties[] = [
	sequenceLocator,
	returnAllField,
	limitField,
	simplifyMembersField,
	filtersCollection([
		contactIdFilter('Only this contact (to check whether it is in the sequence)', true),
		...dateFilterFields('contacts added or changed'),
		{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'Only contacts whose name contains this text' },
		{
			displayName: 'Phone Number',
			name: 'phoneNumber',
			type: 'string',
			default: '',
			placeholder: 'e.g. +55|11999999999',
			description: 'Only the contact with this phone number',
		},
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['sequence'], operation: ['getContacts'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const sequenceId = sequenceContacts.readListId(this, itemIndex);
		const paging = readPaging(this, itemIndex);
		const simple = readBoolean(this, this.getNodeParameter('simple', itemIndex, true), 'Simplify', itemIndex, true);
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const qs: IDataObject = { IncludeDetails: ['ContactDetails'] };
		for (const [name, label, key] of [
			['name', 'Name', 'Name'],
			['phoneNumber', 'Phone Number', 'PhoneNumber'],
		]) {
			const text = (readText(this, filters[name], label, itemIndex) ?? '').trim();
			if (text) qs[key] = text;
		}
		const contactId = readContactIdFilter(this, filters, itemIndex);
		if (contactId) qs.ContactId = contactId;
		readDateFilters(this, filters, qs, itemIndex);
		const members = await fetchAllPages.call(
			this,
			(PageNumber, PageSize) => ({
				service: 'chat',
				method: 'GET',
				path: apiPath`/v2/sequence/${sequenceId}/contact`,
				qs: { ...qs, PageNumber, PageSize },
				itemIndex,
				records: [sequenceRecord(sequenceId)],
			}),
			paging,
		);
		if (members.length === 0) {
			await requireExistingList(this, sequenceContacts, sequenceId, itemIndex);
		}
		return simple ? members.map((member) => simplifyMember(member, sequenceContacts)) : members;
	});
}
