import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { ItemWithBinary, READ_CONCURRENCY, runPerItem } from '../../helpers';
import { fetchMessage, messageIdField, readMessageId } from '../chat/message';
import { maxMediaSizeField, messageMediaBinary, readBinaryPropertyName, readMaxMediaBytes } from '../chat/messageMedia';
import { simplifyMessage } from '../chat/messageView';

const MAX_SIZE_LABEL = 'Max File Size (MB)';

const properties: INodeProperties[] = [
	{
		...messageIdField,
		description: `The message whose file (image, audio, video, document) to download. ${String(messageIdField.description).replace(/^ID of the message\. /, '')}`,
	},
	{
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		required: true,
		default: 'data',
		hint: 'The name of the output binary field to put the file in',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			maxMediaSizeField(
				'maxFileSizeMb',
				MAX_SIZE_LABEL,
				'A larger file is refused (the download stops at this size, so a huge file is never held in memory)',
			),
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['message'], operation: ['downloadMedia'] } }, properties);

/**
 * One item per message: its simplified JSON and its file as binary data. The file is read from the
 * address Helena gives, without the API key (another host holds it).
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(
		this,
		async (itemIndex) => {
			const id = readMessageId(this, itemIndex);
			const property = readBinaryPropertyName(
				this,
				this.getNodeParameter('binaryPropertyName', itemIndex, 'data'),
				'Put Output File in Field',
				itemIndex,
			);
			const options = this.getNodeParameter('options', itemIndex, {}) as { maxFileSizeMb?: unknown };
			const maxBytes = readMaxMediaBytes(this, options.maxFileSizeMb, MAX_SIZE_LABEL, itemIndex);
			const message = await fetchMessage(this, id, itemIndex);
			const binary = await messageMediaBinary(this, message, { maxBytes, capName: MAX_SIZE_LABEL, itemIndex });
			return new ItemWithBinary(simplifyMessage(message), { [property]: binary });
		},
		{ concurrency: READ_CONCURRENCY },
	);
}
