import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { contactLocator } from '../shared/contactLocator';
import { removeOne } from '../shared/listMembers';
import { portfolioContacts, portfolioLocator } from './portfolioFields';

const properties: INodeProperties[] = [
	portfolioLocator,
	{ ...contactLocator, description: 'The contact to take out of the portfolio, by ID or by phone number' },
];

export const description = updateDisplayOptions({ show: { resource: ['portfolio'], operation: ['removeContact'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await removeOne.call(this, portfolioContacts);
}
