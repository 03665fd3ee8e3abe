export const BATCH_SIZE = 100;

/** Splits `values` into consecutive chunks of at most `size`. */
export function chunk<T>(values: T[], size = BATCH_SIZE): T[][] {
	const chunks: T[][] = [];
	for (let start = 0; start < values.length; start += size) {
		chunks.push(values.slice(start, start + size));
	}
	return chunks;
}
