import { singleFlight } from './singleFlight';
import type { Flight, SingleFlight } from './singleFlight';

/**
 * A value read at most once per execution (keyed by the execution context), one read in flight. A failed
 * read is not kept: the next item asks again instead of failing with the first item's error.
 */
export function perExecution<C extends object, T>(read: (context: C) => Promise<T>): (context: C) => Promise<T> {
	const flight = singleFlight<C>({ store: new WeakMap<C, Flight>() });
	return async (context) => await flight(context, async () => await read(context));
}

/** Reads made once per execution and key (a panel, a channel's templates), one in flight per key; a failed one is asked again. */
export function perExecutionAndKey<C extends object>(): <T>(context: C, key: string, read: () => Promise<T>) => Promise<T> {
	const flights = new WeakMap<C, SingleFlight<string>>();
	return async (context, key, read) => {
		let flight = flights.get(context);
		if (!flight) flights.set(context, (flight = singleFlight<string>()));
		return await flight(key, read);
	};
}

/**
 * What the process remembers per key (a credential's pacing, its tag-removal spelling), for at most `maxKeys`
 * keys: reading a key makes it the most recent, and a new key beyond the cap drops the least recently used.
 */
export class RecentlyUsed<K, V> {
	private readonly entries = new Map<K, V>();

	constructor(private readonly maxKeys: number) {}

	get size(): number {
		return this.entries.size;
	}

	has(key: K): boolean {
		return this.entries.has(key);
	}

	get(key: K): V | undefined {
		if (!this.entries.has(key)) return undefined;
		const value = this.entries.get(key) as V;
		// a Map keeps insertion order: moved to the end, the key is the most recent
		this.entries.delete(key);
		this.entries.set(key, value);
		return value;
	}

	set(key: K, value: V): void {
		this.entries.delete(key);
		this.entries.set(key, value);
		for (const oldest of this.entries.keys()) {
			if (this.entries.size <= this.maxKeys) break;
			this.entries.delete(oldest);
		}
	}

	clear(): void {
		this.entries.clear();
	}
}
