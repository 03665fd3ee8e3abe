import type { IDataObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { isNotFoundError, missingRecordMessage, refusalOf } from './errors';
import type { HelenaRefusal, RecordRef } from './errors';
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

/** A character no message of the transport holds (private use), marking a probe's index. */
const PROBE = '\uE000';

/** Where Helena's text first names one of `records` by kind, through the transport's own word list (-1: none). */
function firstNamed(records: RecordRef[], text: string): number {
	// probes without values: missingRecordMessage answers with the message of the one Helena's words name first
	const probes = records.map((record, index) => ({ kind: record.kind, message: `${PROBE}${index}${PROBE}` }));
	const found = new RegExp(`^${PROBE}(\\d+)${PROBE}`).exec(missingRecordMessage(probes, text));
	return found ? Number(found[1]) : -1;
}

/**
 * Which record of the request Helena's "not found" is about: `own` (the record being deleted, `records[0]`),
 * another one of the request (a user to transfer to, the card of a note), or `unclear` when its words do not
 * tell them apart (no record named, or two records of the kind it names). A request that names one record
 * can only be missing that one.
 */
export function missingOfDelete(records: RecordRef[] | undefined, text: string | undefined): 'own' | 'unclear' | RecordRef {
	const [own, ...others] = records ?? [];
	if (!own || others.length === 0) return 'own';
	const all = [own, ...others];
	const lower = (text ?? '').toLowerCase();
	const at = (record: RecordRef) => (record.value ? lower.indexOf(record.value.toLowerCase()) : -1);
	// a value Helena quotes says which (the first quoted); records that share it (one ID given twice), or none
	// quoted, are told apart by the kind Helena's words name first
	const first = Math.min(...all.map(at).filter((index) => index >= 0));
	const quoted = all.filter((record) => at(record) === first);
	const candidates = quoted.length ? quoted : all;
	const named = quoted.length === 1 ? quoted[0] : text ? candidates[firstNamed(candidates, text)] : undefined;
	if (!named) return 'unclear';
	if (quoted.length !== 1 && candidates.filter((record) => record.kind === named.kind).length > 1) return 'unclear';
	return named === own ? 'own' : named;
}

/** The words of a "not found" that cannot say which of the request's records is missing. */
function unclearMessage(records: RecordRef[]): string {
	const [own, ...others] = records;
	const named = (record: RecordRef) => record.message.replace(/^(The|A) /, 'the ').replace(/ was not found in Helena$/, '');
	return `Helena says a record was not found, and does not say which: ${named(own)} being deleted, or ${others.map(named).join(', or ')}`;
}

/**
 * Every Delete reads the same: `{ deleted: true, id }` when this request deleted it (also when a repeat
 * after a lost answer finds it gone: the first attempt did it), and `{ deleted: false, id, alreadyGone: true }`
 * when Helena shows it was deleted before (by this workflow or a person). "Not found" counts only when
 * what Helena did not find is the record being deleted: one that names another record of the request (a user
 * to transfer to, the card of a note), or cannot say which, is an error naming it, even on a repeat.
 */
export async function deleteRecord(
	this: HelenaContext,
	{ id, saysDeleted, notFoundMeansGone = false, ...request }: DeleteRequest,
): Promise<IDataObject> {
	const ownMissing = (refusal: HelenaRefusal) => refusal.notFound && missingOfDelete(request.records, refusal.text) === 'own';
	const gone = (error: unknown) => {
		const refusal = refusalOf(error);
		if (!refusal) return false;
		if (saysDeleted?.(refusal)) return true;
		return notFoundMeansGone && isNotFoundError(error) && ownMissing(refusal);
	};
	try {
		await helenaRequest.call(this, {
			...request,
			method: 'DELETE',
			alreadyDone: (refusal) => ownMissing(refusal) || Boolean(saysDeleted?.(refusal)),
		});
	} catch (error) {
		if (gone(error)) return { deleted: false, id, alreadyGone: true };
		const refusal = refusalOf(error);
		const missing = refusal?.notFound && request.records?.length ? missingOfDelete(request.records, refusal.text) : 'own';
		if (missing === 'unclear') (error as NodeApiError).message = unclearMessage(request.records!);
		else if (missing !== 'own' && !(error as NodeApiError).message.startsWith(missing.message))
			(error as NodeApiError).message = missing.message;
		throw error instanceof NodeApiError || error instanceof NodeOperationError
			? error
			: new NodeOperationError(this.getNode(), error as Error);
	}
	return { deleted: true, id };
}
