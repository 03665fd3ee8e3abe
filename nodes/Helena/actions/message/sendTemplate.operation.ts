import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { invalidInput, readKeyValues, requireUuid, runPerItem } from '../../helpers';
import { helenaRequest, recordIn } from '../../transport';
import { resolveTemplate } from '../chat/catalog';
import type { ChatTemplate } from '../chat/catalog';
import { channelLocator, locatorValue, templateLocator } from '../chat/locators';
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
	{
		displayName: 'Template Parameters',
		name: 'templateParameters',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Parameter',
		default: {},
		description: "Values of the template's variables, by the names the template declares",
		options: [
			{
				displayName: 'Parameter',
				name: 'parameter',
				values: [
					{
						displayName: 'Name or ID',
						name: 'name',
						type: 'options',
						typeOptions: { loadOptionsMethod: 'getTemplateParameters', loadOptionsDependsOn: ['template.value', 'channel.value'] },
						default: '',
						description:
							'A variable of the template. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
					},
					{ displayName: 'Value', name: 'value', type: 'string', default: '' },
				],
			},
		],
	},
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

/** The parameters as the template names them; a name it lacks, or one it needs and did not get, fails here. */
function readParameters(context: IExecuteFunctions, template: ChatTemplate, itemIndex: number): IDataObject {
	const raw = context.getNodeParameter('templateParameters', itemIndex, {});
	const parameters = readKeyValues(context, raw, 'Template Parameters', itemIndex, {
		group: 'parameter',
		keyName: 'name',
		keyWord: 'parameter',
	}) as IDataObject;
	const declared = template.params.length ? template.params.join(', ') : 'none';
	for (const name of Object.keys(parameters)) {
		if (!template.params.includes(name)) {
			throw invalidInput(
				context,
				'Template Parameters',
				`has "${name}", which the template "${template.name}" does not declare (its parameters: ${declared})`,
				itemIndex,
				'Parameters are matched by the names the template declares, not by position.',
			);
		}
	}
	const missing = template.params.filter((name) => !String(parameters[name] ?? '').trim());
	if (missing.length) {
		throw invalidInput(
			context,
			'Template Parameters',
			`lacks ${missing.map((name) => `"${name}"`).join(', ')}, required by the template "${template.name}"`,
			itemIndex,
		);
	}
	return parameters;
}

async function readHeaderFile(context: IExecuteFunctions, template: ChatTemplate, itemIndex: number) {
	const source = readFileSource(context, itemIndex, 'Header File', { optional: true });
	if (template.fileType === 'UNDEFINED') {
		if (source !== 'none') {
			throw invalidInput(context, 'Header File', `is set, but the template "${template.name}" has no media header`, itemIndex);
		}
		return {};
	}
	if (source === 'none') {
		throw invalidInput(
			context,
			'Header File',
			`is required: the template "${template.name}" has a ${template.fileType.toLowerCase()} header`,
			itemIndex,
		);
	}
	return { fileIdOrUrl: await readMedia(context, template.fileType.toLowerCase() as MediaKind, itemIndex) };
}

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const channel = await readRequiredChannel(this, itemIndex);
		const to = readPhone(this, this.getNodeParameter('phoneNumber', itemIndex), itemIndex);
		const templateId = requireUuid(this, locatorValue(this.getNodeParameter('template', itemIndex, undefined)), 'Template', itemIndex);
		const template = await resolveTemplate(this, channel, templateId, itemIndex);
		if (template.status && template.status !== 'Approved') {
			throw invalidInput(this, 'Template', `"${template.name}" is not approved by WhatsApp (status ${template.status})`, itemIndex);
		}
		const parameters = readParameters(this, template, itemIndex);
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
