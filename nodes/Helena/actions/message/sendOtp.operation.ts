import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { invalidInput, readText, refuseControlCharacters, runPerItem } from '../../helpers';
import { helenaRequest, recordIn } from '../../transport';
import { channelLocator } from '../chat/locators';
import { callbackUrlField, readPhone, recipientPhoneField, readRequiredChannel, readSendReferences } from '../send/sendFields';

/** WhatsApp's authentication templates take a code of at most 15 characters. */
const MAX_CODE_LENGTH = 15;

const properties: INodeProperties[] = [
	{ ...channelLocator(), required: true, description: 'The WhatsApp number that sends the code' },
	recipientPhoneField("Recipient's number with country code"),
	{
		displayName: 'Options',
		name: 'otpOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			callbackUrlField('Helena calls this URL once when the code is delivered or fails'),
			{
				displayName: 'Code',
				name: 'code',
				type: 'string',
				typeOptions: { password: true },
				default: '',
				description: `The code to send (at most ${MAX_CODE_LENGTH} characters); leave empty and Helena makes a random 5-digit code (in the output's Code field)`,
			},
			{
				displayName: 'Template ID',
				name: 'templateId',
				type: 'string',
				default: '',
				description: 'ID of an approved Authentication template of the channel; leave empty to let Helena choose',
			},
			{
				displayName: 'Your Reference',
				name: 'senderId',
				type: 'string',
				default: '',
				description: 'Your own ID for this code (e.g. a login attempt); Message → Get Status finds the code by it',
			},
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['message'], operation: ['sendOtp'] } }, properties);

function readCode(context: IExecuteFunctions, raw: IDataObject, itemIndex: number): IDataObject {
	const code = (readText(context, raw.code, 'Code', itemIndex) ?? '').trim();
	if (!code) return {};
	refuseControlCharacters(context, code, 'Code', itemIndex);
	if (code.length > MAX_CODE_LENGTH) {
		throw invalidInput(context, 'Code', `has ${code.length} characters; WhatsApp sends a code of at most ${MAX_CODE_LENGTH}`, itemIndex);
	}
	return { code };
}

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const to = readPhone(this, this.getNodeParameter('phoneNumber', itemIndex), itemIndex);
		const raw = this.getNodeParameter('otpOptions', itemIndex, {}) as IDataObject;
		const code = readCode(this, raw, itemIndex);
		const templateId = (readText(this, raw.templateId, 'Template ID', itemIndex) ?? '').trim();
		const references = readSendReferences(this, raw, itemIndex);
		const channel = await readRequiredChannel(this, itemIndex);
		const body: IDataObject = { from: channel.number, to, ...code, ...(templateId ? { templateId } : {}), ...references };
		return (await helenaRequest.call(this, {
			service: 'chat',
			method: 'POST',
			path: '/v1/send/otp',
			body,
			itemIndex,
			records: [
				recordIn('template', 'Template ID', templateId || undefined),
				recordIn('contact', 'Phone Number', to),
				recordIn('channel', 'Channel', channel.number),
			],
		})) as IDataObject;
	});
}
