import type { IDataObject, IN8nHttpFullResponse, INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { indexOfCode, isControlCode } from '../helpers/formats';
import { signatureProblem, SNIFF_BYTES, startsAsPage } from './fileKind';
import { blockedByN8n, blockedDescription, failedBeforeSending, requestTimeoutMs, timedOut } from './request';
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
	/** What Helena says the file is (its size, type and name): a body of another size or kind is refused (see `contradiction`). */
	stated?: { size?: number; mimeType?: string; name?: string };
	itemIndex?: number;
}

export interface DownloadedFile {
	data: Buffer;
	/** The Content-Type the host gave, without parameters. */
	mimeType?: string;
	/** The file name of a Content-Disposition header. */
	fileName?: string;
}

const isControlOrSpace = (code: number) => isControlCode(code) || code === 0x20;

/** The origin of an absolute http(s) address without control characters or spaces, or undefined. */
export function httpOrigin(url: unknown): string | undefined {
	if (typeof url !== 'string' || indexOfCode(url, isControlOrSpace) >= 0) return undefined;
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
	destroy(error?: Error): void;
}

const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.round((bytes / 1024) * 10) / 10} kB` : megabytes(bytes));

/** The type of a Content-Type, without parameters, lower case; undefined when absent or "any bytes". */
function essence(type: unknown): string | undefined {
	const text = typeof type === 'string' ? type.split(';')[0].trim().toLowerCase() : '';
	return text && text !== 'application/octet-stream' && text !== 'binary/octet-stream' ? text : undefined;
}

/** Types that are a page or a message about the request (a login page, a proxy's error), never a file Helena stores. */
const PAGE_TYPES = /^(text\/html|application\/xhtml\+xml|application\/json|application\/problem\+json|application\/xml|text\/xml)$/;
/** Types whose files may hold markup as text (a .txt of HTML source, an SVG): their first bytes do not make them a page. */
const MARKUP_TYPES = /^text\/|xml|json/;
/** A web page, and a file name that says it is one. */
const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)$/;
const HTML_NAME = /\.(html?|xhtml)$/i;

/**
 * Why what the host sends is not the file Helena described, or undefined. The size must be Helena's to
 * the byte; the type contradicts when its family differs (audio/… for a PDF) or when it is a page or a
 * message while Helena stated something else. A web page (HTML or XHTML, by its type, or by its first bytes
 * unless the host calls it text, XML or JSON) is refused unless the file's type or name says HTML, also when
 * Helena states no type (a sign-in page is never `contrato.pdf`). A host that gives no type, or "any bytes", does not contradict otherwise.
 * A body that passes must begin as every kind of file claimed for it does (`signatureProblem`: a PDF with `%PDF-`).
 */
function contradiction(
	stated: FileToDownload['stated'],
	host: { size?: number; type?: unknown; start?: Buffer; announcedSize?: number },
): string | undefined {
	const statedType = essence(stated?.mimeType);
	const statedSize = stated?.size !== undefined && stated.size > 0 ? stated.size : undefined;
	const declared = essence(host.type);
	// a body that begins as a web page is one whatever the host calls it (a sign-in page sent as application/pdf)
	const looksLikePage = host.start !== undefined && startsAsPage(host.start);
	const hostType = looksLikePage && !(declared !== undefined && MARKUP_TYPES.test(declared)) ? 'text/html' : declared;
	const sizeDiffers = statedSize !== undefined && host.size !== undefined && host.size !== statedSize;
	const typeDiffers =
		statedType !== undefined &&
		hostType !== undefined &&
		hostType !== statedType &&
		(hostType.split('/')[0] !== statedType.split('/')[0] || (PAGE_TYPES.test(hostType) && !PAGE_TYPES.test(statedType)));
	const pageNotSaid =
		hostType !== undefined &&
		HTML_TYPES.test(hostType) &&
		!(statedType !== undefined && HTML_TYPES.test(statedType)) &&
		!HTML_NAME.test(stated?.name ?? '');
	// a body that is no page must still begin as the kind of file it is said to be (a PDF with `%PDF-`)
	const notItsKind =
		host.start && !sizeDiffers && !typeDiffers && !pageNotSaid
			? signatureProblem(host.start, [statedType, declared], stated?.name)
			: undefined;
	if (!sizeDiffers && !typeDiffers && !pageNotSaid && !notItsKind) return undefined;
	const noType = pageNotSaid || notItsKind ? (statedSize === undefined ? 'no type' : 'with no type') : '';
	const said = [statedSize === undefined ? '' : sizeText(statedSize), statedType ?? noType].filter(Boolean).join(' ');
	const sentSize = host.size ?? host.announcedSize;
	const sent = [sentSize === undefined ? '' : sizeText(sentSize), hostType ?? ''].filter(Boolean).join(' ');
	const why = notItsKind
		? `: ${notItsKind}`
		: pageNotSaid && !typeDiffers
			? ": a web page, and neither the file's type nor its name says HTML"
			: '';
	return `Helena states ${said}, the host sends ${sent}${why}`;
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
 * file is never held in memory. The credential's Timeout bounds the whole download (a host that trickles
 * bytes is cut off at it), and what arrives must be the file Helena described (`stated`).
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
	// the request's timeout is the socket's idle limit; the deadline ends the whole download, however the bytes arrive
	const timeoutMs = await requestTimeoutMs(this);
	const deadline = AbortSignal.timeout(timeoutMs);
	const tooSlow = (size: number) =>
		failure(
			node,
			file,
			`The download of ${file.label} from ${origin} did not finish within ${timeoutMs / 1000} s`,
			`${sizeText(size)} arrived before the deadline (the Timeout of the "Helena API" credential, which bounds the whole download); nothing was kept. The host sends too slowly: try again later, or raise the Timeout for large files.`,
		);
	const notTheFile = (problem: string) =>
		failure(
			node,
			file,
			`${file.label[0].toUpperCase()}${file.label.slice(1)} is not what Helena announced: ${problem}`,
			'The file host answered with something else than the file (an error page, a login page or another file); nothing was kept. Read the message again (Message → Get) for a fresh address, or check the file in Helena.',
		);

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
			abortSignal: deadline,
		})) as IN8nHttpFullResponse;
	} catch (error) {
		if (deadline.aborted) throw tooSlow(0);
		const block = blockedByN8n(error);
		if (block) {
			const what = `n8n blocked the download of ${file.label} from ${origin}: its SSRF protection does not allow this address`;
			throw failure(node, file, what, blockedDescription(block, 'the file host'));
		}
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
	const type = response.headers?.['content-type'];
	// the size is compared once the body has arrived: a compressed body's Content-Length is its size on the wire,
	// and the body arrives decoded without the Content-Encoding that would say so
	const announcedWrong = contradiction(file.stated, { type, announcedSize: Number.isFinite(announced) ? announced : undefined });
	if (announcedWrong) {
		body.destroy();
		throw notTheFile(announcedWrong);
	}

	const chunks: Buffer[] = [];
	let size = 0;
	let overCap = false;
	const stop = () => body.destroy(new Error('The download took longer than the Timeout'));
	deadline.addEventListener('abort', stop, { once: true });
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
		if (deadline.aborted) throw tooSlow(size);
		throw failure(
			node,
			file,
			`The download of ${file.label} from ${origin} broke off after ${megabytes(size)}`,
			`The connection broke or no data arrived for ${timeoutMs / 1000} s (the Timeout of the "Helena API" credential). Try again later.`,
		);
	} finally {
		deadline.removeEventListener('abort', stop);
	}
	if (overCap) {
		// leaving the loop early ends the stream; this makes sure the connection is closed too
		body.destroy();
		throw capped(`more than ${megabytes(file.maxBytes)} arrived`);
	}
	if (deadline.aborted) throw tooSlow(size);
	const data = Buffer.concat(chunks);
	const arrivedWrong = contradiction(file.stated, { size, type, start: data.subarray(0, SNIFF_BYTES) });
	if (arrivedWrong) throw notTheFile(arrivedWrong);
	const mimeType = typeof type === 'string' ? type.split(';')[0].trim().toLowerCase() : undefined;
	return {
		data,
		mimeType: mimeType || undefined,
		fileName: fileNameOfDisposition(response.headers?.['content-disposition']),
	};
}
