import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeApiError, updateDisplayOptions } from 'n8n-workflow';

import { invalidInput, optionsCollection, readBoolean, readLocatorId, readOption, readText, requireUuid, runPerItem } from '../../helpers';
import { apiPath, helenaRequest, recordIn } from '../../transport';
import { resolveChannel, resolveTemplate } from '../chat/catalog';
import { readSessionId, sessionIdField, sessionRecord, templateLocator } from '../chat/locators';
import { readTemplateParameters, requireApproved, requireHeaderFileFits, templateParametersField } from '../send/templateFields';
import type { MediaKind } from '../send/media';
import { explainRefusedSend, messageTextField } from '../send/sendFields';
import { fetchSession } from './fetchSession';
import { readFileSourceOf, readSessionFile, sessionFileFields } from './sessionFile';
import type { SessionFile } from './sessionFile';

const CONTENTS = ['text', 'template', 'file'] as const;
type Content = (typeof CONTENTS)[number];

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

interface Prepared {
	body: IDataObject;
	file: SessionFile;
	templateId?: string;
}

/** A template of the conversation's channel, its parameters and its header file, all checked before the send. */
async function prepareTemplate(context: IExecuteFunctions, sessionId: string, itemIndex: number): Promise<Prepared> {
	const templateId = readLocatorId(context, templateLocator, itemIndex);
	const source = readFileSourceOf(context, 'template', itemIndex);
	// templates belong to one channel: the conversation's, which only the conversation itself tells
	const session = await fetchSession(context, sessionId, itemIndex);
	if (session.status === 'COMPLETED') throw completedConversation(context, sessionId, itemIndex);
	const channel = await resolveChannel(context, String(session.channelId ?? ''), itemIndex);
	const template = await resolveTemplate(context, channel, templateId, itemIndex);
	requireApproved(context, template, itemIndex);
	const parameters = readTemplateParameters(context, context.getNodeParameter('templateParameters', itemIndex, {}), template, itemIndex);
	requireHeaderFileFits(context, template, source !== 'none', itemIndex);
	const kind = template.fileType === 'UNDEFINED' ? undefined : (template.fileType.toLowerCase() as MediaKind);
	return {
		body: { templateId: template.id, ...(Object.keys(parameters).length ? { parameters } : {}) },
		file: readSessionFile(context, source, kind, itemIndex),
		templateId: template.id,
	};
}

async function prepare(context: IExecuteFunctions, content: Content, sessionId: string, itemIndex: number): Promise<Prepared> {
	if (content === 'template') return await prepareTemplate(context, sessionId, itemIndex);
	if (content === 'file') {
		const file = readSessionFile(context, readFileSourceOf(context, 'file', itemIndex), undefined, itemIndex);
		const caption = readText(context, context.getNodeParameter('caption', itemIndex, ''), 'Caption', itemIndex) ?? '';
		return { body: caption.trim() ? { text: caption } : {}, file };
	}
	const text = readText(context, context.getNodeParameter('text', itemIndex, ''), 'Text', itemIndex) ?? '';
	if (!text.trim()) throw invalidInput(context, 'Text', 'is empty', itemIndex);
	return { body: { text }, file: { body: {} } };
}

function completedConversation(context: IExecuteFunctions, sessionId: string, itemIndex: number) {
	return invalidInput(
		context,
		'Session ID',
		`names a completed conversation ("${sessionId}"): Helena sends only into an open one`,
		itemIndex,
		"Send to the contact's phone number with Message → Send Text or Send Template to open a new conversation.",
	);
}

/** Helena's refusal of a completed conversation or of a closed WhatsApp window, in words that say what to do. */
function explainRefusal(error: unknown, sessionId: string, itemIndex: number): unknown {
	if (
		error instanceof NodeApiError &&
		error.httpCode === '400' &&
		/conclu|complet|finaliz|encerrad/i.test(`${error.message} ${error.description ?? ''}`)
	) {
		error.message = `The conversation "${sessionId}" is completed: Helena sends only into an open one (item ${itemIndex})`;
		error.description =
			`Send to the contact's phone number with Message → Send Text or Send Template to open a new conversation. ${error.description ?? ''}`.trim();
		return error;
	}
	const explained = explainRefusedSend(error, { sessionId });
	// here a template is a choice of this operation, not another one
	if (explained instanceof NodeApiError && /24-hour window/.test(explained.message)) {
		explained.description = (explained.description ?? '').replace('Use Message → Send Template,', 'Send a template (Content: Template),');
	}
	return explained;
}

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
