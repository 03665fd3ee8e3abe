/**
 * Runs `work` over `tasks` with at most `concurrency` in flight and returns the results in task
 * order (items, batch chunks and pages side by side; the request budget still paces them).
 */
export async function mapWithConcurrency<T, R>(
	tasks: T[],
	concurrency: number,
	work: (task: T, index: number) => Promise<R>,
): Promise<R[]> {
	const results = new Array<R>(tasks.length);
	let next = 0;
	const worker = async () => {
		while (next < tasks.length) {
			const index = next++;
			results[index] = await work(tasks[index], index);
		}
	};
	await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, worker));
	return results;
}
