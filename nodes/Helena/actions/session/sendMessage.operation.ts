import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection, readBoolean, readOption, readText, requireUuid, runPerItem } from '../../helpers';
import { apiPath, helenaRequest, recordIn } from '../../transport';
import { readSessionId, sessionIdField, sessionRecord, templateLocator } from '../chat/locators';
import { messageTextField } from '../send/sendFields';
import { templateParametersField } from '../send/templateFields';
import { CONTENTS, explainRefusal, prepare } from './sendContent';
import { sessionFileFields } from './sessionFile';

const properties: INodeProperties[] = [
	{
		...sessionIdField,
		description:
			"ID of the conversation to write in. From Helena Trigger: content.sessionId on MESSAGE_* events, the content's ID field on SESSION_* events.",
	},
	{
		displayName: 'Content',
		name: 'content',
		type: 'options',
		default: 'text',
		options: [
			{ name: 'Text', value: 'text', description: "A free text; WhatsApp allows it while the contact's 24-hour window is open" },
			{
				name: 'Template',
				value: 'template',
				description: "An approved template of the conversation's channel, with its parameters; allowed outside the 24-hour window",
			},
			{ name: 'File', value: 'file', description: 'An image, video, audio or document, with an optional caption' },
		],
	},
	{ ...messageTextField, displayOptions: { show: { content: ['text'] } } },
	{
		...templateLocator,
		description: "The approved template to send; it must belong to the conversation's channel",
		displayOptions: { show: { content: ['template'] } },
	},
	{ ...templateParametersField(), displayOptions: { show: { content: ['template'] } } },
	...sessionFileFields,
	{
		displayName: 'Caption',
		name: 'caption',
		type: 'string',
		typeOptions: { rows: 2 },
		default: '',
		description: 'Text shown with the file',
		displayOptions: { show: { content: ['file'] } },
	},
	optionsCollection([
		{
			displayName: 'Reply To Message ID',
			name: 'refId',
			type: 'string',
			default: '',
			description: 'ID of an earlier message of this conversation that this one answers (shown as a quote)',
		},
		{
			displayName: "Wait for Helena's Result",
			name: 'waitForResult',
			type: 'boolean',
			default: false,
			description:
				"Whether to wait (up to 25 seconds) until the channel has taken the message, and output the message with that status (SENT, or FAILED with the reason) instead of the queued receipt. Uses Helena's synchronous send; the node waits that long per item.",
		},
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['session'], operation: ['sendMessage'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const sessionId = readSessionId(this, itemIndex);
		const content = readOption(this, this.getNodeParameter('content', itemIndex, 'text'), CONTENTS, 'Content', itemIndex);
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const refText = (readText(this, options.refId, 'Reply To Message ID', itemIndex) ?? '').trim();
		const refId = refText ? requireUuid(this, refText, 'Reply To Message ID', itemIndex) : undefined;
		const sync = readBoolean(this, options.waitForResult, "Wait for Helena's Result", itemIndex);
		const prepared = await prepare(this, content, sessionId, itemIndex);
		const uploaded = prepared.file.upload ? await prepared.file.upload() : {};
		const body: IDataObject = { ...prepared.body, ...prepared.file.body, ...uploaded, ...(refId ? { refId } : {}) };
		const path = sync ? apiPath`/v1/session/${sessionId}/message/sync` : apiPath`/v1/session/${sessionId}/message`;
		try {
			return (await helenaRequest.call(this, {
				service: 'chat',
				method: 'POST',
				path,
				body,
				sends: 1,
				itemIndex,
				records: [
					sessionRecord(sessionId),
					recordIn('template', 'Template', prepared.templateId),
					recordIn('file', 'Helena File ID', body.fileId as string | undefined),
					recordIn('message', 'Reply To Message ID', refId),
				],
			})) as IDataObject;
		} catch (error) {
			throw explainRefusal(error, sessionId, itemIndex);
		}
	});
}
