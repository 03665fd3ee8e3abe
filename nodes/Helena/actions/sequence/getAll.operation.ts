import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readText, runPerItem } from '../../helpers';
import { fetchAllPages, sequencePage } from '../../transport';
import { contactIdFilter, readContactIdFilter } from '../shared/contactLocator';
import { getManyFields, readGetMany } from '../shared/getMany';

const figuresField: INodeProperties = {
	displayName: 'Include Figures',
	name: 'includeDetails',
	type: 'multiOptions',
	options: [
		{ name: 'Contacts in Progress', value: 'ContactExecutingCount', description: 'How many contacts are going through the sequence now' },
		{ name: 'Execution Statistics', value: 'ExecutionStats', description: "Helena's figures of the sequence's runs" },
	],
	default: ['ContactExecutingCount', 'ExecutionStats'],
	description: 'Figures to return with each sequence; without Contacts in Progress its contactExecutingCount is 0',
};

const properties = getManyFields({
	things: 'sequences',
	detailsField: figuresField,
	filtersBefore: [contactIdFilter('Only sequences this contact is in', true)],
	filtersAfter: [
		{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'Only sequences whose name contains this text' },
	],
});

export const description = updateDisplayOptions({ show: { resource: ['sequence'], operation: ['getAll'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const { paging, qs } = readGetMany(this, itemIndex, figuresField, (filters) => {
			const own: IDataObject = {};
			const name = (readText(this, filters.name, 'Name', itemIndex) ?? '').trim();
			if (name) own.Name = name;
			const contactId = readContactIdFilter(this, filters, itemIndex);
			if (contactId) own.ContactId = contactId;
			return own;
		});
		return await fetchAllPages.call(this, (pageNumber, pageSize) => sequencePage(qs, pageNumber, pageSize, itemIndex), paging);
	});
}
