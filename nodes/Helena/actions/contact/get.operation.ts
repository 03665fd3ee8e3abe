import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { READ_CONCURRENCY, runPerItem } from '../../helpers';
import { helenaRequest } from '../../transport';
import { contactLocator, contactRecords, contactV1Path, readContactTarget } from '../shared/contactLocator';
import { includeDetailsField, readIncludeDetails, simplifyContact, simplifyField } from './listing';
import { readSimple } from '../shared/paging';

const properties: INodeProperties[] = [
	contactLocator,
	simplifyField,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [includeDetailsField],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['contact'], operation: ['get'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(
		this,
		async (itemIndex) => {
			const target = readContactTarget(this, itemIndex);
			const simple = readSimple(this, itemIndex);
			const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
			const includeDetails = readIncludeDetails(this, options, simple, itemIndex);
			const contact = (await helenaRequest.call(this, {
				method: 'GET',
				path: contactV1Path(target),
				qs: includeDetails ? { IncludeDetails: includeDetails } : undefined,
				itemIndex,
				records: contactRecords(target),
			})) as IDataObject;
			return simple ? simplifyContact(contact) : contact;
		},
		{ concurrency: READ_CONCURRENCY },
	);
}
