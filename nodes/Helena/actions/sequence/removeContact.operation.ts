import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { contactLocator } from '../shared/contactLocator';
import { removeOne } from '../shared/listMembers';
import { sequenceContacts, sequenceLocator } from './sequenceFields';

const properties: INodeProperties[] = [
	sequenceLocator,
	{ ...contactLocator, description: 'The contact to take out of the sequence, by ID or by phone number' },
];

export const description = updateDisplayOptions({ show: { resource: ['sequence'], operation: ['removeContact'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await removeOne.call(this, sequenceContacts);
}
