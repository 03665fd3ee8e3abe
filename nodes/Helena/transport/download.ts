import type { IDataObject, IN8nHttpFullResponse, INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { failedBeforeSending, requestTimeoutMs, timedOut } from './request';
import type { HelenaContext } from './request';

/** A file to read from its public address (a message's media on Helena's file store). */
export interface FileToDownload {
	url: string;
	/** What the user calls it in errors, e.g. `the file "voice.ogg" of message 3fa8…`. */
	label: string;
	/** The most bytes read; a longer file is refused once the cap is passed, without reading on. */
	maxBytes: number;
	/** What the user set as the cap, as the error names it (e.g. "Max File Size (MB)" of 25 MB). */
	capName: string;
	itemIndex?: number;
}

export interface DownloadedFile {
	data: Buffer;
	/** The Content-Type the host gave, without parameters. */
	mimeType?: string;
	/** The file name of a Content-Disposition header. */
	fileName?: string;
}

/** The origin of an absolute http(s) address, or undefined. */
export function httpOrigin(url: unknown): string | undefined {
	if (typeof url !== 'string' || /[\u0000-\u0020\u007f-\u009f]/.test(url)) return undefined;
	try {
		const parsed = new URL(url);
		return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : undefined;
	} catch {
		return undefined;
	}
}

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

function fileNameOfDisposition(value: unknown): string | undefined {
	const header = Array.isArray(value) ? String(value[0]) : typeof value === 'string' ? value : '';
	const encoded = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(header);
	if (encoded) {
		try {
			return decodeURIComponent(encoded[1].trim());
		} catch {
			// fall through to the plain form
		}
	}
	const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
	return plain ? plain[1].trim() : undefined;
}

interface Readable extends AsyncIterable<Buffer> {
	destroy(): void;
}

function failure(node: INode, file: FileToDownload, message: string, description: string, details: IDataObject = {}): NodeApiError {
	const item = file.itemIndex === undefined ? '' : ` (item ${file.itemIndex})`;
	return new NodeApiError(node, { file: file.label, ...details }, { message: `${message}${item}`, description, itemIndex: file.itemIndex });
}

/**
 * Reads a file from its public address with no credential at all (the file's host is not Helena's API,
 * and an address of Helena's file store is already signed): n8n's plain request, never the
 * authenticated one, so the API key cannot reach the host, on a redirect neither. The body is read as
 * a stream and the reading stops as soon as the cap is passed (or the host announces more), so a huge
 * file is never held in memory. The credential's Timeout bounds the wait for each part of the answer.
 */
export async function downloadFile(this: HelenaContext, file: FileToDownload): Promise<DownloadedFile> {
	const node = this.getNode();
	const origin = httpOrigin(file.url);
	if (!origin) {
		throw failure(
			node,
			file,
			`The address of ${file.label} is not an absolute http(s) address`,
			'Helena gave no public address the file can be downloaded from, so nothing was downloaded.',
		);
	}
	const capped = (size: string) =>
		failure(
			node,
			file,
			`${file.label[0].toUpperCase()}${file.label.slice(1)} is larger than the ${file.capName} of ${megabytes(file.maxBytes)} (${size})`,
			`Raise ${file.capName} to download it. The download was stopped at the cap; nothing was kept.`,
			{ maxBytes: file.maxBytes },
		);
	// the request's timeout is the socket's idle limit: it also ends a body that stops arriving
	const timeoutMs = await requestTimeoutMs(this);

	let response: IN8nHttpFullResponse;
	try {
		response = (await this.helpers.httpRequest({
			method: 'GET',
			url: file.url,
			encoding: 'stream',
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			// nothing to carry, and nothing is carried to another host on a redirect either
			sendCredentialsOnCrossOriginRedirect: false,
			timeout: timeoutMs,
		})) as IN8nHttpFullResponse;
	} catch (error) {
		const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
		const why = timedOut(error)
			? `no answer within ${timeoutMs / 1000} s (the Timeout of the "Helena API" credential)`
			: failedBeforeSending(code)
				? `${code}: the host could not be reached`
				: `${code ?? 'a connection error'}: the connection broke`;
		throw failure(node, file, `The download of ${file.label} from ${origin} failed`, `${why}. Try again later.`);
	}

	const body = response.body as Readable;
	const status = response.statusCode;
	if (status < 200 || status >= 300) {
		body?.destroy?.();
		throw failure(
			node,
			file,
			`The file host ${origin} refused the download of ${file.label} (HTTP ${status})`,
			status === 403 || status === 401 || status === 404
				? "The file's address may have expired or the file was removed; read the message again (Message → Get) for a fresh address."
				: 'Try again later.',
			{ httpCode: String(status) },
		);
	}
	const announced = Number(response.headers?.['content-length']);
	if (Number.isFinite(announced) && announced > file.maxBytes) {
		body.destroy();
		throw capped(`the host announces ${megabytes(announced)}`);
	}

	const chunks: Buffer[] = [];
	let size = 0;
	let overCap = false;
	try {
		for await (const chunk of body) {
			size += chunk.length;
			if (size > file.maxBytes) {
				overCap = true;
				break;
			}
			chunks.push(chunk);
		}
	} catch {
		throw failure(
			node,
			file,
			`The download of ${file.label} from ${origin} broke off after ${megabytes(size)}`,
			`The connection broke or no data arrived for ${timeoutMs / 1000} s (the Timeout of the "Helena API" credential). Try again later.`,
		);
	}
	if (overCap) {
		// leaving the loop early ends the stream; this makes sure the connection is closed too
		body.destroy();
		throw capped(`more than ${megabytes(file.maxBytes)} arrived`);
	}
	const type = response.headers?.['content-type'];
	const mimeType = typeof type === 'string' ? type.split(';')[0].trim().toLowerCase() : undefined;
	return {
		data: Buffer.concat(chunks),
		mimeType: mimeType || undefined,
		fileName: fileNameOfDisposition(response.headers?.['content-disposition']),
	};
}
