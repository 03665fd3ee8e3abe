/*
 * What a body is, by its first bytes: a web page (read as browsers read an unknown body, after the WHATWG MIME
 * Sniffing Standard: https://mimesniff.spec.whatwg.org/#identifying-a-resource-with-an-unknown-mime-type), or a file
 * of a kind whose first bytes are fixed (a PDF starts with `%PDF-`). One check for every file the node outputs.
 */

/** The bytes a browser reads to tell what a body is (the standard's resource header). */
export const SNIFF_BYTES = 1445;

/** The tags a page can begin with (the standard's HTML patterns), after a doctype, comments and an XML prolog. */
const PAGE_START = /^(?:<!doctype\s+html|<(?:html|head|body|script|iframe|h1|div|font|table|a|style|title|b|br|p))[\s/>]/i;

/** The first bytes as text: UTF-16 when a UTF-16 byte order mark says so, else byte for byte (a UTF-8 mark dropped). */
function startAsText(start: Buffer): string {
	if (start[0] === 0xff && start[1] === 0xfe) return start.subarray(2).toString('utf16le');
	if (start[0] === 0xfe && start[1] === 0xff) return Buffer.from(start.subarray(2)).swap16().toString('utf16le');
	const utf8Mark = start[0] === 0xef && start[1] === 0xbb && start[2] === 0xbf;
	return start.subarray(utf8Mark ? 3 : 0).toString('latin1');
}

/**
 * Whether a body begins as a web page: after blanks, comments (`<!-- … -->`) and an XML prolog (`<?xml …?>`, as
 * XHTML begins), a doctype of HTML or a tag a page begins with (`<html`, `<script`, `<title`, `<p` …). A comment not
 * closed within the first bytes counts as a page, as browsers take a body that starts with one.
 */
export function startsAsPage(start: Buffer): boolean {
	const text = startAsText(start.subarray(0, SNIFF_BYTES + 3));
	let at = 0;
	for (;;) {
		while (at < text.length && ' \t\n\f\r'.includes(text[at])) at++;
		if (text.startsWith('<!--', at)) {
			const end = text.indexOf('-->', at + 4);
			if (end < 0) return true;
			at = end + 3;
		} else if (text.startsWith('<?', at)) {
			const end = text.indexOf('?>', at + 2);
			if (end < 0) return false;
			at = end + 2;
		} else {
			return PAGE_START.test(text.slice(at, at + 20));
		}
	}
}

interface Signature {
	/** What the user reads: the format and its MIME type. */
	name: string;
	matches: (start: Buffer) => boolean;
	/** File name endings that claim this format where no type is given. */
	endings: RegExp;
}

const begins = (signature: string) => (start: Buffer) => start.subarray(0, signature.length).equals(Buffer.from(signature, 'latin1'));

const PDF: Signature = { name: 'a PDF (%PDF-)', matches: begins('%PDF-'), endings: /\.pdf$/i };
const PNG: Signature = { name: 'a PNG image', matches: begins('\x89PNG\r\n\x1a\n'), endings: /\.png$/i };
const JPEG: Signature = { name: 'a JPEG image', matches: begins('\xff\xd8\xff'), endings: /\.jpe?g$/i };
const OGG: Signature = { name: 'an Ogg file (OggS)', matches: begins('OggS'), endings: /\.(ogg|oga|opus)$/i };
// an ISO media file's first box is its type: four bytes of length, then `ftyp`
const MP4: Signature = {
	name: 'an MP4 file (ftyp)',
	matches: (start) => start.subarray(4, 8).toString('latin1') === 'ftyp',
	endings: /\.(mp4|m4a|m4v)$/i,
};
const OFFICE: Signature = { name: 'a ZIP-based Office file (PK)', matches: begins('PK\x03\x04'), endings: /\.(docx|xlsx|pptx)$/i };
const SIGNATURES = [PDF, PNG, JPEG, OGG, MP4, OFFICE];

function signatureOfType(type: string): Signature | undefined {
	if (/^application\/(x-)?pdf$/.test(type)) return PDF;
	if (type === 'image/png') return PNG;
	if (/^image\/p?jpe?g$/.test(type)) return JPEG;
	if (/^(audio\/(ogg|opus)|video\/ogg|application\/ogg)$/.test(type)) return OGG;
	if (/^(video\/mp4|audio\/mp4|audio\/(x-)?m4a|video\/x-m4v)$/.test(type)) return MP4;
	if (type.startsWith('application/vnd.openxmlformats-officedocument.')) return OFFICE;
	return undefined;
}

/**
 * Why a body is not what it is said to be, or undefined. The types claimed for it are Helena's and the host's (MIME
 * types without parameters, in lower case; a wildcard such as `image/*` claims nothing), else the file name's ending.
 * The body passes when it begins as one of them does, or when one of them has no fixed first bytes to check (an
 * `audio/mpeg` the host names); it is refused when every claim has a signature and none is met.
 */
export function signatureProblem(start: Buffer, types: Array<string | undefined>, name?: string): string | undefined {
	const claimed = types.filter((type): type is string => type !== undefined && !type.endsWith('/*'));
	const expected = claimed.length
		? claimed.map(signatureOfType)
		: [SIGNATURES.find((signature) => signature.endings.test(name ?? ''))].filter((signature) => signature !== undefined);
	const first = expected[0];
	if (first === undefined || expected.some((signature) => signature === undefined || signature.matches(start))) return undefined;
	return `its first bytes are not those of ${first.name}`;
}
