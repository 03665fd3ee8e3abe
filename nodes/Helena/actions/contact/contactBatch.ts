import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { helenaRequest, markOutcome } from '../../transport';

/* Contacts saved by Create or Update Many, one chunk per request. */

export interface PendingContact {
	itemIndex: number;
	body: IDataObject;
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
		const error = new NodeOperationError(
			context.getNode(),
			`Helena answered ${count} contacts for a batch of ${part.length}, so they cannot be paired with their input items`,
			{ itemIndex: part[0].itemIndex },
		);
		// Helena answered 2xx: the contacts may be saved, only the answer cannot be read
		throw markOutcome(error, 'unknown');
	}
	return saved as IDataObject[];
}
