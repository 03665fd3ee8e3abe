import type { IDataObject, IExecuteFunctions, IN8nHttpFullResponse } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { httpOrigin } from './download';
import { blockedByN8n, blockedDescription, failedBeforeSending, helenaRequest, requestTimeoutMs, timedOut } from './request';

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
				message: `Helena did not return an upload address for the file "${file.fileName}" (item ${itemIndex})`,
				description: 'The answer of GET /core/v2/file lacked tempFileId or urlUpload. Nothing was uploaded or sent.',
				itemIndex,
			},
		);
	}
	const storage = httpOrigin(slot.urlUpload);
	if (!storage) {
		throw new NodeApiError(
			this.getNode(),
			{ slot: 'not absolute' },
			{
				message: `Helena's upload address for the file "${file.fileName}" is not an absolute http(s) address (item ${itemIndex})`,
				description:
					'The answer of GET /core/v2/file gave a urlUpload the node cannot send the file to (it must start with https:// or http://). Nothing was uploaded or sent; try again later or tell Helena support.',
				itemIndex,
			},
		);
	}
	const timeoutMs = await requestTimeoutMs(this);

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
			// the store obeys the credential's Timeout like the API: one that never answers ends here
			timeout: timeoutMs,
		})) as IN8nHttpFullResponse;
	} catch (error) {
		const block = blockedByN8n(error);
		if (block) {
			throw new NodeApiError(
				this.getNode(),
				{ storage, networkError: 'ssrfBlocked' },
				{
					message: `n8n blocked the upload of "${file.fileName}" to ${storage}: its SSRF protection does not allow this address (item ${itemIndex})`,
					description: `${blockedDescription(block, "Helena's file storage")} Nothing was sent to the contact.`,
					itemIndex,
				},
			);
		}
		const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
		if (timedOut(error)) failure = `no answer within ${timeoutMs / 1000} s (the Timeout of the "Helena API" credential)`;
		else if (failedBeforeSending(code)) failure = `${code}: the storage host could not be reached`;
		else failure = `${code ?? 'a connection error'}: the connection broke during the upload`;
	}
	if (!response || response.statusCode >= 300) {
		throw new NodeApiError(
			this.getNode(),
			{ storage, httpCode: String(response?.statusCode ?? '') },
			{
				message: response
					? `Helena's file storage refused the upload of "${file.fileName}" (item ${itemIndex})`
					: `The upload of "${file.fileName}" to Helena's file storage failed (item ${itemIndex})`,
				description: `The upload to ${storage} failed with ${response ? `HTTP ${response.statusCode}` : failure}. Nothing was sent to the contact; run the item again.`,
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
