import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { invalidInput, readOption, readText, requireHttpUrl, requireUuid } from '../../helpers';
import { binaryField, fileUrlField, MEDIA_RULES, readMedia } from '../send/media';
import type { MediaKind } from '../send/media';

/*
 * The file of a send into a conversation: a public URL (`fileUrl`), a file stored in Helena (`fileId`), or an
 * n8n binary field, uploaded with the package's one upload (send/media.ts) once every other value is checked.
 */

type Content = 'file' | 'template';
export type FileSource = 'none' | 'url' | 'binary' | 'fileId';

const sources = [
	{ name: 'Public URL', value: 'url', description: 'A link Helena can download the file from' },
	{
		name: 'Binary File',
		value: 'binary',
		description: 'A file of the input item (e.g. from an HTTP Request or a Helena Trigger); uploaded to Helena first',
	},
	{ name: 'Helena File ID', value: 'fileId', description: 'A file stored in Helena already, e.g. the file of a received message' },
];

const shownFor = (content: Content[], source?: FileSource[]) => ({
	show: { content, ...(source ? { fileSource: source } : {}) },
});

/** File Source (for a file) or Header File (for a template), and the field each source needs. */
export const sessionFileFields: INodeProperties[] = [
	{ displayName: 'File Source', name: 'fileSource', type: 'options', default: 'url', options: sources, displayOptions: shownFor(['file']) },
	{
		displayName: 'Header File',
		name: 'fileSource',
		type: 'options',
		default: 'none',
		description: 'The file of a template whose header is an image, video or document',
		options: [{ name: 'None', value: 'none', description: 'The template has no media header' }, ...sources],
		displayOptions: shownFor(['template']),
	},
	{ ...fileUrlField, displayOptions: shownFor(['file', 'template'], ['url']) },
	{
		displayName: 'Helena File ID',
		name: 'fileId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 3fa85f64-5717-4562-b3fc-2c963f66afa6',
		displayOptions: shownFor(['file', 'template'], ['fileId']),
	},
	{ ...binaryField, displayOptions: shownFor(['file', 'template'], ['binary']) },
];

export function readFileSourceOf(context: IExecuteFunctions, content: Content, itemIndex: number): FileSource {
	const allowed: FileSource[] = content === 'template' ? ['none', 'url', 'binary', 'fileId'] : ['url', 'binary', 'fileId'];
	const label = content === 'template' ? 'Header File' : 'File Source';
	return readOption(context, context.getNodeParameter('fileSource', itemIndex, allowed[0]), allowed, label, itemIndex);
}

/** The WhatsApp media kind of a MIME type: the first whose accepted types include it, else a document. */
function kindOfMimeType(mimeType: string): MediaKind {
	const kinds = Object.keys(MEDIA_RULES) as MediaKind[];
	return kinds.find((kind) => MEDIA_RULES[kind].mimeTypes?.includes(mimeType)) ?? 'document';
}

export interface SessionFile {
	/** `fileUrl` or `fileId`, known now (a URL, a Helena file ID). */
	body: IDataObject;
	/** The upload of a binary field, run last: nothing is stored when another value is wrong. */
	upload?: () => Promise<IDataObject>;
}

/**
 * The file of one item: a URL must be http(s) and an ID a UUID, checked now; a binary field must exist now,
 * and its type and size must suit `kind` (for a file, the kind its MIME type names), checked by the upload
 * before a byte is stored.
 */
export function readSessionFile(
	context: IExecuteFunctions,
	source: FileSource,
	kind: MediaKind | undefined,
	itemIndex: number,
): SessionFile {
	if (source === 'none') return { body: {} };
	if (source === 'fileId') {
		const id = (readText(context, context.getNodeParameter('fileId', itemIndex, ''), 'Helena File ID', itemIndex) ?? '').trim();
		if (!id) throw invalidInput(context, 'Helena File ID', 'is empty', itemIndex);
		return { body: { fileId: requireUuid(context, id, 'Helena File ID', itemIndex) } };
	}
	if (source === 'url') {
		const url = (readText(context, context.getNodeParameter('fileUrl', itemIndex, ''), 'File URL', itemIndex) ?? '').trim();
		if (!url) throw invalidInput(context, 'File URL', 'is empty', itemIndex);
		return { body: { fileUrl: requireHttpUrl(context, url, 'File URL', itemIndex) } };
	}
	const property = (
		readText(context, context.getNodeParameter('binaryPropertyName', itemIndex, 'data'), 'Input Binary Field', itemIndex) ?? ''
	).trim();
	const binary = context.helpers.assertBinaryData(itemIndex, property);
	const mimeType = (binary.mimeType || 'application/octet-stream').split(';')[0].trim().toLowerCase();
	const mediaKind = kind ?? kindOfMimeType(mimeType);
	return { body: {}, upload: async () => ({ fileId: await readMedia(context, mediaKind, itemIndex) }) };
}
