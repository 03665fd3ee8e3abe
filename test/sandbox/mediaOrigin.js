'use strict';

/**
 * The file host of message media, on an origin of its own (another port), as Helena's files live on an
 * object store (`publicUrl` / `publicUrlDownload` of a message's file), not on the API host. It serves
 * the chat store's files without any authentication and records every request with its headers, so a
 * test can tell whether an API key ever reached it. A file may be stored as bytes or as a size whose
 * bytes are generated while they are sent (a huge file costs no memory); `chunked` hides its length.
 */

const http = require('node:http');
const crypto = require('node:crypto');

const { newId } = require('./ids');

const CHUNK = 64 * 1024;

/** The bytes of a generated file, the same on every read: block `n` is sha256(seed:n) repeated. */
function blocksOf(seed, offset, length) {
	const block = crypto
		.createHash('sha256')
		.update(`${seed}:${Math.floor(offset / CHUNK)}`)
		.digest();
	const chunk = Buffer.alloc(length);
	for (let i = 0; i < length; i += block.length) block.copy(chunk, i, 0, Math.min(block.length, length - i));
	return chunk;
}

/** The first bytes every file of a kind has (a real PDF starts with %PDF-): a generated file starts with them too. */
const SIGNATURES = [
	[/^application\/pdf$/, '%PDF-1.7\n'],
	[/^image\/png$/, '\x89PNG\r\n\x1a\n'],
	[/^image\/jpe?g$/, '\xff\xd8\xff\xe0'],
	[/^(audio\/(ogg|opus)|video\/ogg)$/, 'OggS\x00\x02'],
	[/^(audio|video)\/mp4$/, '\x00\x00\x00\x18ftypmp42'],
	[/^application\/vnd\.openxmlformats-officedocument\./, 'PK\x03\x04'],
];

/** A generated file's bytes from `offset`: its kind's first bytes, then sha256 blocks. */
function generatedChunk(seed, offset, length, mimeType) {
	const chunk = blocksOf(seed, offset, length);
	const signature = SIGNATURES.find(([type]) => type.test(String(mimeType ?? '').toLowerCase()));
	if (signature && offset < signature[1].length)
		Buffer.from(signature[1], 'latin1')
			.subarray(offset, offset + length)
			.copy(chunk, 0);
	return chunk;
}

/** The whole of a generated file (for a test that compares hashes). */
function generatedBytes(seed, size, mimeType) {
	const parts = [];
	for (let offset = 0; offset < size; offset += CHUNK) parts.push(generatedChunk(seed, offset, Math.min(CHUNK, size - offset), mimeType));
	return Buffer.concat(parts);
}

/** Header names that carry credentials, and any header that carries the API key itself. */
function credentialHeaders(headers, apiKey) {
	return Object.entries(headers)
		.filter(
			([name, value]) =>
				/^(authorization|proxy-authorization|x-api-key|api-key|apikey|access-token|cookie)$/i.test(name) ||
				(apiKey.length >= 8 && String(value).includes(apiKey)),
		)
		.map(([name]) => name);
}

class MediaOrigin {
	/** @param {() => Map<string, any>} files the chat store's files (id -> file) @param {() => string} apiKey */
	constructor(files, apiKey) {
		this.files = files;
		this.apiKey = apiKey;
		/** @type {{ method: string, path: string, headers: Record<string, any>, status: number, bytesSent: number, complete: boolean }[]} */
		this.requests = [];
		this.url = '';
		this.secret = newId();
		this.server = http.createServer((req, res) => this.handle(req, res));
	}

	listen() {
		return new Promise((resolve, reject) => {
			this.server.once('error', reject);
			this.server.listen(0, '127.0.0.1', () => {
				this.url = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (this.server.address()).port}`;
				resolve(this);
			});
		});
	}

	/**
	 * The public addresses of a stored file: `publicUrl` (inline) and `publicUrlDownload` (as an attachment). The same
	 * on every read of this host, so the sandbox page, which redraws only what changed, does not redraw a file's message.
	 */
	addressesOf(file) {
		const base = `${this.url}/media/${file.id}/${encodeURIComponent(file.public.name ?? 'file')}?X-Amz-Signature=${this.signatureOf(file.id)}`;
		return { publicUrl: base, publicUrlDownload: `${base}&download=1` };
	}

	/** A signature of this host for this file: stable while the host runs, different on another run. */
	signatureOf(id) {
		return crypto.createHmac('sha256', this.secret).update(id).digest('hex').slice(0, 32);
	}

	/** Requests that carried a credential header or the API key, with the names of those headers. */
	keyLeaks() {
		return this.requests
			.map((request) => ({ path: request.path, headers: credentialHeaders(request.headers, this.apiKey()) }))
			.filter((leak) => leak.headers.length > 0);
	}

	handle(req, res) {
		const url = new URL(req.url ?? '/', this.url);
		const entry = {
			method: req.method ?? 'GET',
			path: url.pathname,
			headers: { ...req.headers },
			status: 0,
			bytesSent: 0,
			complete: false,
		};
		this.requests.push(entry);
		const [, kind, id] = url.pathname.split('/');
		const file = kind === 'media' && id ? this.files().get(id.toLowerCase()) : undefined;
		if (req.method !== 'GET' || !file || !url.searchParams.get('X-Amz-Signature')) {
			entry.status = req.method !== 'GET' ? 405 : 403;
			// an object store's refusal: XML, never the API's JSON
			res.writeHead(entry.status, { 'content-type': 'application/xml' });
			res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code></Error>');
			return;
		}
		const served = file.servedAs;
		const bytes = served ? served.bytes : file.bytes;
		const size = bytes ? bytes.length : file.size;
		const headers = { 'content-type': served ? served.mimeType : (file.public.mimeType ?? 'application/octet-stream') };
		if (!file.chunked) headers['content-length'] = String(size);
		if (url.searchParams.get('download')) headers['content-disposition'] = `attachment; filename="${file.public.name}"`;
		entry.status = 200;
		res.writeHead(200, headers);
		let offset = 0;
		const pump = () => {
			while (offset < size) {
				// the client hung up (it stopped reading at its size cap): nothing more is sent
				if (res.destroyed) return;
				const length = Math.min(file.trickle ? file.trickle.bytes : CHUNK, size - offset);
				const chunk = bytes ? bytes.subarray(offset, offset + length) : generatedChunk(file.seed, offset, length, file.mimeType);
				offset += length;
				entry.bytesSent = offset;
				// a slow host: a few bytes, then a pause shorter than any idle limit
				if (file.trickle) return void (res.write(chunk), setTimeout(pump, file.trickle.everyMs).unref());
				if (!res.write(chunk)) return void res.once('drain', pump);
			}
			entry.complete = true;
			res.end();
		};
		res.on('error', () => undefined);
		pump();
	}

	async close() {
		await new Promise((resolve) => {
			this.server.close(() => resolve(undefined));
			this.server.closeAllConnections();
		});
	}
}

module.exports = { MediaOrigin, generatedBytes };
