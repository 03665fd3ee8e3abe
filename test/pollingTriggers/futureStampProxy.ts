import type { IDataObject } from 'n8n-workflow';

import { startRewritingProxy } from '../engine/localServer';

/*
 * A proxy between a polling trigger and the sandbox that makes one record carry a stamp far in the future in
 * every answer of the trigger's listing: Helena holding a record whose `updatedAt` (or `createdAt`) was written by
 * a clock gone wrong. The sandbox stays honest; only the answers the node reads change. The record is removed from
 * wherever it is in the answer and put where the order asked puts a record stamped that late: first when listing
 * newest first, last when listing oldest first, on every page (an empty page included). Where the sandbox's answer
 * leaves it out, the proxy puts in the copy it last saw in an answer to the same filters (details included).
 */

export const FAR_FUTURE = '9999-12-31T23:59:59Z';

export interface FutureStamp {
	/** The listing's path, as the node requests it (e.g. /core/v1/contact). */
	path: string;
	/** The time the listing is ordered and bounded by. */
	field: 'updatedAt' | 'createdAt';
	/** The id of the record stamped in the future. */
	id: string;
	/** Whether the record belongs in the listing of this query (a contact of another status does not). */
	belongs?(query: URLSearchParams, record: IDataObject): boolean;
	/** Answers without Helena's `Date` header (a proxy on the way that drops it). */
	withoutDate?: boolean;
}

export interface FutureStampProxy {
	url: string;
	/** Answers in which the record was put with its future stamp. */
	rewritten: number;
	close(): Promise<void>;
}

export async function startFutureStampProxy(target: string, stamp: FutureStamp): Promise<FutureStampProxy> {
	/** The record as Helena last listed it (before its stamp is rewritten), by the filters of the listing. */
	const latest = new Map<string, IDataObject>();
	const PAGING = new Set(['PageNumber', 'PageSize', 'OrderDirection', 'UpdatedAt.After', 'CreatedAt.After']);
	const filtersOf = (url: URL) =>
		JSON.stringify([...url.searchParams].filter(([name]) => !PAGING.has(name)).sort(([a], [b]) => a.localeCompare(b)));
	const proxy: FutureStampProxy = { url: '', rewritten: 0, close: async () => undefined };

	const rewrite = (url: URL, body: Buffer): Buffer => {
		const page = JSON.parse(body.toString('utf8')) as IDataObject;
		if (!Array.isArray(page.items)) return body;
		const items = page.items as IDataObject[];
		const own = items.find((item) => String(item.id) === stamp.id);
		if (own) latest.set(filtersOf(url), own);
		const record = latest.get(filtersOf(url));
		if (!record || (stamp.belongs && !stamp.belongs(url.searchParams, record))) return body;
		const others = items.filter((item) => String(item.id) !== stamp.id);
		const future = { ...record, [stamp.field]: FAR_FUTURE };
		const descending = /^desc/i.test(url.searchParams.get('OrderDirection') ?? '');
		proxy.rewritten++;
		return Buffer.from(JSON.stringify({ ...page, items: descending ? [future, ...others] : [...others, future] }));
	};

	const relay = await startRewritingProxy(
		target,
		({ method, url }, status, body) => (method === 'GET' && url.pathname === stamp.path && status === 200 ? rewrite(url, body) : body),
		{ dropHeaders: stamp.withoutDate ? ['date'] : [] },
	);
	proxy.url = relay.url;
	proxy.close = relay.close;
	return proxy;
}
