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
 * input item, and under Continue On Fail a failed item becomes `{ error }` instead of stopping.
 * Reads pass `concurrency` to overlap their round trips; output keeps the input order, and without
 * Continue On Fail the first failing item (by index) is the error.
 */
export async function runPerItem(
	this: IExecuteFunctions,
	handle: (itemIndex: number) => Promise<IDataObject | IDataObject[] | ItemWithBinary>,
	{ concurrency = 1 }: { concurrency?: number } = {},
): Promise<INodeExecutionData[]> {
	const count = this.getInputData().length;
	const continueOnFail = this.continueOnFail();
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
			if (continueOnFail) output[itemIndex] = [failedItem(error, itemIndex)];
			else recordFailure(itemIndex, error);
		}
	});
	if (failed.first) throw withItemIndex(this, failed.first.error, failed.first.itemIndex);
	return output.flat();
}
