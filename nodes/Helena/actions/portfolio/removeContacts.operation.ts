import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { batchContactFields, changeMany } from '../shared/listMembers';
import { portfolioContacts, portfolioLocator } from './portfolioFields';

export const description = updateDisplayOptions({ show: { resource: ['portfolio'], operation: ['removeContacts'] } }, [
	portfolioLocator,
	...batchContactFields(portfolioContacts, {
		description:
			'Phone numbers (with country code), separated by commas or as a list. Contacts that are not in the portfolio are left as they are.',
	}),
]);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await changeMany.call(this, portfolioContacts, false);
}
