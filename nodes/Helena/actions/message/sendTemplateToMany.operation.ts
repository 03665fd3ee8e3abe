import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireUuid } from '../../helpers';
import { recordIn } from '../../transport';
import { resolveTemplate } from '../chat/catalog';
import { channelLocator, locatorValue, templateLocator } from '../chat/locators';
import { phoneListField, readPhoneList, sendInBatches } from './batchSend';
import { headerFileFields } from '../send/media';
import { readMetadata } from '../shared/metadata';
import { readRequiredChannel, readSendOptions } from '../send/sendFields';
import { templateSendOptions } from './sendTemplate.operation';
import { checkHeaderFile, readTemplateParameters, requireApproved, templateParametersField } from '../send/templateFields';

const properties: INodeProperties[] = [
	{
		...channelLocator(),
		required: true,
		description: 'The WhatsApp number that sends; templates belong to one number',
	},
	phoneListField,
	templateLocator,
	templateParametersField({ description: "Values of the template's variables for each recipient (usually expressions)" }),
	...headerFileFields,
	templateSendOptions,
];

export const description = updateDisplayOptions({ show: { resource: ['message'], operation: ['sendTemplateToMany'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await sendInBatches(this, '/v1/send/template/batch', async (itemIndex) => {
		const phones = readPhoneList(this, this.getNodeParameter('phoneNumber', itemIndex), itemIndex);
		const channel = await readRequiredChannel(this, itemIndex);
		const templateId = requireUuid(this, locatorValue(this.getNodeParameter('template', itemIndex, undefined)), 'Template', itemIndex);
		const template = requireApproved(this, await resolveTemplate(this, channel, templateId, itemIndex), itemIndex);
		const parameters = readTemplateParameters(this, this.getNodeParameter('templateParameters', itemIndex, {}), template, itemIndex);
		// options (user, department, flags) apply to the whole request; the callback and reference to each message
		const { options, ...references } = readSendOptions(this, itemIndex);
		const rawOptions = this.getNodeParameter('sendOptions', itemIndex, {}) as IDataObject;
		const sessionMetadata = readMetadata(this, rawOptions.sessionMetadata, 'Conversation Metadata', itemIndex);
		const headerFile = await checkHeaderFile(this, template, itemIndex);
		const message: IDataObject = {
			...(Object.keys(parameters).length ? { parameters } : {}),
			...references,
			...(sessionMetadata ? { sessionMetadata } : {}),
		};
		const messages = phones.map((to) => ({ to, ...message }));
		const chosen = (options ?? {}) as IDataObject;
		const idOf = (value: unknown) => (value as IDataObject | undefined)?.id as string | undefined;
		return {
			shared: { from: channel.number, templateId: template.id, ...(options ? { options } : {}) },
			messages,
			// a binary header is uploaded once every item is checked
			...(headerFile && {
				prepare: async () => {
					const fileIdOrUrl = await headerFile();
					for (const each of messages) Object.assign(each, { fileIdOrUrl });
				},
			}),
			records: [
				recordIn('template', 'Template', template.id),
				recordIn('channel', 'Channel', channel.number),
				recordIn('department', 'Department', idOf(chosen.department)),
				recordIn('user', 'Assign to User', idOf(chosen.user)),
			],
		};
	});
}
