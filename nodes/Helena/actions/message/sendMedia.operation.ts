import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readOption, readText, runPerItem } from '../../helpers';
import { helenaRequest } from '../../transport';
import { mediaSourceFields, readMedia } from './media';
import type { MediaKind } from './media';
import {
	explainRefusedSend,
	inSessionField,
	optionalChannelField,
	phoneField,
	readOptionalChannel,
	readRecipient,
	readReplyTo,
	readSendOptions,
	replyToOption,
	sendOptions,
	sendToField,
	typingDelayOption,
} from './sendFields';

const properties: INodeProperties[] = [
	sendToField,
	phoneField,
	inSessionField,
	optionalChannelField,
	{
		displayName: 'Media Type',
		name: 'mediaType',
		type: 'options',
		default: 'document',
		options: [
			{ name: 'Audio', value: 'audio', description: 'AAC, MP4, MP3, AMR or OGG, up to 16 MB' },
			{ name: 'Document', value: 'document', description: 'Any file such as a PDF, up to 100 MB' },
			{ name: 'Image', value: 'image', description: 'JPEG or PNG, up to 5 MB' },
			{ name: 'Video', value: 'video', description: 'MP4 or 3GPP, up to 16 MB' },
		],
	},
	...mediaSourceFields,
	{
		displayName: 'Caption',
		name: 'caption',
		type: 'string',
		typeOptions: { rows: 2 },
		default: '',
		description: 'Text shown with the file (not for audio)',
		displayOptions: { hide: { mediaType: ['audio'] } },
	},
	sendOptions(replyToOption, typingDelayOption),
];

export const description = updateDisplayOptions({ show: { resource: ['message'], operation: ['sendMedia'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const recipient = readRecipient(this, itemIndex);
		const kind = readOption(
			this,
			this.getNodeParameter('mediaType', itemIndex),
			['audio', 'document', 'image', 'video'] as const,
			'Media Type',
			itemIndex,
		) as MediaKind;
		const options = readSendOptions(this, itemIndex);
		const replyTo = readReplyTo(this, this.getNodeParameter('sendOptions', itemIndex, {}) as IDataObject, itemIndex);
		const caption = kind === 'audio' ? '' : (readText(this, this.getNodeParameter('caption', itemIndex, ''), 'Caption', itemIndex) ?? '');
		const channel = recipient.to ? await readOptionalChannel(this, itemIndex) : undefined;
		const fileIdOrUrl = await readMedia(this, kind, itemIndex);
		try {
			return (await helenaRequest.call(this, {
				service: 'chat',
				method: 'POST',
				path: `/v1/send/${kind}`,
				body: {
					...recipient,
					...(channel ? { from: channel.number } : {}),
					fileIdOrUrl,
					...(caption.trim() ? { text: caption } : {}),
					...options,
					...replyTo,
				},
				itemIndex,
			})) as IDataObject;
		} catch (error) {
			throw explainRefusedSend(error, recipient);
		}
	});
}
