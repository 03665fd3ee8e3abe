import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { batchContactFields, changeMany } from '../shared/listMembers';
import { sequenceContacts, sequenceLocator } from './sequenceFields';

export const description = updateDisplayOptions({ show: { resource: ['sequence'], operation: ['addContacts'] } }, [
	sequenceLocator,
	...batchContactFields(sequenceContacts, {
		description:
			'Phone numbers (with country code), separated by commas or as a list. Helena creates a contact for a phone number it does not know yet, then adds it.',
	}),
]);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await changeMany.call(this, sequenceContacts, true);
}
