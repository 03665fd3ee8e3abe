import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireUuid, runPerItem } from '../../helpers';
import { helenaRequest, recordIn } from '../../transport';
import { resolveTemplate } from '../chat/catalog';
import type { ChatTemplate } from '../chat/catalog';
import { channelLocator, locatorValue, templateLocator } from '../chat/locators';
import { readTemplateParameters, requireApproved, requireHeaderFileFits, templateParametersField } from '../chat/templateParameters';
import { headerFileFields, readFileSource, readMedia } from './media';
import type { MediaKind } from './media';
import { metadataField, readMetadata } from './metadata';
import { readPhone, readRequiredChannel, readSendOptions, sendOptions, sendRecords } from './sendFields';

const properties: INodeProperties[] = [
	{
		...channelLocator(),
		required: true,
		description: 'The WhatsApp number that sends; templates belong to one number',
	},
	{
		displayName: 'Phone Number',
		name: 'phoneNumber',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. +5511999999999',
		description: "Recipient's number with country code; Helena reuses the open conversation or opens one",
	},
	templateLocator,
	templateParametersField,
	...headerFileFields,
	sendOptions(
		metadataField(
			'sessionMetadata',
			'Conversation Metadata',
			'Values the conversation keeps while it is open (readable by chatbots, sent back in webhooks)',
		),
	),
];

export const description = updateDisplayOptions({ show: { resource: ['message'], operation: ['sendTemplate'] } }, properties);

async function readHeaderFile(context: IExecuteFunctions, template: ChatTemplate, itemIndex: number) {
	const source = readFileSource(context, itemIndex, 'Header File', { optional: true });
	requireHeaderFileFits(context, template, source !== 'none', itemIndex);
	if (source === 'none') return {};
	return { fileIdOrUrl: await readMedia(context, template.fileType.toLowerCase() as MediaKind, itemIndex) };
}

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const channel = await readRequiredChannel(this, itemIndex);
		const to = readPhone(this, this.getNodeParameter('phoneNumber', itemIndex), itemIndex);
		const templateId = requireUuid(this, locatorValue(this.getNodeParameter('template', itemIndex, undefined)), 'Template', itemIndex);
		const template = await resolveTemplate(this, channel, templateId, itemIndex);
		requireApproved(this, template, itemIndex);
		const parameters = readTemplateParameters(this, template, itemIndex);
		const options = readSendOptions(this, itemIndex);
		const rawOptions = this.getNodeParameter('sendOptions', itemIndex, {}) as IDataObject;
		const sessionMetadata = readMetadata(this, rawOptions.sessionMetadata, 'Conversation Metadata', itemIndex);
		const header = await readHeaderFile(this, template, itemIndex);
		const body: IDataObject = {
			from: channel.number,
			to,
			templateId: template.id,
			...(Object.keys(parameters).length ? { parameters } : {}),
			...header,
			...options,
			...(sessionMetadata ? { sessionMetadata } : {}),
		};
		return (await helenaRequest.call(this, {
			service: 'chat',
			method: 'POST',
			path: '/v1/send/template',
			body,
			itemIndex,
			records: sendRecords(body, [recordIn('template', 'Template', template.id)]),
		})) as IDataObject;
	});
}
