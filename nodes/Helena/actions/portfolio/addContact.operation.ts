import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { contactLocator } from '../shared/contactLocator';
import { addOne } from '../shared/listMembers';
import { portfolioContacts, portfolioLocator } from './portfolioFields';

const properties: INodeProperties[] = [
	portfolioLocator,
	{ ...contactLocator, description: 'The contact to add, by ID or by phone number; it must exist in Helena' },
];

export const description = updateDisplayOptions({ show: { resource: ['portfolio'], operation: ['addContact'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await addOne.call(this, portfolioContacts);
}
