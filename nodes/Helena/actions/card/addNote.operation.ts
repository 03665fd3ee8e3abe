import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { invalidInput, readList, readText, requireHttpUrl, runPerItem } from '../../helpers';
import { apiPath, helenaRequest } from '../../transport';
import { cardIdField, cardRecord, readCardId } from '../crm/locators';

const MAX_TEXT = 8000;
const MAX_FILES = 3;

const properties: INodeProperties[] = [
	cardIdField,
	{
		displayName: 'Text',
		name: 'text',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		description: 'The note, up to 8,000 characters; needed unless File URLs are given',
	},
	{
		displayName: 'File URLs',
		name: 'fileUrls',
		type: 'string',
		default: '',
		description: 'Up to 3 public file addresses to attach (25 MB each), comma-separated',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['card'], operation: ['addNote'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const id = readCardId(this, itemIndex);
		const text = readText(this, this.getNodeParameter('text', itemIndex, ''), 'Text', itemIndex) ?? '';
		if (text.length > MAX_TEXT) throw invalidInput(this, 'Text', `must be at most 8,000 characters long; it has ${text.length}`, itemIndex);
		const urls = readList(this, this.getNodeParameter('fileUrls', itemIndex, ''), 'File URLs', itemIndex, { unique: true });
		if (urls.length > MAX_FILES)
			throw invalidInput(this, 'File URLs', `can hold at most ${MAX_FILES} files; it has ${urls.length}`, itemIndex);
		for (const url of urls) requireHttpUrl(this, url, 'File URLs', itemIndex);
		if (!text.trim() && urls.length === 0)
			throw invalidInput(this, 'Text', 'is empty: give the note a text or at least one file URL', itemIndex);
		const body: IDataObject = {};
		if (text.trim()) body.text = text;
		if (urls.length) body.fileUrls = urls;
		return (await helenaRequest.call(this, {
			service: 'crm',
			method: 'POST',
			path: apiPath`/v1/panel/card/${id}/note`,
			body,
			itemIndex,
			records: [cardRecord(id)],
		})) as IDataObject;
	});
}
