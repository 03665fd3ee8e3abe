import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { itemErrors, readList, runItemChecks } from '../../helpers';
import { chunk, helenaRequest, refusedItem, runBatches } from '../../transport';

const properties: INodeProperties[] = [
	{
		displayName: 'Scheduled Message IDs',
		name: 'scheduledMessageIds',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 3fa85f64-5717-4562-b3fc-2c963f66afa6',
		description:
			'The scheduled messages to cancel: one ID per input item (usually an expression), or several (an array or comma-separated)',
		hint: 'All items go to Helena 100 IDs per request; cancelling a message cancelled already changes nothing',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['scheduledMessage'], operation: ['cancelMany'] } }, properties);

interface Wanted {
	itemIndex: number;
	id: string;
}

/** POST /chat/v1/scheduled-message/batch-cancel: a list of IDs in, the messages as they now are out. */
async function cancelBatch(context: IExecuteFunctions, ids: string[], itemIndex: number): Promise<IDataObject[]> {
	return (await helenaRequest.call(context, {
		service: 'chat',
		method: 'POST',
		path: '/v1/scheduled-message/batch-cancel',
		body: ids as unknown as IDataObject[],
		itemIndex,
		// cancelling twice changes nothing
		repeatable: true,
		answer: 'list',
	})) as IDataObject[];
}

/**
 * Every item's IDs, checked before any request; the distinct IDs in requests of 100, through the batch account
 * (a request that fails names the items cancelled, not cancelled and unknown). Each ID comes out as Helena
 * returns the message (status CANCELED, or the status that kept it from being cancelled), paired to its item;
 * an ID Helena does not return is an error of its item, beside the item's messages that Helena did return.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const count = this.getInputData().length;
	const { continueOnFail } = itemErrors(this);
	const refused: Array<INodeExecutionData | undefined> = new Array(count);
	const wanted: Wanted[] = [];
	for (let itemIndex = 0; itemIndex < count; itemIndex++) {
		try {
			runItemChecks(this, itemIndex);
			const ids = readList(this, this.getNodeParameter('scheduledMessageIds', itemIndex), 'Scheduled Message IDs', itemIndex, {
				uuids: true,
				unique: true,
			});
			if (!ids.length) throw new NodeOperationError(this.getNode(), `Scheduled Message IDs is empty (item ${itemIndex})`, { itemIndex });
			wanted.push(...ids.map((id) => ({ itemIndex, id: id.toLowerCase() })));
		} catch (error) {
			refused[itemIndex] = refusedItem(this, error, itemIndex);
		}
	}

	const itemsOf = new Map<string, number[]>();
	for (const { itemIndex, id } of wanted) itemsOf.set(id, [...(itemsOf.get(id) ?? []), itemIndex]);
	const parts = chunk([...itemsOf.keys()]).map((ids) => ({
		ids,
		itemIndexes: [...new Set(ids.flatMap((id) => itemsOf.get(id) ?? []))],
	}));
	const answered = new Map<string, IDataObject>();
	const failed: Array<INodeExecutionData | INodeExecutionData[] | undefined> = new Array(count);
	await runBatches(this, failed, {
		parts,
		repeat: { harmless: true, because: 'cancelling a message cancelled already changes nothing' },
		send: async ({ ids, itemIndexes }) => {
			for (const record of await cancelBatch(this, ids, Math.min(...itemIndexes))) answered.set(String(record?.id).toLowerCase(), record);
		},
	});

	const output: INodeExecutionData[][] = Array.from({ length: count }, (_, itemIndex) => (refused[itemIndex] ? [refused[itemIndex]] : []));
	let missing: NodeOperationError | undefined;
	for (const { itemIndex, id } of wanted) {
		const record = answered.get(id);
		if (record) output[itemIndex].push({ json: record, pairedItem: { item: itemIndex } });
		else if (!failed[itemIndex]) {
			const error = new NodeOperationError(this.getNode(), `The scheduled message "${id}" was not found in Helena (item ${itemIndex})`, {
				itemIndex,
				description: `Helena's answer to the batch cancel does not list it: most likely no scheduled message of this account has this ID. ${
					answered.size
						? `The ${answered.size} messages Helena listed are cancelled, or kept the status that prevented it`
						: 'Helena listed none of the messages'
				}; running the node again is safe.`,
			});
			if (!continueOnFail) missing ??= error;
			else output[itemIndex].push(refusedItem(this, error, itemIndex));
		}
	}
	// the error of a failed request, after what the item's other requests did
	for (let itemIndex = 0; itemIndex < count; itemIndex++)
		if (failed[itemIndex]) output[itemIndex].push(failed[itemIndex] as INodeExecutionData);
	if (missing) throw missing;
	return output.flat();
}
