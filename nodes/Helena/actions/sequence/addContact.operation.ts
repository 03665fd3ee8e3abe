import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { contactLocator } from '../shared/contactLocator';
import { addOne } from '../shared/listMembers';
import { sequenceContacts, sequenceLocator } from './sequenceFields';

const properties: INodeProperties[] = [
	sequenceLocator,
	{ ...contactLocator, description: 'The contact to add, by ID or by phone number; it must exist in Helena' },
];

export const description = updateDisplayOptions({ show: { resource: ['sequence'], operation: ['addContact'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await addOne.call(this, sequenceContacts);
}
