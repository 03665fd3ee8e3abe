import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { invalidInput, readList, readText, requireHttpUrl, runPerItem } from '../../helpers';
import { apiPath, helenaRequest } from '../../transport';
import { readSessionId, sessionIdField, sessionRecord } from '../chat/locators';

const properties: INodeProperties[] = [
	sessionIdField,
	{
		displayName: 'Note',
		name: 'text',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		description: 'Internal note for the agents (the contact never sees it), e.g. an AI summary',
	},
	{
		displayName: 'File URLs',
		name: 'fileUrls',
		type: 'string',
		default: '',
		placeholder: 'e.g. https://example.com/summary.pdf',
		description: 'Files to attach, as public URLs separated by commas',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['session'], operation: ['addNote'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const id = readSessionId(this, itemIndex);
		const text = (readText(this, this.getNodeParameter('text', itemIndex, ''), 'Note', itemIndex) ?? '').trim();
		const filesUrls = readList(this, this.getNodeParameter('fileUrls', itemIndex, ''), 'File URLs', itemIndex).map((url) =>
			requireHttpUrl(this, url, 'File URLs', itemIndex),
		);
		if (!text && filesUrls.length === 0) throw invalidInput(this, 'Note', 'is empty: write a note or add a file URL', itemIndex);
		return (await helenaRequest.call(this, {
			service: 'chat',
			method: 'POST',
			path: apiPath`/v1/session/${id}/note`,
			body: { ...(text ? { text } : {}), ...(filesUrls.length ? { filesUrls } : {}) },
			itemIndex,
			records: [sessionRecord(id)],
		})) as IDataObject;
	});
}
