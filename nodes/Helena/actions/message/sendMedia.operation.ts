import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { optionValues, readOption, readText, runPerItem } from '../../helpers';
import { mediaSourceFields, readMedia } from '../send/media';
import type { MediaKind } from '../send/media';
import { replyToOption, sendFreeMessage, sendOptions, typingDelayOption, recipientFields } from '../send/sendFields';

const mediaTypeField: INodeProperties = {
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
};

const properties: INodeProperties[] = [
	...recipientFields,
	mediaTypeField,
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

const MEDIA_KINDS = optionValues(mediaTypeField) as MediaKind[];

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) =>
		sendFreeMessage(this, itemIndex, () => {
			const kind = readOption(this, this.getNodeParameter('mediaType', itemIndex), MEDIA_KINDS, 'Media Type', itemIndex);
			const caption = kind === 'audio' ? '' : (readText(this, this.getNodeParameter('caption', itemIndex, ''), 'Caption', itemIndex) ?? '');
			return {
				path: `/v1/send/${kind}`,
				body: caption.trim() ? { text: caption } : {},
				upload: async () => ({ fileIdOrUrl: await readMedia(this, kind, itemIndex) }),
			};
		}),
	);
}
