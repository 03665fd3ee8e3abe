import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { batchContactFields, changeMany } from '../shared/listMembers';
import { portfolioContacts, portfolioLocator } from './portfolioFields';

export const description = updateDisplayOptions({ show: { resource: ['portfolio'], operation: ['addContacts'] } }, [
	portfolioLocator,
	...batchContactFields(portfolioContacts, {
		description:
			'Phone numbers (with country code), separated by commas or as a list. Helena adds the contacts that have these numbers and creates none.',
	}),
]);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await changeMany.call(this, portfolioContacts, true);
}
