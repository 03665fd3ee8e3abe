'use strict';

/**
 * A contact sends a file (test and demo control): the file is stored like an upload and served by the
 * media origin; the message (IMAGE, AUDIO, VIDEO or DOCUMENT) carries it in `fileId` and `details.file`,
 * and MESSAGE_RECEIVED announces it.
 */

const { newId } = require('../ids');
const { chatOf } = require('./store');
const { contactWrites } = require('./messages');
const { publicFile } = require('./messageRecords');

/** The message type and the file type (PublicFileDTO.type has no DOCUMENT) of a MIME type. */
function typesOf(mimeType) {
	const kind = mimeType.split('/')[0];
	if (kind === 'image') return { message: 'IMAGE', file: 'IMAGE' };
	if (kind === 'audio') return { message: 'AUDIO', file: 'AUDIO' };
	if (kind === 'video') return { message: 'VIDEO', file: 'VIDEO' };
	if (mimeType === 'application/pdf') return { message: 'DOCUMENT', file: 'PDF' };
	return { message: 'DOCUMENT', file: 'UNDEFINED' };
}

/**
 * @param {{ state: any, notify: Function, sandbox: any }} ctx
 * @param {string} phone
 * @param {{ name: string, mimeType: string, bytes?: Buffer, size?: number, seed?: string, chunked?: boolean, statedSize?: number|null, text?: string, channelName?: string, servedAs?: { mimeType: string, bytes: Buffer }, trickle?: { bytes: number, everyMs: number } }} upload
 *   `bytes`, or `size` (+ `seed`) for bytes generated while they are served; `chunked` serves it without a length;
 *   `statedSize` is the size Helena states (default: the real one; null: none), for a host that serves more;
 *   `servedAs` is what the host serves instead of the file (a proxy's error page); `trickle` sends a few bytes at a time
 */
function contactSendsFile(ctx, phone, upload) {
	const chat = chatOf(ctx.state);
	const id = newId();
	const size = upload.bytes ? upload.bytes.length : (upload.size ?? 0);
	const types = typesOf(upload.mimeType);
	const file = {
		id,
		mimeType: upload.mimeType,
		size,
		bytes: upload.bytes,
		seed: upload.seed ?? id,
		chunked: !!upload.chunked,
		servedAs: upload.servedAs,
		trickle: upload.trickle,
		public: {
			id,
			companyId: ctx.state.companyId,
			name: upload.name,
			extension: upload.name.includes('.') ? upload.name.split('.').pop().toLowerCase() : null,
			mimeType: upload.mimeType,
			type: types.file,
			// a file whose size Helena does not state has no `size` (the reference types it as an integer, never null)
			...(upload.statedSize === null ? {} : { size: upload.statedSize ?? size }),
		},
	};
	chat.files.set(id, file);
	const session = contactWrites(ctx, phone, upload.text ?? null, upload.channelName, {
		type: types.message,
		fileId: id,
		details: { file: publicFile(ctx.sandbox, file), errors: [] },
	});
	const message = [...chat.messages.values()].reverse().find((m) => m.fileId === id);
	return { session, message, file };
}

module.exports = { contactSendsFile };
