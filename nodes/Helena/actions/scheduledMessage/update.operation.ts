import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { invalidInput, readBoolean, readUpdateFields, requireUuid, runPerItem, updateFieldsCollection } from '../../helpers';
import { apiPath, helenaRequest, recordIn } from '../../transport';
import type { RecordRef } from '../../transport';
import { resolveChannel } from '../chat/catalog';
import { channelLocator, chatbotLocator, departmentPicker, locatorValue, optionalLocatorUuid, templateLocator } from '../chat/locators';
import { readPhone } from '../send/sendFields';
import { templateParametersField } from '../send/templateFields';
import { chatbotRecord, fetchScheduledMessage, readScheduledMessageId, scheduledMessageIdField, scheduledMessageRecord } from './fields';
import { readSchedule, scheduledAtField, timezoneField } from './schedule';
import { readTemplateChange } from './templateChange';

/** The `fields` value of each body key Helena changes (`botKey` is named BotId there). */
const FIELD_OF_KEY = {
	to: 'To',
	from: 'From',
	department: 'Department',
	type: 'Type',
	templateId: 'TemplateId',
	botKey: 'BotId',
	scheduling: 'Scheduling',
	hiddenSession: 'HiddenSession',
	templateParams: 'TemplateParams',
} as const;

const properties: INodeProperties[] = [
	scheduledMessageIdField,
	updateFieldsCollection([
		{ ...channelLocator({ description: 'The WhatsApp number that sends' }), required: false },
		{ ...chatbotLocator, required: false, description: 'Start this chatbot instead (the message becomes a chatbot message)' },
		{ ...departmentPicker('department'), description: 'Department (team) of the conversation the message opens' },
		{
			displayName: 'Header File',
			name: 'headerFile',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://example.com/invoice.pdf',
			description: "The template's header file: a public URL or a Helena file ID (for a template with an image, video or document header)",
		},
		{
			displayName: 'Hide Conversation Until Reply',
			name: 'hiddenSession',
			type: 'boolean',
			default: false,
			description: 'Whether the conversation the message opens stays hidden from agents until the contact replies',
		},
		{
			displayName: 'Phone Number',
			name: 'phoneNumber',
			type: 'string',
			default: '',
			placeholder: 'e.g. +5511999999999',
			description: "Recipient's number with country code",
		},
		{ ...scheduledAtField, required: false },
		{ ...templateLocator, required: false, description: 'Send this approved template instead (the message becomes a template message)' },
		templateParametersField({
			description: "Values of the template's variables, all of them (they replace the ones the message has)",
		}),
		timezoneField,
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['scheduledMessage'], operation: ['update'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const id = readScheduledMessageId(this, itemIndex);
		const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
		const body: IDataObject = {};
		if (fields.scheduledAt !== undefined) body.scheduling = readSchedule(this, fields.scheduledAt, fields.timezone, itemIndex).scheduling;
		else if (String(fields.timezone ?? '').trim())
			throw invalidInput(this, 'Timezone', 'is set without Scheduled At: it only says how Scheduled At is read', itemIndex);
		if (fields.phoneNumber !== undefined) body.to = readPhone(this, fields.phoneNumber, itemIndex);
		if (fields.hiddenSession !== undefined)
			body.hiddenSession = readBoolean(this, fields.hiddenSession, 'Hide Conversation Until Reply', itemIndex);
		const departmentId = optionalLocatorUuid(this, fields.department, 'Department', itemIndex);
		if (departmentId) body.department = { id: departmentId };
		const botKey = locatorValue(fields.chatbot);
		if (botKey !== undefined && locatorValue(fields.template) !== undefined) {
			throw invalidInput(this, 'Update Fields', 'has both a Template and a Chatbot: a scheduled message sends one of them', itemIndex);
		}
		if (botKey !== undefined) Object.assign(body, { type: 'CHATBOT', botKey: requireUuid(this, botKey, 'Chatbot', itemIndex) });
		const channel = locatorValue(fields.channel);
		if (channel !== undefined) body.from = (await resolveChannel(this, channel, itemIndex)).number;
		let read: IDataObject | undefined;
		const current = async () => (read ??= await fetchScheduledMessage(this, id, itemIndex));
		Object.assign(body, await readTemplateChange(this, fields, current, itemIndex));
		const updateFields = readUpdateFields(this, body, FIELD_OF_KEY, itemIndex);
		const records: RecordRef[] = [
			scheduledMessageRecord(id),
			recordIn('template', 'Template', body.templateId as string | undefined),
			...(body.botKey ? [chatbotRecord(String(body.botKey))] : []),
			recordIn('channel', 'Channel', body.from as string | undefined),
			recordIn('department', 'Department', departmentId),
		];
		return (await helenaRequest.call(this, {
			service: 'chat',
			method: 'PUT',
			path: apiPath`/v1/scheduled-message/${id}`,
			body: { fields: updateFields, ...body },
			itemIndex,
			records,
		})) as IDataObject;
	});
}
