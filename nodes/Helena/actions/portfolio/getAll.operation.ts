import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { runPerItem } from '../../helpers';
import { fetchAllPages, portfolioPage } from '../../transport';
import { getManyFields, readGetMany } from '../shared/getMany';

const includeDetailsField: INodeProperties = {
	displayName: 'Include Details',
	name: 'includeDetails',
	type: 'multiOptions',
	options: [
		{ name: 'Contact Count', value: 'ContactCount', description: 'How many contacts each portfolio holds' },
		{ name: 'Departments', value: 'Departments', description: 'The departments and users each portfolio belongs to' },
	],
	default: ['ContactCount', 'Departments'],
	description: 'Related data to return with each portfolio; without Contact Count its contactsCount is 0',
};

const properties = getManyFields({ things: 'portfolios', detailsField: includeDetailsField });

export const description = updateDisplayOptions({ show: { resource: ['portfolio'], operation: ['getAll'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const { paging, qs } = readGetMany(this, itemIndex, includeDetailsField);
		return await fetchAllPages.call(this, (pageNumber, pageSize) => portfolioPage(qs, pageNumber, pageSize, itemIndex), paging);
	});
}
