import type { IDataObject, INodeExecutionData, INodeProperties, IWebhookFunctions } from 'n8n-workflow';

import type { NodeContext } from '../Helena/helpers';
import { readBoolean } from '../Helena/helpers';
import {
	carriesMedia,
	maxMediaSizeField,
	messageMediaBinary,
	readBinaryPropertyName,
	readMaxMediaBytes,
} from '../Helena/actions/chat/messageMedia';

/* "Attach Media": the file of a MESSAGE_* event as binary data, downloaded the way Message → Download Media does. */

const MAX_SIZE_LABEL = 'Max Media Size (MB)';

export const mediaOptions: INodeProperties[] = [
	{
		displayName: 'Attach Media',
		name: 'attachMedia',
		type: 'boolean',
		default: false,
		description:
			'Whether to download the file of MESSAGE_* events (audio, image, video, document) and output it as binary data, so that a transcription or vision node can follow. Events without a file pass unchanged. When the download fails, the event still starts the workflow, without binary data and with the reason in its mediaError field.',
	},
	{
		displayName: 'Media Field',
		name: 'mediaBinaryProperty',
		type: 'string',
		default: 'data',
		description: 'With Attach Media: the binary field the file is put in',
	},
	maxMediaSizeField(
		'maxMediaSizeMb',
		MAX_SIZE_LABEL,
		'With Attach Media: a larger file is not downloaded (the event comes with mediaError instead)',
	),
];

export interface MediaSettings {
	property: string;
	maxBytes: number;
}

/** The media settings, checked (also at activation, so a wrong value stops it instead of every event); undefined when off. */
export function readMediaSettings(context: NodeContext, options: IDataObject): MediaSettings | undefined {
	if (!readBoolean(context, options.attachMedia, 'Attach Media', 0)) return undefined;
	return {
		property: readBinaryPropertyName(context, options.mediaBinaryProperty ?? 'data', 'Media Field', 0),
		maxBytes: readMaxMediaBytes(context, options.maxMediaSizeMb, MAX_SIZE_LABEL, 0),
	};
}

/** The message of a MESSAGE_* delivery that carries a file, or undefined. */
export function messageWithMedia(delivery: IDataObject): IDataObject | undefined {
	if (!/^MESSAGE_/i.test(String(delivery.eventType ?? ''))) return undefined;
	const content = delivery.content;
	if (!content || typeof content !== 'object' || Array.isArray(content)) return undefined;
	return carriesMedia(content as IDataObject) ? (content as IDataObject) : undefined;
}

/** The event's item with its file attached; a failed download keeps the event, with `mediaError`. */
export async function eventWithMedia(
	context: IWebhookFunctions,
	delivery: IDataObject,
	message: IDataObject,
	settings: MediaSettings,
): Promise<INodeExecutionData> {
	try {
		const binary = await messageMediaBinary(context, message, {
			maxBytes: settings.maxBytes,
			capName: MAX_SIZE_LABEL,
			itemIndex: 0,
			refetch: true,
		});
		return { json: delivery, binary: { [settings.property]: binary } };
	} catch (error) {
		const reason = (error as Error).message.replace(/ \(item 0\)$/, '');
		context.logger.warn(`Helena Trigger: the file of ${String(delivery.eventType)} was not attached: ${reason}`);
		return { json: { ...delivery, mediaError: reason } };
	}
}
