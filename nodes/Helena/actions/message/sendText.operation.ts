import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { invalidInput, readText, runPerItem } from '../../helpers';
import { messageTextField, replyToOption, sendFreeMessage, sendOptions, typingDelayOption, recipientFields } from '../send/sendFields';

const properties: INodeProperties[] = [...recipientFields, messageTextField, sendOptions(replyToOption, typingDelayOption)];

export const description = updateDisplayOptions({ show: { resource: ['message'], operation: ['sendText'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) =>
		sendFreeMessage(this, itemIndex, () => {
			const text = readText(this, this.getNodeParameter('text', itemIndex, ''), 'Text', itemIndex) ?? '';
			if (!text.trim()) throw invalidInput(this, 'Text', 'is empty', itemIndex);
			return { path: '/v1/send/text', body: { text } };
		}),
	);
}
