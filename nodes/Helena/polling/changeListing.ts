import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { HelenaRequest, PageEnvelope } from '../transport';
import { fetchAllPages, helenaRequest } from '../transport';
import type { Change, ChangeField, CursorState } from './changeCursor';
import { compareVersions, contentOf, eventOf, instantOf, isAhead, isUnseen } from './changeCursor';

/** One page of a listing ordered by the stream's time. */
export interface PageQuery {
	direction: 'ASCENDING' | 'DESCENDING';
	pageNumber: number;
	pageSize: number;
	/** Lower bound, in ms, as Helena's `*.After` is sent: records stamped later are listed. */
	after?: number;
}

/** Query names of each stream's lower bound, as Helena's lists of contacts, conversations and cards spell them. */
export const AFTER_QUERY: Record<ChangeField, string> = {
	updatedAt: 'UpdatedAt.After',
	createdAt: 'CreatedAt.After',
};

/** The query of one page of a listing by time (order, page and lower bound), as the conversation and card lists read it. */
function timePageQuery(field: ChangeField, page: PageQuery): IDataObject {
	const qs: IDataObject = { OrderBy: field, OrderDirection: page.direction, PageNumber: page.pageNumber, PageSize: page.pageSize };
	if (page.after !== undefined) qs[AFTER_QUERY[field]] = new Date(page.after).toISOString();
	return qs;
}

/**
 * What a polling trigger lists: records of one kind ordered by `field`, read through one listing per
 * partition (contacts: one per status, as Helena lists a single status per request; conversations
 * and cards: a single listing, `['']`).
 */
export interface ChangeSource {
	field: ChangeField;
	partitions: string[];
	/** The request of one page of one partition, with the lower bound as Helena spells it for this list. */
	page(partition: string, query: PageQuery): HelenaRequest;
}

/** One listing ordered by time, with the filters Helena applies itself (conversations, cards: `filters` in its query names). */
export function timeListing(field: ChangeField, filters: IDataObject, request: (qs: IDataObject) => HelenaRequest): ChangeSource {
	return { field, partitions: [''], page: (_, page) => request({ ...filters, ...timePageQuery(field, page) }) };
}

/** Whether Helena says it ordered the page the way we asked (an echo it may leave out). */
function followsOrder(page: PageEnvelope, field: ChangeField): boolean {
	const orderBy = page.orderBy ?? field;
	const direction = page.orderDirection ?? 'ASCENDING';
	return orderBy.toLowerCase() === field.toLowerCase() && /^asc/i.test(direction);
}

function newestFirst(records: IDataObject[], field: ChangeField): IDataObject[] {
	return records
		.filter((record) => !Number.isNaN(instantOf(record[field])))
		.sort((a, b) => compareVersions(String(b[field]), String(a[field])));
}

/** The newest records of each partition, newest first (one request per partition). */
export async function latestRecords(context: IPollFunctions, source: ChangeSource, pageSize: number): Promise<IDataObject[]> {
	const records: IDataObject[] = [];
	for (const partition of source.partitions) {
		const request = source.page(partition, { direction: 'DESCENDING', pageNumber: 1, pageSize });
		const page = ((await helenaRequest.call(context, request)) ?? {}) as PageEnvelope;
		records.push(...(page.items ?? []));
	}
	return newestFirst(records, source.field);
}

/** A record's place in the stream: the same record changed again is another item of the listing. */
const versionKey = (field: ChangeField) => (record: IDataObject) => `${String(record.id)} ${String(record[field])}`;

/**
 * The earliest and latest instants on a page, leaving out stamps ahead of Helena's time (`horizon`, see
 * horizonOf): a record stamped in the future must not move a listing's bound past the records it has not read.
 */
function spanOf(page: PageEnvelope, field: ChangeField, horizon: number): { oldest: number; newest: number } {
	const instants = (page.items ?? [])
		.map((record) => instantOf(record[field]))
		.filter((instant) => !Number.isNaN(instant) && !isAhead(instant, horizon));
	return { oldest: Math.min(...instants), newest: Math.max(...instants) };
}

/**
 * The newest records of each partition, newest first, read back until `from` says the rest is older
 * than what the next check reads (`from` gets the newest time found so far): however many pages
 * that takes, through the guarded pager.
 */
export async function recentRecords(
	context: IPollFunctions,
	source: ChangeSource,
	from: (newest: number) => number,
	horizon: () => number,
): Promise<IDataObject[]> {
	const records: IDataObject[] = [];
	for (const partition of source.partitions) {
		let newest = Number.NEGATIVE_INFINITY;
		const read = await fetchAllPages.call(
			context,
			(pageNumber, pageSize) => source.page(partition, { direction: 'DESCENDING', pageNumber, pageSize }),
			{
				returnAll: true,
				keyOf: versionKey(source.field),
				afterPage: (page) => {
					const span = spanOf(page, source.field, horizon());
					newest = Math.max(newest, span.newest);
					// a page without a single readable time says nothing about where to stop
					if (!Number.isFinite(newest) || !Number.isFinite(span.oldest)) return 'next';
					return span.oldest < from(newest) ? 'stop' : 'next';
				},
			},
		);
		records.push(...read);
	}
	return newestFirst(records, source.field);
}

/**
 * Whether a record stamped at `value` lies at or before `bound` (ms), to the fraction Helena wrote: a
 * listing asked for records after the bound that holds one reads the bound as inclusive.
 */
function atOrBefore(value: unknown, bound: number): boolean {
	const instant = instantOf(value);
	if (Number.isNaN(instant) || instant > bound) return false;
	// the same millisecond: at the bound only when no digit past the milliseconds says later
	return instant < bound || !/\.\d{3}\d*[1-9]/.test(String(value));
}

/** What a listing of changes found, and whether Helena showed that it lists records stamped at the `*.After` bound. */
export interface ListedChanges {
	changes: Change[];
	afterIncludesBound: boolean;
	/** Record id → `contentOf`, for every record listed with a stamp ahead of Helena's time (see CursorState.ahead). */
	ahead: Record<string, string>;
}

/** Record id → `contentOf` of the records stamped ahead of `horizon` (the latest listed of each, when listed twice). */
export function aheadOf(records: IDataObject[], field: ChangeField, horizon: number): Record<string, string> {
	const ahead: Record<string, string> = {};
	const stamps: Record<string, string> = {};
	for (const record of records) {
		const id = String(record.id);
		const version = String(record[field]);
		if (!isAhead(instantOf(version), horizon) || (id in stamps && compareVersions(version, stamps[id]) < 0)) continue;
		stamps[id] = version;
		ahead[id] = contentOf(record);
	}
	return ahead;
}

/**
 * Every change since the cursor, all pages of every partition, through the guarded pager (its page
 * cap and its de-duplication: a server that answers every page alike ends the listing). Each next
 * request starts again at page 1 from the newest change read so far (one millisecond earlier, so
 * that instant is read again and deduplicated): records that change while we read move to the end of
 * the list instead of shifting the pages under us. Only when a page is all one instant (a crowd of
 * changes in one instant), or Helena did not keep the order we asked for, does it step to the next page.
 * The bound sent is the last instant not needed; once Helena lists a record stamped at it (it reads
 * `*.After` as inclusive), the bound moves one millisecond on, at once and in every later check, so
 * that a crowd of records in that instant is not read again at every check. A stamp ahead of Helena's
 * time (`horizon`) never moves the bound (a record stamped in the future is listed after every other
 * record; moving the bound to it would skip them), and such a record is a change when its content is.
 */
export async function changesSince(
	context: IPollFunctions,
	source: ChangeSource,
	state: CursorState,
	start: number | undefined,
	horizon: () => number,
): Promise<ListedChanges> {
	const found = new Map<string, Change>();
	const listed: IDataObject[] = [];
	let inclusive = state.afterIncludesBound === true;
	for (const partition of source.partitions) {
		let after = start === undefined ? undefined : start - 1;
		const firstBound = after;
		const boundSent = () => (after === undefined || !inclusive ? after : after + 1);
		let asked: number | undefined;
		const records = await fetchAllPages.call(
			context,
			(pageNumber, pageSize) => {
				asked = boundSent();
				return source.page(partition, { direction: 'ASCENDING', pageNumber, pageSize, after: asked });
			},
			{
				returnAll: true,
				keyOf: versionKey(source.field),
				afterPage: (page) => {
					if (!inclusive && asked !== undefined && (page.items ?? []).some((record) => atOrBefore(record[source.field], asked!))) {
						inclusive = true;
						return 'restart';
					}
					const { oldest, newest } = spanOf(page, source.field, horizon());
					if (!followsOrder(page, source.field) || !(oldest < newest) || !(newest - 1 > (after ?? Number.NEGATIVE_INFINITY))) return 'next';
					after = newest - 1;
					return 'restart';
				},
			},
		);
		// the last page is not seen by afterPage; the first bound is the lowest this listing sent
		if (firstBound !== undefined && !inclusive && records.some((record) => atOrBefore(record[source.field], firstBound))) inclusive = true;
		listed.push(...records);
	}
	const limit = horizon();
	const ahead = aheadOf(listed, source.field, limit);
	for (const record of listed) {
		const id = String(record.id);
		const version = String(record[source.field]);
		if (!isUnseen(state, id, version, start, isAhead(instantOf(version), limit) ? ahead[id] : undefined)) continue;
		const earlier = found.get(id);
		if (earlier && compareVersions(version, earlier.version) <= 0) continue;
		found.set(id, { record, version, event: eventOf(state, record, start) });
	}
	return { changes: [...found.values()], afterIncludesBound: inclusive, ahead };
}
