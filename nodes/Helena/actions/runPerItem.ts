import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

/** Output of a failed item under Continue On Fail, paired to the item that failed. */
export function failedItem(error: unknown, itemIndex: number): INodeExecutionData {
	const { message, description } = error as { message?: string; description?: string | null };
	return {
		json: { error: message ?? String(error), ...(description ? { description } : {}) },
		pairedItem: { item: itemIndex },
	};
}

/** Makes sure an error names the item it belongs to, so n8n can point at it. */
export function withItemIndex(
	context: IExecuteFunctions,
	error: unknown,
	itemIndex: number,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (error.context.itemIndex === undefined) error.context.itemIndex = itemIndex;
		return error;
	}
	return new NodeOperationError(context.getNode(), error as Error, { itemIndex });
}

/**
 * The item loop of every operation that sends one request per item: each result is paired to its
 * input item, and under Continue On Fail a failed item becomes `{ error }` instead of stopping.
 */
export async function runPerItem(
	this: IExecuteFunctions,
	handle: (itemIndex: number) => Promise<IDataObject | IDataObject[]>,
): Promise<INodeExecutionData[]> {
	const output: INodeExecutionData[] = [];
	const count = this.getInputData().length;
	for (let itemIndex = 0; itemIndex < count; itemIndex++) {
		try {
			const result = await handle(itemIndex);
			output.push(
				...this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(result), {
					itemData: { item: itemIndex },
				}),
			);
		} catch (error) {
			if (!this.continueOnFail()) throw withItemIndex(this, error, itemIndex);
			output.push(failedItem(error, itemIndex));
		}
	}
	return output;
}
