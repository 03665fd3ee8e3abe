/**
 * One read in flight per key: every caller that asks for a key while its read runs (or, with `reuseForMs`,
 * within that time of its start) gets that read's promise instead of starting another. A read counts from the
 * moment it starts, not from its answer, so a slow answer cannot let a crowd of callers through.
 *
 * The store is a Map for string keys (bounded by `maxKeys`) or a WeakMap for per-execution keys (the context
 * object), so a cache fill and a guarded read share one mechanism.
 */
export interface SingleFlightOptions<K> {
	/** Where the reads are kept; a WeakMap when the key is an object that lives as long as its reads should. */
	store?: FlightStore<K>;
	/**
	 * How long a started read answers later callers, in ms from its start. Default: as long as the store keeps
	 * the key (per-execution caches); 0: only while in flight.
	 */
	reuseForMs?: number;
	/** Whether a failed read answers later callers within `reuseForMs` too (a guard that must not ask again). */
	reuseFailures?: boolean;
	/** At most this many keys are kept in a Map store; the oldest are dropped first. */
	maxKeys?: number;
}

export interface FlightStore<K> {
	get(key: K): Flight | undefined;
	set(key: K, flight: Flight): unknown;
	delete(key: K): unknown;
}

export interface Flight {
	promise: Promise<unknown>;
	startedAt: number;
	settled: boolean;
}

export type SingleFlight<K> = <T>(key: K, read: () => Promise<T>) => Promise<T>;

export function singleFlight<K>(options: SingleFlightOptions<K> = {}): SingleFlight<K> {
	const store: FlightStore<K> = options.store ?? new Map<K, Flight>();
	const reuseForMs = options.reuseForMs ?? Infinity;

	return async <T>(key: K, read: () => Promise<T>): Promise<T> => {
		// monotonic: the interval of a read must not stretch when the wall clock is set back
		const now = performance.now();
		const current = store.get(key);
		if (current && (!current.settled || now - current.startedAt < reuseForMs)) return (await current.promise) as T;

		if (store instanceof Map && options.maxKeys !== undefined) {
			for (const oldKey of store.keys()) {
				if (store.size < options.maxKeys) break;
				store.delete(oldKey);
			}
		}
		// registered before the read starts: whoever comes next finds it in flight
		const flight: Flight = { promise: Promise.resolve().then(read), startedAt: now, settled: false };
		store.set(key, flight);
		const settle = (keep: boolean) => {
			flight.settled = true;
			if (!keep && store.get(key) === flight) store.delete(key);
		};
		flight.promise.then(
			() => settle(reuseForMs > 0),
			() => settle(reuseForMs > 0 && options.reuseFailures === true),
		);
		return (await flight.promise) as T;
	};
}
