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
