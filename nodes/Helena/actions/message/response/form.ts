import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { isCalendarDay } from '../../../helpers';
import { escapeHtml } from './page';

/* The fields of a response form (n8n's form field names), the HTML that asks them, and the check of what came back. */

export type FormFieldType = 'text' | 'textarea' | 'email' | 'number' | 'date' | 'dropdown';

export interface FormField {
	label: string;
	type: FormFieldType;
	required: boolean;
	placeholder: string;
	choices: string[];
	multiselect: boolean;
}

export const formFieldsProperty: INodeProperties = {
	displayName: 'Form Fields',
	name: 'formFields',
	placeholder: 'Add Form Field',
	type: 'fixedCollection',
	default: { values: [{ fieldLabel: '', fieldType: 'text', requiredField: true }] },
	typeOptions: { multipleValues: true, sortable: true },
	options: [
		{
			displayName: 'Values',
			name: 'values',
			values: [
				{
					displayName: 'Field Label',
					name: 'fieldLabel',
					type: 'string',
					default: '',
					placeholder: 'e.g. Preferred time',
					description: 'Label shown above the field; also the key of the answer in the output',
					required: true,
				},
				{
					displayName: 'Field Options',
					name: 'fieldOptions',
					placeholder: 'Add Field Option',
					type: 'fixedCollection',
					default: { values: [{ option: '' }] },
					typeOptions: { multipleValues: true, sortable: true },
					displayOptions: { show: { fieldType: ['dropdown'] } },
					options: [
						{
							displayName: 'Values',
							name: 'values',
							values: [{ displayName: 'Option', name: 'option', type: 'string', default: '' }],
						},
					],
				},
				{
					displayName: 'Field Type',
					name: 'fieldType',
					type: 'options',
					default: 'text',
					options: [
						{ name: 'Date', value: 'date' },
						{ name: 'Dropdown List', value: 'dropdown' },
						{ name: 'Email', value: 'email' },
						{ name: 'Number', value: 'number' },
						{ name: 'Text', value: 'text' },
						{ name: 'Textarea', value: 'textarea' },
					],
				},
				{
					displayName: 'Multiple Choice',
					name: 'multiselect',
					type: 'boolean',
					default: false,
					description: 'Whether the person may pick more than one option',
					displayOptions: { show: { fieldType: ['dropdown'] } },
				},
				{
					displayName: 'Placeholder',
					name: 'placeholder',
					type: 'string',
					default: '',
					description: 'Sample text shown inside the empty field',
					displayOptions: { show: { fieldType: ['text', 'textarea', 'email', 'number'] } },
				},
				{
					displayName: 'Required Field',
					name: 'requiredField',
					type: 'boolean',
					default: false,
					description: 'Whether the form can be sent with this field left empty',
				},
			],
		},
	],
};

/** Keys n8n's deepCopy leaves out of every item (prototype pollution guard): an answer under them would be lost. */
const RESERVED_KEYS = ['__proto__', 'constructor', 'prototype'];

const TYPES: FormFieldType[] = ['text', 'textarea', 'email', 'number', 'date', 'dropdown'];

/** The form's fields from the parameter's raw values; `problems` names what cannot make a usable form. */
export function toFormFields(raw: unknown): { fields: FormField[]; problems: string[] } {
	const values = Array.isArray(raw) ? (raw as IDataObject[]) : [];
	const problems: string[] = [];
	const fields = values.map((value, index) => {
		const label = typeof value.fieldLabel === 'string' ? value.fieldLabel.trim() : '';
		const given = value.fieldType ?? 'text';
		const type = TYPES.find((candidate) => typeof given === 'string' && candidate === given.trim().toLowerCase());
		if (!type) problems.push(`field ${index + 1} has the type ${JSON.stringify(given)}, not one of ${TYPES.join(', ')}`);
		const options = ((value.fieldOptions as IDataObject | undefined)?.values ?? []) as IDataObject[];
		const choices = options.map((option) => String(option.option ?? '').trim()).filter(Boolean);
		if (!label) problems.push(`field ${index + 1} has no label`);
		if (RESERVED_KEYS.includes(label)) {
			problems.push(
				`the label "${label}" cannot be a key of the answer (n8n drops the keys ${RESERVED_KEYS.join(', ')} when it copies an item)`,
			);
		}
		if (type === 'dropdown' && !choices.length) problems.push(`the dropdown "${label}" has no options`);
		return {
			label,
			type: type ?? 'text',
			required: value.requiredField === true,
			placeholder: typeof value.placeholder === 'string' ? value.placeholder : '',
			choices,
			multiselect: value.multiselect === true,
		};
	});
	const labels = fields.map((field) => field.label.toLowerCase());
	const repeated = labels.filter((label, index) => label && labels.indexOf(label) !== index);
	if (repeated.length) problems.push(`the label "${repeated[0]}" is used twice (labels are the keys of the answer)`);
	if (!fields.length) problems.push('it has no fields');
	return { fields, problems };
}

/** The one field of a Free Text response. */
export const freeTextField: FormField = {
	label: 'Response',
	type: 'textarea',
	required: true,
	placeholder: '',
	choices: [],
	multiselect: false,
};

const fieldName = (index: number) => `field-${index}`;

function inputHtml(field: FormField, index: number, given: unknown): string {
	const name = fieldName(index);
	const required = field.required ? ' required' : '';
	const placeholder = field.placeholder ? ` placeholder="${escapeHtml(field.placeholder)}"` : '';
	const previous = Array.isArray(given) ? given.map(String) : given === undefined ? [] : [String(given)];
	const value = escapeHtml(previous[0] ?? '');
	switch (field.type) {
		case 'textarea':
			return `<textarea id="${name}" name="${name}"${required}${placeholder}>${value}</textarea>`;
		case 'dropdown': {
			const options = field.choices
				.map((choice) => `<option${previous.includes(choice) ? ' selected' : ''}>${escapeHtml(choice)}</option>`)
				.join('');
			const empty = field.multiselect ? '' : '<option value="">Choose…</option>';
			return `<select id="${name}" name="${name}"${field.multiselect ? ' multiple' : ''}${required}>${empty}${options}</select>`;
		}
		case 'number':
			return `<input id="${name}" name="${name}" type="number" step="any" value="${value}"${required}${placeholder}>`;
		default:
			return `<input id="${name}" name="${name}" type="${field.type}" value="${value}"${required}${placeholder}>`;
	}
}

/** The form's HTML: each field with its label and, after a refused attempt, what was wrong with it. Multipart, as n8n 2.x requires of a send-and-wait form. */
export function formHtml(
	fields: FormField[],
	{
		action,
		buttonLabel,
		given = {},
		errors = {},
	}: { action: string; buttonLabel: string; given?: IDataObject; errors?: Record<number, string> },
): string {
	const rows = fields
		.map((field, index) => {
			const error = errors[index] ? `<p class="error">${escapeHtml(errors[index])}</p>` : '';
			return `<label for="${fieldName(index)}">${escapeHtml(field.label)}${field.required ? ' *' : ''}</label>${inputHtml(field, index, given[fieldName(index)])}${error}`;
		})
		.join('');
	return `<form method="POST" action="${escapeHtml(action)}" enctype="multipart/form-data">${rows}<button type="submit">${escapeHtml(buttonLabel)}</button></form>`;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_ANSWER_LENGTH = 10_000;

function readOne(field: FormField, raw: unknown): { value?: unknown; error?: string } {
	const texts = (Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw])
		.map((text) => String(text).trim())
		.filter(Boolean);
	if (!texts.length) return field.required ? { error: 'Please fill in this field' } : { value: field.multiselect ? [] : null };
	if (texts.some((text) => text.length > MAX_ANSWER_LENGTH)) return { error: `At most ${MAX_ANSWER_LENGTH} characters` };
	if (field.type === 'dropdown') {
		const unknown = texts.find((text) => !field.choices.includes(text));
		if (unknown !== undefined) return { error: `"${unknown}" is not one of the options` };
		if (!field.multiselect && texts.length > 1) return { error: 'Choose one option' };
		return { value: field.multiselect ? texts : texts[0] };
	}
	if (texts.length > 1) return { error: 'One value, please' };
	const [text] = texts;
	if (field.type === 'email' && !EMAIL.test(text)) return { error: 'Please enter an email address' };
	if (field.type === 'date' && !isCalendarDay(text)) return { error: 'Please enter a date that exists (YYYY-MM-DD)' };
	if (field.type === 'number') {
		const number = Number(text);
		return Number.isFinite(number) ? { value: number } : { error: 'Please enter a number' };
	}
	return { value: text };
}

/** The answers by field label, or what is wrong with them (by field index). */
export function readFormAnswer(fields: FormField[], body: IDataObject): { answer: IDataObject; errors: Record<number, string> } {
	const answer: IDataObject = {};
	const errors: Record<number, string> = {};
	fields.forEach((field, index) => {
		const { value, error } = readOne(field, body[fieldName(index)]);
		if (error) errors[index] = error;
		// an own property whatever the label: `answer["__proto__"] = …` would set the prototype instead
		else Object.defineProperty(answer, field.label, { value, enumerable: true, writable: true, configurable: true });
	});
	return { answer, errors };
}
