import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readOption, runItemChecks } from '../../helpers';
import { chunk, refusedItem, runBatches } from '../../transport';
import { readBatchItem } from './batchItems';
import { repeatEffect, saveBatch } from './contactBatch';
import type { PendingContact } from './contactBatch';
import { readCreateOptions } from './contactBody';
import { contactToCreateFields, readContactToCreate } from './create.operation';
import { createOptionsField } from './fields';

/** Chunks sent side by side; the transport's rate budget still paces them. */
const CONCURRENT_BATCHES = 4;

/**
 * The create options as a batch reads them: the labels say what happens to existing contacts. Helena
 * documents that a batch updates a contact that exists, so Upsert only states that explicitly.
 */
const batchOptionsField: INodeProperties = {
	...createOptionsField,
	options: [
		{
			...optionOf('upsert'),
			displayName: 'Update Existing Contacts',
			default: true,
			description:
				"Whether to send Helena's upsert flag with the batch. Helena documents that a batch always updates contacts that already exist, so turning this on changes nothing there; turning it off asks Helena not to update them, which its documentation does not promise (Leave Existing Contacts Unchanged does that).",
		},
		{
			...optionOf('upsertFields'),
			displayName: 'Fields to Update',
			description: 'The only fields to change on contacts that already exist; every given field when empty',
		},
		{
			...optionOf('getIfExists'),
			displayName: 'Leave Existing Contacts Unchanged',
			description: 'Whether to return contacts that already exist as they are instead of updating them',
		},
		{
			...optionOf('upsertTagOperation'),
			displayName: 'Tag Operation for Existing Contacts',
			description: 'How the given tags change the tags of a contact that already exists',
		},
	],
};

function optionOf(name: string): INodeProperties {
	return (createOptionsField.options as INodeProperties[]).find((option) => option.name === name) as INodeProperties;
}

const properties: INodeProperties[] = [
	{
		displayName: 'Contact Data',
		name: 'dataMode',
		type: 'options',
		options: [
			{
				name: 'Auto-Map Input Data',
				value: 'autoMapInputData',
				description: "Each input item's JSON is one contact, with keys named like Helena's contact fields",
			},
			{
				name: 'Define Below',
				value: 'defineBelow',
				description: 'Map the contact fields with expressions',
			},
		],
		default: 'autoMapInputData',
		hint: 'Items go to Helena 100 per request. A contact with the phone number, email or Instagram of an existing one updates it.',
	},
	{
		displayName:
			'Use these keys: name, phoneNumber, email, instagram, annotation, tagNames, tagIds, portfolioNames, portfolioIds, sequenceIds, customFields, metadata. Keys that Helena sets itself, such as createdAt and status, are skipped; any other key stops the node.',
		name: 'autoMapNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { dataMode: ['autoMapInputData'] } },
	},
	...updateDisplayOptions({ show: { dataMode: ['defineBelow'] } }, contactToCreateFields),
	batchOptionsField,
];

export const description = updateDisplayOptions({ show: { resource: ['contact'], operation: ['upsertMany'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	// After a Code node, n8n 1.x hands over its sandbox's array: a proxy whose methods (map, forEach) and
	// derived arrays cost a sandbox crossing per element. It is read by index only, into arrays of our own.
	const items = this.getInputData();
	const count = items.length;
	const dataMode = readOption(this, this.getNodeParameter('dataMode', 0), ['autoMapInputData', 'defineBelow'], 'Contact Data', 0);
	const output = new Array<INodeExecutionData>(count);

	// every item is checked before the first request
	const pending: PendingContact[] = [];
	for (let itemIndex = 0; itemIndex < count; itemIndex++) {
		try {
			runItemChecks(this, itemIndex);
			const read =
				dataMode === 'defineBelow' ? readContactToCreate(this, itemIndex) : readBatchItem(this, items[itemIndex].json, itemIndex);
			// awaited only when it is a promise: a pause per item costs more than checking the item
			const body = read instanceof Promise ? await read : read;
			pending.push({ itemIndex, body });
		} catch (error) {
			output[itemIndex] = refusedItem(this, error, itemIndex);
		}
	}
	const options = count ? readCreateOptions(this, 0) : undefined;

	const parts = chunk(pending).map((part) => ({ part, itemIndexes: part.map(({ itemIndex }) => itemIndex) }));
	await runBatches(this, output, {
		parts,
		concurrency: CONCURRENT_BATCHES,
		repeat: repeatEffect(pending),
		send: async ({ part }) => {
			const saved = await saveBatch(this, part, options);
			part.forEach(({ itemIndex }, position) => {
				output[itemIndex] = { json: saved[position], pairedItem: { item: itemIndex } };
			});
		},
	});
	return output;
}
