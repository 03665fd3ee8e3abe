import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { chunk, helenaRequest, mapWithConcurrency } from '../../transport';
import { failedItem, withItemIndex } from '../runPerItem';
import { readBatchItem } from './batchItems';
import { readCreateOptions } from './contactBody';
import { contactToCreateFields, readContactToCreate } from './create.operation';
import { createOptionsField } from './fields';

/** Chunks sent side by side; the transport's rate budget still paces them. */
const CONCURRENT_BATCHES = 4;

const properties: INodeProperties[] = [
	{
		displayName: 'Contact Data',
		name: 'dataMode',
		type: 'options',
		options: [
			{
				name: 'Auto-Map Input Data',
				value: 'autoMapInputData',
				description:
					"Each input item's JSON is one contact, with keys named like Helena's contact fields (name, phoneNumber, email, tagNames...)",
			},
			{
				name: 'Define Below',
				value: 'defineBelow',
				description: 'Map the contact fields with expressions',
			},
		],
		default: 'autoMapInputData',
	},
	{
		displayName:
			'Keys: name, phoneNumber, email, instagram, annotation, tagIds, tagNames, portfolioIds, portfolioNames, sequenceIds, customFields, metadata. Read-only keys that Get returns (createdAt, status and the like) are ignored; any other key is an error.',
		name: 'autoMapNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { dataMode: ['autoMapInputData'] } },
	},
	...updateDisplayOptions({ show: { dataMode: ['defineBelow'] } }, contactToCreateFields),
	{
		displayName:
			'Helena saves up to 100 contacts per request, so the items are sent in batches of 100. A contact with the same phone number, email or Instagram as an existing one updates it.',
		name: 'batchNotice',
		type: 'notice',
		default: '',
	},
	createOptionsField,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contact'], operation: ['upsertMany'] } },
	properties,
);

interface PendingContact {
	itemIndex: number;
	body: IDataObject;
}

/** Makes a chunk's error say which items it held, and point at the first of them. */
function batchError(context: IExecuteFunctions, error: unknown, part: PendingContact[]) {
	const first = part[0].itemIndex;
	const last = part[part.length - 1].itemIndex;
	const wrapped = withItemIndex(context, error, first);
	wrapped.context.itemIndex = first;
	const held = `The batch held items ${first} to ${last}; contacts of other batches may have been saved, and running again is safe because the batch updates contacts that exist.`;
	wrapped.description = [wrapped.description, held].filter(Boolean).join(' ');
	return wrapped;
}

async function saveBatch(
	context: IExecuteFunctions,
	part: PendingContact[],
	options: IDataObject | undefined,
): Promise<IDataObject[]> {
	const saved = await helenaRequest.call(context, {
		method: 'POST',
		path: '/v2/contact/batch',
		body: { items: part.map(({ body }) => body), ...(options ? { options } : {}) },
		itemIndex: part[0].itemIndex,
		// the batch always upserts, so a repeat saves the same contacts again
		repeatable: true,
	});
	if (!Array.isArray(saved) || saved.length !== part.length) {
		const count = Array.isArray(saved) ? saved.length : 'no list of';
		throw new NodeOperationError(
			context.getNode(),
			`Helena answered ${count} contacts for a batch of ${part.length}, so they cannot be paired with their input items`,
			{ itemIndex: part[0].itemIndex },
		);
	}
	return saved as IDataObject[];
}

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const items = this.getInputData();
	const continueOnFail = this.continueOnFail();
	const dataMode = this.getNodeParameter('dataMode', 0) as string;
	const output: INodeExecutionData[][] = items.map(() => []);

	// every item is checked before the first request
	const pending: PendingContact[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const body =
				dataMode === 'defineBelow'
					? await readContactToCreate(this, itemIndex)
					: readBatchItem(this, items[itemIndex].json, itemIndex);
			pending.push({ itemIndex, body });
		} catch (error) {
			if (!continueOnFail) throw withItemIndex(this, error, itemIndex);
			output[itemIndex] = [failedItem(error, itemIndex)];
		}
	}
	const options = items.length ? readCreateOptions(this, 0) : undefined;

	const failures: Array<NodeApiError | NodeOperationError> = [];
	await mapWithConcurrency(chunk(pending), CONCURRENT_BATCHES, async (part) => {
		if (failures.length && !continueOnFail) return;
		try {
			const saved = await saveBatch(this, part, options);
			part.forEach(({ itemIndex }, position) => {
				output[itemIndex] = [{ json: saved[position], pairedItem: { item: itemIndex } }];
			});
		} catch (error) {
			const wrapped = batchError(this, error, part);
			if (!continueOnFail) failures.push(wrapped);
			else for (const { itemIndex } of part) output[itemIndex] = [failedItem(wrapped, itemIndex)];
		}
	});
	if (failures.length) {
		throw failures.sort((a, b) => Number(a.context.itemIndex) - Number(b.context.itemIndex))[0];
	}
	return output.flat();
}
