import type { IBinaryData, IDataObject, IExecuteFunctions, INodeProperties, IWebhookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { NodeContext } from '../../helpers';
import { invalidInput, readNumber, readText, shown } from '../../helpers';
import { downloadFile } from '../../transport';
import { fetchMessage } from './message';

/*
 * The file of a message (received or sent) as n8n binary data: read from its public address with no
 * credential, up to a size cap. Message → Download Media and the Helena Trigger's "Attach Media" share it.
 */

/** Whisper's limit, and above every image, audio and video WhatsApp carries (16 MB); documents may be larger. */
export const DEFAULT_MAX_MEDIA_MB = 25;
/** n8n keeps the file in memory (or its binary store) either way; beyond this a workflow is the wrong tool. */
const MAX_MEDIA_MB = 1024;

export function maxMediaSizeField(name: string, displayName: string, description: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_MEDIA_MB, numberPrecision: 0 },
		default: DEFAULT_MAX_MEDIA_MB,
		description,
	};
}

/** The cap in bytes; not a whole number of megabytes from 1 to 1024 is an input error. */
export function readMaxMediaBytes(context: NodeContext, value: unknown, label: string, itemIndex: number): number {
	const megabytes = readNumber(context, value, label, itemIndex, { min: 1, max: MAX_MEDIA_MB, whole: true }) ?? DEFAULT_MAX_MEDIA_MB;
	return megabytes * 1024 * 1024;
}

/** A binary property name: what n8n's own nodes accept (no spaces, not empty). */
export function readBinaryPropertyName(context: NodeContext, value: unknown, label: string, itemIndex: number): string {
	const name = (readText(context, value, label, itemIndex) ?? '').trim();
	if (!/^[A-Za-z0-9_.-]{1,100}$/.test(name)) {
		throw invalidInput(
			context,
			label,
			`must be a field name of letters, digits, "_", "-" or ".", such as data, not ${shown(name)}`,
			itemIndex,
		);
	}
	return name;
}

const MEDIA_TYPES = ['IMAGE', 'AUDIO', 'VIDEO', 'DOCUMENT', 'STICKER'];

/** The kind of file a message type holds, where its type says (a document may be any kind). */
const KIND_OF_MESSAGE: Record<string, string> = { IMAGE: 'image/*', AUDIO: 'audio/*', VIDEO: 'video/*', STICKER: 'image/*' };

export interface MessageFile {
	url?: string;
	name?: string;
	mimeType?: string;
	size?: number;
}

const textOf = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** The file a message carries (`details.file`, else the first of `details.files`, else a file sent as a link), or undefined. */
export function fileOfMessage(message: IDataObject): MessageFile | undefined {
	const details = (message.details ?? {}) as IDataObject;
	const files = Array.isArray(details.files) ? (details.files as IDataObject[]) : [];
	const file = [
		details.file as IDataObject | undefined,
		files[0],
		(details.fileAsLink as IDataObject | undefined)?.file as IDataObject | undefined,
	].find((candidate) => candidate && typeof candidate === 'object');
	if (!file) return undefined;
	const size = typeof file.size === 'number' && file.size >= 0 ? file.size : undefined;
	return {
		url: textOf(file.publicUrlDownload) ?? textOf(file.publicUrl),
		name: textOf(file.name),
		mimeType: textOf(file.mimeType)?.toLowerCase(),
		size,
	};
}

/** Whether a message is of a kind that carries a file, or names one. */
export function carriesMedia(message: IDataObject): boolean {
	return (
		fileOfMessage(message) !== undefined ||
		MEDIA_TYPES.includes(String(message.type ?? '').toUpperCase()) ||
		Boolean(textOf(message.fileId))
	);
}

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** The last segment of an address's path, decoded, when it looks like a file name. */
function nameOfUrl(url: string): string | undefined {
	try {
		const last = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
		return /\.[A-Za-z0-9]{1,10}$/.test(last) ? last : undefined;
	} catch {
		return undefined;
	}
}

export interface MediaDownload {
	maxBytes: number;
	/** The setting that holds the cap, as the error names it. */
	capName: string;
	itemIndex: number;
	/** Whether a message without an address may be read again by ID (the trigger's events may carry only the file's ID). */
	refetch?: boolean;
}

/**
 * The file of a message as binary data, with its name and MIME type (Helena's, else the file host's).
 * A size Helena states above the cap is refused before any download; otherwise the download stops at the cap.
 */
export async function messageMediaBinary(
	context: IExecuteFunctions | IWebhookFunctions,
	message: IDataObject,
	{ maxBytes, capName, itemIndex, refetch = false }: MediaDownload,
): Promise<IBinaryData> {
	let file = fileOfMessage(message);
	const id = textOf(message.id);
	if (!file?.url && refetch && id && carriesMedia(message)) file = fileOfMessage(await fetchMessage(context, id, itemIndex));
	const what = `message ${id ?? '(without ID)'}`;
	const refuse = (text: string, description: string) =>
		new NodeOperationError(context.getNode(), `${text} (item ${itemIndex})`, { itemIndex, description });
	if (!file) {
		throw refuse(
			`The ${what} carries no file (its type is ${String(message.type ?? 'unknown')})`,
			'Only image, audio, video, document and sticker messages have a file to download.',
		);
	}
	if (!file.url) throw refuse(`Helena gives no address for the file of the ${what}`, 'Nothing was downloaded.');
	const label = `the file${file.name ? ` "${file.name}"` : ''} of ${what}`;
	if (file.size !== undefined && file.size > maxBytes) {
		throw refuse(
			`${label[0].toUpperCase()}${label.slice(1)} is larger than the ${capName} of ${megabytes(maxBytes)} (Helena says ${megabytes(file.size)})`,
			`Raise ${capName} to download it. Nothing was downloaded.`,
		);
	}
	// Helena may state no type (it is nullable); the message's own type still says which kind of file it is,
	// and the file's name (or its address's) whether a web page can be the file
	const stated = {
		size: file.size,
		mimeType: file.mimeType ?? KIND_OF_MESSAGE[String(message.type ?? '').toUpperCase()],
		name: file.name ?? nameOfUrl(file.url),
	};
	const downloaded = await downloadFile.call(context, { url: file.url, label, maxBytes, capName, stated, itemIndex });
	const hostType = downloaded.mimeType && downloaded.mimeType !== 'application/octet-stream' ? downloaded.mimeType : undefined;
	const name = file.name ?? downloaded.fileName ?? nameOfUrl(file.url) ?? `message-${id ?? 'file'}`;
	return await context.helpers.prepareBinaryData(downloaded.data, name, file.mimeType ?? hostType);
}
