import type { IBinaryKeyData, IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { mapWithConcurrency } from './concurrency';
import { runItemChecks } from './optionLists';

/** Output of a failed item under Continue On Fail, paired to the item that failed. */
export function failedItem(error: unknown, itemIndex: number): INodeExecutionData {
	const { message, description } = error as { message?: string; description?: string | null };
	return {
		json: { error: message ?? String(error), ...(description ? { description } : {}) },
		pairedItem: { item: itemIndex },
	};
}

/** Makes sure an error names the item it belongs to, so n8n can point at it. */
export function withItemIndex(context: IExecuteFunctions, error: unknown, itemIndex: number): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (error.context.itemIndex === undefined) error.context.itemIndex = itemIndex;
		return error;
	}
	return new NodeOperationError(context.getNode(), error as Error, { itemIndex });
}

/**
 * What becomes of an item that fails, as the node's execute() decides it from Continue On Fail, once per
 * execution. Every item loop goes through it: runPerItem, and the checks and reports of the batch operations.
 */
export interface ItemErrors {
	/** Continue On Fail is on: a failed item comes out as its error and the other items go on. */
	readonly continueOnFail: boolean;
	/** A failed item: its error item, paired to it, under Continue On Fail; otherwise throws the error, naming the item. */
	failed(error: unknown, itemIndex: number): INodeExecutionData;
}

const itemErrorsOf = new WeakMap<object, ItemErrors>();

/** Hands the node's Continue On Fail handling to the item loops of this execution (the router does it first). */
export function handleItemErrors(context: object, handling: ItemErrors): void {
	itemErrorsOf.set(context, handling);
}

/** The Continue On Fail handling the node's execute() set for this execution. */
export function itemErrors(context: IExecuteFunctions): ItemErrors {
	const handling = itemErrorsOf.get(context);
	if (!handling) throw new NodeOperationError(context.getNode(), "An item loop ran outside the node's execute(): report this as a bug");
	return handling;
}

/** A result that carries files (binary data, e.g. a downloaded message file) besides its JSON. */
export class ItemWithBinary {
	constructor(
		readonly json: IDataObject,
		readonly binary: IBinaryKeyData,
	) {}
}

/** Items a read operation sends side by side; the request budget still paces them. */
export const READ_CONCURRENCY = 5;

/**
 * The item loop of every operation that sends one request per item: each result is paired to its
 * input item, and a failed item goes to the node's handling (`itemErrors`): under Continue On Fail it
 * becomes `{ error }` instead of stopping.
 * Reads pass `concurrency` to overlap their round trips; output keeps the input order, and without
 * Continue On Fail the first failing item (by index) is the error.
 */
export async function runPerItem(
	this: IExecuteFunctions,
	handle: (itemIndex: number) => Promise<IDataObject | IDataObject[] | ItemWithBinary>,
	{ concurrency = 1 }: { concurrency?: number } = {},
): Promise<INodeExecutionData[]> {
	const count = this.getInputData().length;
	const { failed: itemFailed } = itemErrors(this);
	const output: INodeExecutionData[][] = new Array(count);
	const failed: { first?: { itemIndex: number; error: unknown } } = {};
	const recordFailure = (itemIndex: number, error: unknown) => {
		if (!failed.first || itemIndex < failed.first.itemIndex) failed.first = { itemIndex, error };
	};
	const itemIndexes = Array.from({ length: count }, (_, itemIndex) => itemIndex);

	await mapWithConcurrency(itemIndexes, concurrency, async (itemIndex) => {
		if (failed.first) return;
		try {
			runItemChecks(this, itemIndex);
			const result = await handle(itemIndex);
			const items =
				result instanceof ItemWithBinary ? [{ json: result.json, binary: result.binary }] : this.helpers.returnJsonArray(result);
			output[itemIndex] = this.helpers.constructExecutionMetaData(items, { itemData: { item: itemIndex } });
		} catch (error) {
			try {
				output[itemIndex] = [itemFailed(error, itemIndex)];
			} catch (stop) {
				// without Continue On Fail: of the items in flight, the first by index is the node's error
				recordFailure(itemIndex, stop);
			}
		}
	});
	if (failed.first) throw failed.first.error;
	return output.flat();
}
