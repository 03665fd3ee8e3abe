import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireUuid, runPerItem } from '../../helpers';
import { helenaRequest, recordIn } from '../../transport';
import { resolveTemplate } from '../chat/catalog';
import { channelLocator, locatorValue, templateLocator } from '../chat/locators';
import { headerFileFields } from '../send/media';
import { metadataField, readMetadata } from '../shared/metadata';
import { readPhone, recipientPhoneField, readRequiredChannel, readSendOptions, sendOptions, sendRecords } from '../send/sendFields';
import { readHeaderFile, readTemplateParameters, requireApproved, templateParametersField } from '../send/templateFields';

/** The Options of a template send: the shared send options and the conversation's metadata. */
export const templateSendOptions = sendOptions(
	metadataField(
		'sessionMetadata',
		'Conversation Metadata',
		'Values the conversation keeps while it is open (readable by chatbots, sent back in webhooks)',
	),
);

const properties: INodeProperties[] = [
	{
		...channelLocator(),
		required: true,
		description: 'The WhatsApp number that sends; templates belong to one number',
	},
	recipientPhoneField("Recipient's number with country code; Helena reuses the open conversation or opens one"),
	templateLocator,
	templateParametersField(),
	...headerFileFields,
	templateSendOptions,
];

export const description = updateDisplayOptions({ show: { resource: ['message'], operation: ['sendTemplate'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const channel = await readRequiredChannel(this, itemIndex);
		const to = readPhone(this, this.getNodeParameter('phoneNumber', itemIndex), itemIndex);
		const templateId = requireUuid(this, locatorValue(this.getNodeParameter('template', itemIndex, undefined)), 'Template', itemIndex);
		const template = requireApproved(this, await resolveTemplate(this, channel, templateId, itemIndex), itemIndex);
		const parameters = readTemplateParameters(this, this.getNodeParameter('templateParameters', itemIndex, {}), template, itemIndex);
		const options = readSendOptions(this, itemIndex);
		const rawOptions = this.getNodeParameter('sendOptions', itemIndex, {}) as IDataObject;
		const sessionMetadata = readMetadata(this, rawOptions.sessionMetadata, 'Conversation Metadata', itemIndex);
		const fileIdOrUrl = await readHeaderFile(this, template, itemIndex);
		const body: IDataObject = {
			from: channel.number,
			to,
			templateId: template.id,
			...(Object.keys(parameters).length ? { parameters } : {}),
			...(fileIdOrUrl ? { fileIdOrUrl } : {}),
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
