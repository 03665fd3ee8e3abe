import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { helenaRequest, markOutcome } from '../../transport';
import type { RepeatEffect } from '../../transport';
import { joinsSequence, matchable, upsertSafeToRepeat } from './repeatSafety';

/* Contacts saved by Create or Update Many, one chunk per request. */

export interface PendingContact {
	itemIndex: number;
	body: IDataObject;
}

/** Whether sending these contacts again saves the same contacts again, and nothing more. */
const safeToRepeat = (part: PendingContact[]) => part.every(({ body }) => upsertSafeToRepeat(body));

/** What running the node again would do to contacts saved already. */
export function repeatEffect(pending: PendingContact[]): RepeatEffect {
	if (safeToRepeat(pending)) {
		return { harmless: true, because: 'the batch updates the contacts that exist, so a contact saved already is saved again, once' };
	}
	const effects = [
		...(pending.some(({ body }) => !matchable(body))
			? ['create a second contact of each one without a phone number, email or Instagram']
			: []),
		...(pending.some(({ body }) => joinsSequence(body))
			? ['add the contacts with Sequence IDs to their sequences again, which may start them over']
			: []),
	];
	return { harmless: false, would: effects.join(', and ') };
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
		// the batch upserts by phone number, email or Instagram: a repeat saves the same contacts again, unless one
		// has none of them (it would be created twice) or joins a sequence (which may start over)
		repeatable: safeToRepeat(part),
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
