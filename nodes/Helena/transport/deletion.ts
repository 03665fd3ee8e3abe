import type { IDataObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { isNotFoundError, refusalOf } from './errors';
import type { HelenaRefusal } from './errors';
import { helenaRequest } from './request';
import type { HelenaContext, HelenaRequest } from './request';

export interface DeleteRequest extends Omit<HelenaRequest, 'method' | 'alreadyDone'> {
	/** The ID output as `id`. */
	id: string;
	/** Helena's words for a thing deleted before (a message "já foi excluída"). */
	saysDeleted?: (refusal: HelenaRefusal) => boolean;
	/**
	 * Whether "not found" means deleted before: true for what vanishes when deleted and is deleted by
	 * people in Helena's inbox too (notes). For records picked by ID (a department, a user, a tag, a
	 * subscription) "not found" on the first attempt most likely means a wrong ID, and stays an error.
	 */
	notFoundMeansGone?: boolean;
}

/**
 * Every Delete reads the same: `{ deleted: true, id }` when this request deleted it (also when a repeat
 * after a lost answer finds it gone: the first attempt did it), and `{ deleted: false, id, alreadyGone: true }`
 * when Helena shows it was deleted before (by this workflow or a person). A "not found" that names another
 * record of the request (a user to transfer to, the card of a note) is an error.
 */
export async function deleteRecord(
	this: HelenaContext,
	{ id, saysDeleted, notFoundMeansGone = false, ...request }: DeleteRequest,
): Promise<IDataObject> {
	const own = request.records?.[0];
	const gone = (error: unknown) => {
		const refusal = refusalOf(error);
		if (!refusal) return false;
		if (saysDeleted?.(refusal)) return true;
		return notFoundMeansGone && isNotFoundError(error) && (!own || !(error instanceof Error) || error.message === own.message);
	};
	try {
		await helenaRequest.call(this, {
			...request,
			method: 'DELETE',
			alreadyDone: (refusal) => refusal.notFound || Boolean(saysDeleted?.(refusal)),
		});
	} catch (error) {
		if (gone(error)) return { deleted: false, id, alreadyGone: true };
		throw error instanceof NodeApiError || error instanceof NodeOperationError
			? error
			: new NodeOperationError(this.getNode(), error as Error);
	}
	return { deleted: true, id };
}
