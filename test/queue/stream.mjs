// Streams of Helena deliveries for the queue-mode test, and the bookkeeping of what became of them:
// answered 200, executed, lost, run twice.
import { outputOf } from '../../scripts/lib/n8n.mjs';

/** Runs `work(index)` for 0..count-1 with at most `concurrency` at a time. */
export async function pool(count, concurrency, work) {
	const results = new Array(count);
	let next = 0;
	await Promise.all(
		Array.from({ length: concurrency }, async () => {
			while (next < count) {
				const index = next++;
				results[index] = await work(index);
			}
		}),
	);
	return results;
}

/**
 * `count` SESSION_NEW deliveries, `concurrency` at a time; `beforeSend(index)` may act (kill a process)
 * or hold a delivery back. Returns the sandbox's log entries of this stream: { body, status, error, at, durationMs }.
 */
export async function deliveryStream(sandbox, { count, concurrency, beforeSend = async () => {} }) {
	const first = sandbox.deliveries.length;
	await pool(count, concurrency, async (index) => {
		await beforeSend(index);
		return sandbox.deliver('SESSION_NEW');
	});
	const entries = sandbox.deliveries.slice(first).filter((entry) => entry.eventType === 'SESSION_NEW');
	if (entries.length !== count) throw new Error(`expected ${count} deliveries, the sandbox logged ${entries.length}`);
	return entries;
}

/** Counts of a list of values: { value: how many }. */
export function countBy(values) {
	const counts = {};
	for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
	return counts;
}

/**
 * What became of each delivery, from the executions (with data) of the workflow whose `Received` node holds
 * the delivered body: executions per session id, lost ones (no execution that reached `Received`),
 * duplicated ones (more than one).
 */
export function tally(entries, executions) {
	const runsOf = new Map();
	const withoutItem = [];
	for (const execution of executions) {
		const [item] = outputOf(execution.data?.resultData?.runData, 'Received');
		if (!item) withoutItem.push(execution);
		else runsOf.set(item.content.id, [...(runsOf.get(item.content.id) ?? []), execution]);
	}
	const answers = countBy(entries.map((entry) => entry.status ?? `error: ${entry.error}`));
	const delivered = entries.map((entry) => entry.body.content.id);
	const executedIds = new Set(delivered.filter((id) => runsOf.has(id)));
	const okIds = entries.filter((entry) => entry.status === 200).map((entry) => entry.body.content.id);
	return {
		deliveries: entries.length,
		answered: answers,
		executions: executions.length,
		// e.g. marked crashed before reaching the node that shows the delivery
		unfinished: withoutItem.map((execution) => `${execution.id} ${execution.status}`),
		executedDeliveries: executedIds.size,
		lost: delivered.filter((id) => !runsOf.has(id)).length,
		lostIds: delivered.filter((id) => !runsOf.has(id)),
		lostAfter200: okIds.filter((id) => !runsOf.has(id)).length,
		executedWithout200: entries.filter((entry) => entry.status !== 200 && runsOf.has(entry.body.content.id)).length,
		duplicated: [...runsOf.values()].filter((runs) => runs.length > 1).length,
		strangers: [...runsOf.keys()].filter((id) => !delivered.includes(id)),
		statuses: countBy(executions.map((execution) => execution.status)),
	};
}

/** Deliveries that had started and not yet been answered at `moment`. */
export function inFlightAt(entries, moment) {
	return entries.filter((entry) => entry.at <= moment && entry.at + entry.durationMs >= moment);
}
