/**
 * A value read at most once per execution (keyed by the execution context). A failed read is not
 * kept: the next item asks again instead of failing with the first item's error.
 */
export function perExecution<C extends object, T>(read: (context: C) => Promise<T>): (context: C) => Promise<T> {
	const values = new WeakMap<C, Promise<T>>();
	return async (context) => {
		let value = values.get(context);
		if (!value) {
			const reading = read(context);
			value = reading;
			values.set(context, reading);
			reading.catch(() => {
				if (values.get(context) === reading) values.delete(context);
			});
		}
		return await value;
	};
}
