import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { runPerItem } from '../../helpers';
import { helenaRequest } from '../../transport';
import { readSessionId, sessionIdField, sessionRecord } from '../chat/locators';

export const description = updateDisplayOptions({ show: { resource: ['message'], operation: ['sendTyping'] } }, [
	{
		...sessionIdField,
		description: `The open conversation whose contact sees "typing…". ${String(sessionIdField.description).split('. ').slice(1).join('. ')}`,
		hint: 'Shown only on WhatsApp channels of the official API (CloudAPI); other channels accept the call and show nothing',
	},
]);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const sessionId = readSessionId(this, itemIndex);
		await helenaRequest.call(this, {
			service: 'chat',
			method: 'POST',
			path: '/v1/send/typing',
			body: { sessionId },
			itemIndex,
			records: [sessionRecord(sessionId)],
			// a second "typing…" changes nothing
			repeatable: true,
			sends: 0,
			// Helena answers with no body
			answer: 'any',
		});
		return { sent: true, sessionId };
	});
}
