import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { withItemIndex } from '../../helpers';
import { helenaRequest } from '../../transport';

/* Contacts saved by Create or Update Many, one chunk per request, and what a failed chunk reports. */

export interface PendingContact {
	itemIndex: number;
	body: IDataObject;
}

/** Makes a chunk's error say which items it held, and point at the first of them. */
export function batchError(context: IExecuteFunctions, error: unknown, part: PendingContact[]) {
	const first = part[0].itemIndex;
	const last = part[part.length - 1].itemIndex;
	const wrapped = withItemIndex(context, error, first);
	wrapped.context.itemIndex = first;
	const held = `The batch held items ${first} to ${last}; contacts of other batches may have been saved, and running again is safe because the batch updates contacts that exist.`;
	wrapped.description = [wrapped.description, held].filter(Boolean).join(' ');
	return wrapped;
}

/** One chunk of contacts in one `POST /v2/contact/batch`; its answer pairs with the chunk's items by position. */
export async function saveBatch(
	context: IExecuteFunctions,
	part: PendingContact[],
	options: IDataObject | undefined,
): Promise<IDataObject[]> {
	const saved = await helenaRequest.call(context, {
		method: 'POST',
		path: '/v2/contact/batch',
		answer: 'list',
		body: { items: part.map(({ body }) => body), ...(options ? { options } : {}) },
		itemIndex: part[0].itemIndex,
		// the batch always upserts, so a repeat saves the same contacts again
		repeatable: true,
	});
	if (!Array.isArray(saved) || saved.length !== part.length) {
		const count = Array.isArray(saved) ? saved.length : 'no list of';
		throw new NodeOperationError(
			context.getNode(),
			`Helena answered ${count} contacts for a batch of ${part.length}, so they cannot be paired with their input items`,
			{ itemIndex: part[0].itemIndex },
		);
	}
	return saved as IDataObject[];
}
