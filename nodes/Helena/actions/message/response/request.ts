import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { formFieldsProperty, freeTextField, toFormFields } from './form';
import type { FormField } from './form';

/* What a Send and Wait asks and how: read the same way when the message is sent and when a link is opened. */

const RESPONSE_TYPES = ['approval', 'freeText', 'customForm'] as const;
export type ResponseType = (typeof RESPONSE_TYPES)[number];

const FORM_TYPES = ['freeText', 'customForm'];

export const responseProperties: INodeProperties[] = [
	{
		displayName: 'Response Type',
		name: 'responseType',
		type: 'options',
		default: 'approval',
		options: [
			{ name: 'Approval', value: 'approval', description: 'The message carries an approve link (and a decline link)' },
			{ name: 'Free Text', value: 'freeText', description: 'The message carries a link to a page where the person types an answer' },
			{ name: 'Custom Form', value: 'customForm', description: 'The message carries a link to a form with your fields' },
		],
	},
	{
		displayName: 'Type of Approval',
		name: 'approvalType',
		type: 'options',
		default: 'double',
		displayOptions: { show: { responseType: ['approval'] } },
		options: [
			{ name: 'Approve Only', value: 'single' },
			{ name: 'Approve and Decline', value: 'double' },
		],
	},
	{
		displayName: 'Approve Link Text',
		name: 'approveLabel',
		type: 'string',
		default: 'Approve',
		description: 'Text in front of the approve link in the message',
		displayOptions: { show: { responseType: ['approval'] } },
	},
	{
		displayName: 'Decline Link Text',
		name: 'disapproveLabel',
		type: 'string',
		default: 'Decline',
		description: 'Text in front of the decline link in the message',
		displayOptions: { show: { responseType: ['approval'], approvalType: ['double'] } },
	},
	{ ...formFieldsProperty, displayOptions: { show: { responseType: ['customForm'] } } },
	{
		displayName: 'Response Options',
		name: 'responseOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Ask for Name',
				name: 'askName',
				type: 'boolean',
				default: false,
				description: 'Whether the form also asks who is answering (output as respondedBy.name)',
				displayOptions: { show: { '/responseType': FORM_TYPES } },
			},
			{
				displayName: 'Form Button Label',
				name: 'formButtonLabel',
				type: 'string',
				default: 'Submit',
				displayOptions: { show: { '/responseType': FORM_TYPES } },
			},
			{
				displayName: 'Form Description',
				name: 'formDescription',
				type: 'string',
				typeOptions: { rows: 2 },
				default: '',
				description: 'Text above the form fields; the message itself when empty',
				displayOptions: { show: { '/responseType': FORM_TYPES } },
			},
			{
				displayName: 'Form Title',
				name: 'formTitle',
				type: 'string',
				default: '',
				placeholder: 'e.g. Your appointment',
				description: 'Heading of the page; "Your answer" when empty',
				displayOptions: { show: { '/responseType': FORM_TYPES } },
			},
			{
				displayName: 'Link Text',
				name: 'linkText',
				type: 'string',
				default: 'Respond',
				description: 'Text in front of the link to the form in the message',
				displayOptions: { show: { '/responseType': FORM_TYPES } },
			},
			{
				displayName: 'Thank You Text',
				name: 'thanksText',
				type: 'string',
				default: 'Your answer was recorded. You can close this page.',
				description: 'What the page says once the answer is recorded',
			},
		],
	},
];

/** Reads a parameter the way the calling n8n context can: per item in the node, once in a webhook call. */
export type ParameterReader = (name: string, fallback: unknown) => unknown;

export interface ResponseRequest {
	type: ResponseType;
	message: string;
	approveLabel: string;
	declineLabel?: string;
	linkText: string;
	formTitle: string;
	formDescription: string;
	/** Whether Form Description was set (else the page shows the message). */
	formDescriptionSet: boolean;
	formButtonLabel: string;
	thanksText: string;
	fields: FormField[];
	/** Why the request cannot be made (an option outside its list, a form that cannot be shown), when it cannot. */
	problems: string[];
	askName: boolean;
}

const text = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() ? value.trim() : fallback);

export const NAME_FIELD: FormField = { label: 'Your name', type: 'text', required: true, placeholder: '', choices: [], multiselect: false };

/** An option's value against its list: never defaulted, so a value from an expression cannot change what is asked. */
function oneOf<T extends string>(value: unknown, allowed: readonly T[], label: string, problems: string[]): T {
	const found = allowed.find((option) => typeof value === 'string' && option.toLowerCase() === value.trim().toLowerCase());
	if (found === undefined) problems.push(`${label} must be one of ${allowed.join(', ')}, not ${JSON.stringify(value) ?? String(value)}`);
	return found ?? allowed[0];
}

export function readResponseRequest(read: ParameterReader): ResponseRequest {
	const problems: string[] = [];
	const type = oneOf(read('responseType', 'approval'), RESPONSE_TYPES, 'Response Type', problems);
	const approvalType =
		type === 'approval' ? oneOf(read('approvalType', 'double'), ['double', 'single'], 'Type of Approval', problems) : 'double';
	const options = (read('responseOptions', {}) ?? {}) as IDataObject;
	const message = text(read('message', ''), '');
	const form = type === 'customForm' ? toFormFields(read('formFields.values', [])) : { fields: [freeTextField], problems: [] };
	problems.push(...form.problems.map((problem) => `Form Fields cannot make a form: ${problem}`));
	const askName = type !== 'approval' && options.askName === true;
	if (askName && form.fields.some((field) => field.label.toLowerCase() === NAME_FIELD.label.toLowerCase())) {
		problems.push(`Form Fields cannot make a form: the label "${NAME_FIELD.label}" is taken by Ask for Name`);
	}
	return {
		type,
		message,
		approveLabel: text(read('approveLabel', 'Approve'), 'Approve'),
		declineLabel: approvalType === 'single' ? undefined : text(read('disapproveLabel', 'Decline'), 'Decline'),
		linkText: text(options.linkText, 'Respond'),
		formTitle: text(options.formTitle, 'Your answer'),
		formDescription: text(options.formDescription, message),
		formDescriptionSet: text(options.formDescription, '') !== '',
		formButtonLabel: text(options.formButtonLabel, 'Submit'),
		thanksText: text(options.thanksText, 'Your answer was recorded. You can close this page.'),
		fields: form.fields,
		problems,
		askName,
	};
}
