import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { invalidInput, readOption, readText, requireHttpUrl } from '../../helpers';
import { uploadFile } from '../../transport';
import type { HelenaFileType } from '../../transport';

/* A file to send: a public URL, or an n8n binary property uploaded to Helena first. */

export type MediaKind = 'image' | 'video' | 'audio' | 'document';

interface MediaRule {
	label: string;
	mimeTypes?: string[];
	maxBytes: number;
	fileType: HelenaFileType;
}

/**
 * WhatsApp's published media limits; Helena's reference only says the file "must meet the channel's
 * rules", so a binary file that cannot pass is refused here, before it is uploaded.
 */
export const MEDIA_RULES: Record<MediaKind, MediaRule> = {
	image: { label: 'an image', mimeTypes: ['image/jpeg', 'image/png'], maxBytes: 5 * 1024 * 1024, fileType: 'IMAGE' },
	video: { label: 'a video', mimeTypes: ['video/mp4', 'video/3gpp'], maxBytes: 16 * 1024 * 1024, fileType: 'VIDEO' },
	audio: {
		label: 'an audio',
		mimeTypes: ['audio/aac', 'audio/mp4', 'audio/mpeg', 'audio/amr', 'audio/ogg'],
		maxBytes: 16 * 1024 * 1024,
		fileType: 'AUDIO',
	},
	document: { label: 'a document', maxBytes: 100 * 1024 * 1024, fileType: 'DOCUMENT' },
};

const sourceOptions = [
	{ name: 'Public URL', value: 'url', description: 'A link Helena can download the file from' },
	{
		name: 'Binary File',
		value: 'binary',
		description: 'A file of the input item (e.g. from Read Binary File or an HTTP Request); uploaded to Helena first',
	},
];

export const fileUrlField: INodeProperties = {
	displayName: 'File URL',
	name: 'fileUrl',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. https://example.com/invoice.pdf',
	displayOptions: { show: { fileSource: ['url'] } },
};

export const binaryField: INodeProperties = {
	displayName: 'Input Binary Field',
	name: 'binaryPropertyName',
	type: 'string',
	required: true,
	default: 'data',
	hint: 'The name of the input binary field containing the file to be sent',
	displayOptions: { show: { fileSource: ['binary'] } },
};

/** The file of Send Media: a URL or a binary property. */
export const mediaSourceFields: INodeProperties[] = [
	{ displayName: 'File Source', name: 'fileSource', type: 'options', default: 'url', options: sourceOptions },
	fileUrlField,
	binaryField,
];

/** The header file of Send Template: none (a template without media), a URL or a binary property. */
export const headerFileFields: INodeProperties[] = [
	{
		displayName: 'Header File',
		name: 'fileSource',
		type: 'options',
		default: 'none',
		description: 'The file of a template whose header is an image, video or document',
		options: [{ name: 'None', value: 'none', description: 'The template has no media header' }, ...sourceOptions],
	},
	fileUrlField,
	binaryField,
];

/** Extensions of the MIME types a send carries, for a file whose name has none (Helena asks for one). */
const EXTENSIONS: Record<string, string> = {
	'image/jpeg': 'jpg',
	'image/png': 'png',
	'image/webp': 'webp',
	'image/gif': 'gif',
	'video/mp4': 'mp4',
	'video/3gpp': '3gp',
	'audio/aac': 'aac',
	'audio/mp4': 'm4a',
	'audio/mpeg': 'mp3',
	'audio/amr': 'amr',
	'audio/ogg': 'ogg',
	'application/pdf': 'pdf',
	'application/msword': 'doc',
	'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
	'application/vnd.ms-excel': 'xls',
	'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
	'application/vnd.ms-powerpoint': 'ppt',
	'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
	'application/zip': 'zip',
	'application/json': 'json',
	'text/plain': 'txt',
	'text/csv': 'csv',
};

const HAS_EXTENSION = /\.[A-Za-z0-9]{1,10}$/;

/**
 * The file name sent to Helena, always with an extension: the binary's own name, completed from n8n's
 * metadata (fileExtension) or the MIME type when it has none; `file.<ext>` when there is no name.
 */
export function fileNameOf(name: string | undefined, extension: string | undefined, mimeType: string): string {
	const base = (name ?? '').trim() || 'file';
	if (HAS_EXTENSION.test(base)) return base;
	const fromMetadata = (extension ?? '').trim().replace(/^\./, '');
	const derived = /^[A-Za-z0-9]{1,10}$/.test(fromMetadata) ? fromMetadata : (EXTENSIONS[mimeType] ?? 'bin');
	return `${base}.${derived}`;
}

const formatBytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** Where a send's file comes from: a public URL or a binary field; a template's header may have none. */
export function readFileSource(context: IExecuteFunctions, itemIndex: number, label: string, { optional = false } = {}) {
	const sources = optional ? (['none', 'url', 'binary'] as const) : (['url', 'binary'] as const);
	return readOption(context, context.getNodeParameter('fileSource', itemIndex, sources[0]), sources, label, itemIndex);
}

/**
 * A send's file checked (its source, the URL, the binary field's type and size) with nothing stored yet; the
 * step it returns gives `fileIdOrUrl`: the URL as given, or the Helena file ID of the binary file, uploaded then.
 * A batch checks every item before it uploads any file.
 */
export async function checkMedia(context: IExecuteFunctions, kind: MediaKind, itemIndex: number): Promise<() => Promise<string>> {
	const source = readFileSource(context, itemIndex, 'File Source');
	if (source === 'url') {
		const url = (readText(context, context.getNodeParameter('fileUrl', itemIndex, ''), 'File URL', itemIndex) ?? '').trim();
		if (!url) throw invalidInput(context, 'File URL', 'is empty', itemIndex);
		const checked = requireHttpUrl(context, url, 'File URL', itemIndex);
		return async () => checked;
	}
	const property = (
		readText(context, context.getNodeParameter('binaryPropertyName', itemIndex, 'data'), 'Input Binary Field', itemIndex) ?? ''
	).trim();
	const binary = context.helpers.assertBinaryData(itemIndex, property);
	const rule = MEDIA_RULES[kind];
	const mimeType = (binary.mimeType || 'application/octet-stream').split(';')[0].trim().toLowerCase();
	if (rule.mimeTypes && !rule.mimeTypes.includes(mimeType)) {
		throw invalidInput(
			context,
			'Input Binary Field',
			`"${property}" holds ${mimeType}, which WhatsApp does not accept as ${rule.label} (accepted: ${rule.mimeTypes.join(', ')})`,
			itemIndex,
		);
	}
	const size = (await context.helpers.getBinaryDataBuffer(itemIndex, property)).length;
	if (size === 0) {
		throw invalidInput(context, 'Input Binary Field', `"${property}" is empty (0 bytes): there is no file to send`, itemIndex);
	}
	if (size > rule.maxBytes) {
		throw invalidInput(
			context,
			'Input Binary Field',
			`"${property}" is ${formatBytes(size)}; WhatsApp accepts ${rule.label} of at most ${formatBytes(rule.maxBytes)}`,
			itemIndex,
		);
	}
	const fileName = fileNameOf(binary.fileName, binary.fileExtension, mimeType);
	return async () => {
		// read again when it is sent: a batch does not hold every item's file between the check and the upload
		const data = await context.helpers.getBinaryDataBuffer(itemIndex, property);
		const stored = await uploadFile.call(context, { fileName, mimeType, type: rule.fileType, data, itemIndex });
		return String(stored.id);
	};
}

/** `fileIdOrUrl` for a send: the URL as given, or the Helena file ID of the uploaded binary file. */
export async function readMedia(context: IExecuteFunctions, kind: MediaKind, itemIndex: number): Promise<string> {
	return await (
		await checkMedia(context, kind, itemIndex)
	)();
}
