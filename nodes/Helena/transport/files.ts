import type { IDataObject, IExecuteFunctions, IN8nHttpFullResponse } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { helenaRequest } from './request';

/** The `Type` values of the upload slot (core `GET /v2/file`). */
export type HelenaFileType = 'UNDEFINED' | 'PDF' | 'EXCEL' | 'WORD' | 'IMAGE' | 'AUDIO' | 'VIDEO' | 'DOCUMENT';

export interface FileToUpload {
	fileName: string;
	mimeType: string;
	type: HelenaFileType;
	data: Buffer;
	itemIndex: number;
}

interface UploadSlot {
	tempFileId?: string;
	urlUpload?: string;
}

/**
 * Turns bytes into a Helena file id in three steps: ask core for an upload slot, PUT the bytes to
 * the slot's storage URL (a presigned address: the API key is never sent there), then confirm the
 * temporary id. Returns the stored file (`{ id, name, mimeType, size, ... }`).
 */
export async function uploadFile(this: IExecuteFunctions, file: FileToUpload): Promise<IDataObject> {
	const { itemIndex } = file;
	const slot = (await helenaRequest.call(this, {
		method: 'GET',
		path: '/v2/file',
		qs: { Type: file.type, Name: file.fileName, MimeType: file.mimeType },
		itemIndex,
		// an upload slot ({ tempFileId, urlUpload }), checked below
		answer: 'object',
	})) as UploadSlot | undefined;
	if (!slot?.tempFileId || !slot.urlUpload) {
		throw new NodeApiError(
			this.getNode(),
			{ slot: 'missing' },
			{
				message: 'Helena did not return an upload address for the file',
				description: 'The answer of GET /core/v2/file lacked tempFileId or urlUpload.',
				itemIndex,
			},
		);
	}

	let response: IN8nHttpFullResponse | undefined;
	let failure: string | undefined;
	try {
		response = (await this.helpers.httpRequest({
			method: 'PUT',
			url: slot.urlUpload,
			body: file.data,
			headers: { 'content-type': file.mimeType },
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			disableFollowRedirect: true,
		})) as IN8nHttpFullResponse;
	} catch (error) {
		failure = (error as { code?: string }).code ?? 'a connection error';
	}
	if (!response || response.statusCode >= 300) {
		const storage = new URL(slot.urlUpload).origin;
		throw new NodeApiError(
			this.getNode(),
			{ storage, httpCode: String(response?.statusCode ?? '') },
			{
				message: `Helena's file storage refused the upload of "${file.fileName}"`,
				description: `The upload to ${storage} failed with ${response ? `HTTP ${response.statusCode}` : failure}.`,
				itemIndex,
			},
		);
	}

	return (await helenaRequest.call(this, {
		method: 'POST',
		path: '/v2/file',
		body: { tempFileId: slot.tempFileId },
		itemIndex,
		// confirming the same temporary file twice stores it once
		repeatable: true,
	})) as IDataObject;
}
