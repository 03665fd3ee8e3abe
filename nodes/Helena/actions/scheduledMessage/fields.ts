import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { invalidInput, optionValues, readChoices, requireHttpUrl, requireUuid, UUID_PATTERN } from '../../helpers';
import { apiPath, helenaRequest, recordIn } from '../../transport';
import type { RecordRef } from '../../transport';
import { resolveTemplate } from '../chat/catalog';
import type { ChatChannel, ChatTemplate } from '../chat/catalog';
import { readHeaderFile, readTemplateParameters, requireApproved } from '../send/templateFields';

/* What the scheduled-message operations share: the ID, the details to include, the message's content. */

const UUID = new RegExp(UUID_PATTERN);

export const scheduledMessageIdField: INodeProperties = {
	displayName: 'Scheduled Message ID',
	name: 'scheduledMessageId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. 3fa85f64-5717-4562-b3fc-2c963f66afa6',
	description: 'ID of the scheduled message (from Create or Get Many)',
};

export function readScheduledMessageId(context: IExecuteFunctions, itemIndex: number): string {
	return requireUuid(context, context.getNodeParameter('scheduledMessageId', itemIndex), 'Scheduled Message ID', itemIndex);
}

/** The scheduled message a request is about, for its "not found" message. */
export function scheduledMessageRecord(id: string): RecordRef {
	return { kind: 'message', value: id, message: `The scheduled message with ID "${id}" was not found in Helena` };
}

export const typeField: INodeProperties = {
	displayName: 'Send',
	name: 'type',
	type: 'options',
	default: 'TEMPLATE',
	options: [
		{ name: 'Template', value: 'TEMPLATE', description: 'An approved WhatsApp template with its parameters' },
		{ name: 'Chatbot', value: 'CHATBOT', description: 'Start one of your chatbots with the contact' },
	],
};

export const includeDetailsField: INodeProperties = {
	displayName: 'Include Details',
	name: 'includeDetails',
	type: 'multiOptions',
	options: [
		{ name: 'Channel', value: 'Channel' },
		{ name: 'Chatbot', value: 'Chatbot' },
		{ name: 'Contact', value: 'Contact' },
		{ name: 'Department', value: 'Department' },
		{ name: 'Template', value: 'Template' },
		{ name: 'User', value: 'User' },
	],
	default: [],
	description: 'Related records to return with each scheduled message (names instead of IDs only)',
};
const DETAILS = optionValues(includeDetailsField);

export function readIncludeDetails(context: IExecuteFunctions, value: unknown, itemIndex: number): string[] {
	return readChoices(context, value, DETAILS, 'Include Details', itemIndex);
}

/** GET /chat/v1/scheduled-message/{id}, with the details asked for. */
export async function fetchScheduledMessage(
	context: IExecuteFunctions,
	id: string,
	itemIndex: number,
	includeDetails: string[] = [],
): Promise<IDataObject> {
	return (await helenaRequest.call(context, {
		service: 'chat',
		method: 'GET',
		path: apiPath`/v1/scheduled-message/${id}`,
		qs: includeDetails.length ? { includeDetails } : undefined,
		itemIndex,
		records: [scheduledMessageRecord(id)],
	})) as IDataObject;
}

/** The approved template of the channel, and its `templateParams`: parameters by name and the header file, checked. */
export async function readTemplateContent(
	context: IExecuteFunctions,
	channel: ChatChannel,
	templateId: string,
	rawParameters: unknown,
	itemIndex: number,
	readFile: (template: ChatTemplate) => Promise<string | undefined>,
): Promise<{ template: ChatTemplate; templateParams: IDataObject }> {
	const template = requireApproved(context, await resolveTemplate(context, channel, templateId, itemIndex), itemIndex);
	const parameters = readTemplateParameters(context, rawParameters, template, itemIndex);
	const file = await readFile(template);
	const templateParams: IDataObject = { parameters };
	if (file) templateParams[UUID.test(file) ? 'fileId' : 'fileUrl'] = file;
	return { template, templateParams };
}

/** The header file of Create: none, a URL or an uploaded binary file, checked against the template. */
export function headerOfCreate(context: IExecuteFunctions, itemIndex: number) {
	return async (template: ChatTemplate) => await readHeaderFile(context, template, itemIndex);
}

/** The header file of Update: a URL or a Helena file ID; required when the template has a media header. */
export function headerOfUpdate(context: IExecuteFunctions, value: string, itemIndex: number) {
	return async ({ fileType, name }: ChatTemplate) => {
		const given = value.trim();
		if (fileType === 'UNDEFINED') {
			if (given) throw invalidInput(context, 'Header File', `is set, but the template "${name}" has no media header`, itemIndex);
			return undefined;
		}
		if (!given) {
			throw invalidInput(context, 'Header File', `is required: the template "${name}" has a ${fileType.toLowerCase()} header`, itemIndex);
		}
		return UUID.test(given) ? given : requireHttpUrl(context, given, 'Header File', itemIndex);
	};
}

export const chatbotRecord = (botKey: string) => recordIn('chatbot', 'Chatbot', botKey);
