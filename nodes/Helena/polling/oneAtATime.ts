/** The check running (or last run) per workflow and trigger node in this process. */
const running = new Map<string, Promise<unknown>>();

/**
 * Runs `task` after every earlier task of the same key has finished (whether it succeeded or not), so
 * that two checks of one trigger never read the same state side by side.
 */
export async function oneAtATime<T>(key: string, task: () => Promise<T>): Promise<T> {
	const before = running.get(key) ?? Promise.resolve();
	const current = before.catch(() => undefined).then(task);
	const settled = current.catch(() => undefined);
	running.set(key, settled);
	try {
		return await current;
	} finally {
		if (running.get(key) === settled) running.delete(key);
	}
}
