import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { READ_CONCURRENCY, runPerItem } from '../../helpers';
import { readSessionId, sessionIdField } from '../chat/locators';
import { simplifyMessage } from '../chat/messageView';
import { simplifyField } from '../contact/listing';
import { limitField, readSimple, returnAllField } from '../shared/paging';
import { fetchHistory, historyFields } from './history';

const properties: INodeProperties[] = [
	sessionIdField,
	returnAllField,
	limitField,
	{
		...simplifyField,
		hint: 'Simplified: ID, conversation, direction (received from the contact or sent), author (contact, user, bot, api or system), type, text, transcription, file (ID, name, type, size, address), status, reply-to and time',
	},
	...historyFields('messages'),
];

export const description = updateDisplayOptions({ show: { resource: ['session'], operation: ['getMessages'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(
		this,
		async (itemIndex) => {
			const id = readSessionId(this, itemIndex);
			const simple = readSimple(this, itemIndex);
			const messages = await fetchHistory(this, 'messages', id, itemIndex);
			return simple ? messages.map(simplifyMessage) : messages;
		},
		{ concurrency: READ_CONCURRENCY },
	);
}
