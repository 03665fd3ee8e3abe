import type { IDataObject, IExecuteFunctions, INodeExecutionData, NodeApiError, NodeOperationError } from 'n8n-workflow';

import { mapWithConcurrency } from '../helpers/concurrency';
import { itemErrors, withItemIndex } from '../helpers/runPerItem';
import { requestOutcome } from './outcome';
import { tellSendOutcome } from './sendOutcome';
import type { RequestOutcome } from './outcome';

/** What running the node again would do to the items a batch applied already. */
export type RepeatEffect = { harmless: true; because: string } | { harmless: false; would: string };

/** One request of a batch operation: the input items it carries and how it is sent. */
export interface BatchPart {
	itemIndexes: number[];
}

export interface BatchRun<P extends BatchPart> {
	parts: P[];
	/** Sends one part and writes its items' output; throws when the request failed. */
	send: (part: P) => Promise<void>;
	/** What a repeat would do to applied items (a sequence re-add may start it over; a portfolio re-add adds once). */
	repeat: RepeatEffect;
	/** Requests in flight side by side (the request budget still paces them). */
	concurrency?: number;
}

/** Item indexes as ranges: "0 to 99, 150". */
export function itemRanges(indexes: number[]): string {
	const sorted = [...indexes].sort((a, b) => a - b);
	const ranges: string[] = [];
	for (let start = 0; start < sorted.length;) {
		let end = start;
		while (end + 1 < sorted.length && sorted[end + 1] === sorted[end] + 1) end++;
		ranges.push(start === end ? `${sorted[start]}` : `${sorted[start]} to ${sorted[end]}`);
		start = end + 1;
	}
	return ranges.join(', ');
}

type ItemState = 'applied' | RequestOutcome;

/**
 * An item of a batch operation refused before any request (its input, a check), through the node's handling:
 * under Continue On Fail its error and `outcome`, as the items of a failed request carry them; otherwise it
 * throws the error, naming the item.
 */
export function refusedItem(context: IExecuteFunctions, error: unknown, itemIndex: number): INodeExecutionData {
	const { json, pairedItem } = itemErrors(context).failed(error, itemIndex);
	return { json: { ...json, outcome: 'notApplied' satisfies RequestOutcome }, pairedItem };
}

/** The report a failed batch gives: which items were applied, not applied, or may have been (their answer was lost). */
function describe(states: Map<number, ItemState>, repeat: RepeatEffect, continueOnFail: boolean): string {
	const of = (state: ItemState) => [...states].filter(([, value]) => value === state).map(([index]) => index);
	const applied = of('applied');
	const unknown = of('unknown');
	const notApplied = of('notApplied');
	const lines = [
		`Applied: ${applied.length ? `items ${itemRanges(applied)}` : 'none'}.`,
		`Not applied: ${notApplied.length ? `items ${itemRanges(notApplied)}` : 'none'}.`,
		...(unknown.length ? [`Unknown (the answer was lost, so Helena may have applied them): items ${itemRanges(unknown)}.`] : []),
	];
	const touched = applied.length + unknown.length;
	if (touched === 0) lines.push('Running the node again is safe: nothing was applied.');
	else if (repeat.harmless) lines.push(`Running the node again is safe: ${repeat.because}.`);
	else {
		// under Continue On Fail each item carries its own result already
		const remedy = continueOnFail
			? 'remove them from the input first'
			: "remove them from the input first, or set the node's On Error to Continue so that each item carries its own result";
		lines.push(
			`Running the node again would ${repeat.would} for the applied${unknown.length ? ' (and perhaps the unknown)' : ''} items: ${remedy}.`,
		);
	}
	return lines.join(' ');
}

/**
 * Runs the requests of a batch operation and keeps the account of every item: applied (its request
 * answered), not applied (refused, never sent, or not reached after a failure) or unknown (the answer
 * was lost). Without Continue On Fail the first failure (by item) stops what has not started and is
 * thrown with that account; with it, each item of a failed request is output as its error and outcome.
 */
export async function runBatches<P extends BatchPart>(
	context: IExecuteFunctions,
	output: Array<INodeExecutionData | INodeExecutionData[] | undefined>,
	{ parts, send, repeat, concurrency = 1 }: BatchRun<P>,
): Promise<void> {
	const { continueOnFail } = itemErrors(context);
	const states = new Map<number, ItemState>();
	for (const part of parts) for (const itemIndex of part.itemIndexes) states.set(itemIndex, 'notApplied');
	const failures: Array<{ part: P; error: NodeApiError | NodeOperationError }> = [];

	await mapWithConcurrency(parts, concurrency, async (part) => {
		if (failures.length && !continueOnFail) return;
		const first = Math.min(...part.itemIndexes);
		try {
			await send(part);
			for (const itemIndex of part.itemIndexes) states.set(itemIndex, 'applied');
		} catch (caught) {
			const error = withItemIndex(context, tellSendOutcome(caught), first);
			error.context.itemIndex = first;
			const outcome = requestOutcome(error);
			for (const itemIndex of part.itemIndexes) states.set(itemIndex, outcome);
			failures.push({ part, error });
		}
	});
	if (!failures.length) return;

	const report = describe(states, repeat, continueOnFail);
	for (const { part, error } of failures) {
		const held = `The request held items ${itemRanges(part.itemIndexes)}.`;
		error.description = [error.description, held, report].filter(Boolean).join(' ');
		error.context.itemOutcomes = Object.fromEntries(states) as IDataObject;
		if (!continueOnFail) continue;
		const outcome = states.get(part.itemIndexes[0]);
		for (const itemIndex of part.itemIndexes) {
			output[itemIndex] = {
				json: { error: error.message, description: error.description, outcome: outcome as string },
				pairedItem: { item: itemIndex },
			};
		}
	}
	if (!continueOnFail) {
		throw failures.sort((a, b) => Number(a.error.context.itemIndex) - Number(b.error.context.itemIndex))[0].error;
	}
}
