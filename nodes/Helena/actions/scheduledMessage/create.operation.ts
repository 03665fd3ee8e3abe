import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection, readBoolean, readOption, requireUuid, runPerItem } from '../../helpers';
import { helenaRequest, recordIn } from '../../transport';
import type { RecordRef } from '../../transport';
import { channelLocator, chatbotLocator, departmentPicker, locatorValue, optionalLocatorUuid, templateLocator } from '../chat/locators';
import { headerFileFields } from '../send/media';
import { readOptionalChannel, readPhone, recipientPhoneField, readRequiredChannel } from '../send/sendFields';
import { templateParametersField } from '../send/templateFields';
import { chatbotRecord, headerOfCreate, readTemplateContent, typeField } from './fields';
import { readSchedule, scheduledAtField, timezoneField } from './schedule';

const forTemplate = (properties: INodeProperties[]) => updateDisplayOptions({ show: { type: ['TEMPLATE'] } }, properties);

const properties: INodeProperties[] = [
	typeField,
	recipientPhoneField("Recipient's number with country code; Helena creates the contact if needed"),
	channelLocator({
		description:
			'The WhatsApp number that sends. Required for a template (templates belong to one number); for a chatbot, empty lets Helena choose.',
	}),
	...forTemplate([templateLocator, templateParametersField(), ...headerFileFields]),
	{ ...chatbotLocator, displayOptions: { show: { type: ['CHATBOT'] } } },
	scheduledAtField,
	timezoneField,
	optionsCollection([
		{ ...departmentPicker('department'), description: 'Department (team) of the conversation the message opens' },
		{
			displayName: 'Hide Conversation Until Reply',
			name: 'hiddenSession',
			type: 'boolean',
			default: false,
			description: 'Whether the conversation the message opens stays hidden from agents until the contact replies',
		},
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['scheduledMessage'], operation: ['create'] } }, properties);

/** The body of a new scheduled message, every value checked (the schedule first: a past one is refused before any read). */
async function readCreateBody(context: IExecuteFunctions, itemIndex: number): Promise<{ body: IDataObject; records: RecordRef[] }> {
	const type = readOption(context, context.getNodeParameter('type', itemIndex, 'TEMPLATE'), ['TEMPLATE', 'CHATBOT'], 'Send', itemIndex);
	const { scheduling } = readSchedule(
		context,
		context.getNodeParameter('scheduledAt', itemIndex, ''),
		context.getNodeParameter('timezone', itemIndex, ''),
		itemIndex,
	);
	const to = readPhone(context, context.getNodeParameter('phoneNumber', itemIndex), itemIndex);
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const departmentId = optionalLocatorUuid(context, options.department, 'Department', itemIndex);
	const hiddenSession = readBoolean(context, options.hiddenSession, 'Hide Conversation Until Reply', itemIndex);
	const common: IDataObject = {
		scheduling,
		...(departmentId ? { department: { id: departmentId } } : {}),
		...(hiddenSession ? { hiddenSession } : {}),
	};
	if (type === 'CHATBOT') {
		const botKey = requireUuid(context, locatorValue(context.getNodeParameter('chatbot', itemIndex, undefined)), 'Chatbot', itemIndex);
		const channel = await readOptionalChannel(context, itemIndex);
		return {
			body: { to, ...(channel ? { from: channel.number } : {}), type, botKey, ...common },
			records: [chatbotRecord(botKey), recordIn('channel', 'Channel', channel?.number), recordIn('department', 'Department', departmentId)],
		};
	}
	const channel = await readRequiredChannel(context, itemIndex);
	const templateId = requireUuid(context, locatorValue(context.getNodeParameter('template', itemIndex, undefined)), 'Template', itemIndex);
	const { template, templateParams } = await readTemplateContent(
		context,
		channel,
		templateId,
		context.getNodeParameter('templateParameters', itemIndex, {}),
		itemIndex,
		headerOfCreate(context, itemIndex),
	);
	return {
		body: { to, from: channel.number, type, templateId: template.id, templateParams, ...common },
		records: [
			recordIn('template', 'Template', template.id),
			recordIn('channel', 'Channel', channel.number),
			recordIn('department', 'Department', departmentId),
		],
	};
}

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const { body, records } = await readCreateBody(this, itemIndex);
		return (await helenaRequest.call(this, {
			service: 'chat',
			method: 'POST',
			path: '/v1/scheduled-message',
			body,
			itemIndex,
			records,
			answer: 'record',
		})) as IDataObject;
	});
}
