import type { IExecuteFunctions, INodeParameterResourceLocator, INodeProperties } from 'n8n-workflow';

import { apiPath } from '../../transport';
import type { NotFoundMessage } from '../../transport/errors';
import { invalidInput, requireUuid } from '../validate';

const UUID_PATTERN = '^\\s*[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\\s*$';

/** Which contact Get, Update and the tag operation act on; the mode picks the endpoint. */
export const contactLocator: INodeProperties = {
	displayName: 'Contact',
	name: 'contact',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'The contact to act on',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Search by name, phone, email or Instagram...',
			typeOptions: { searchListMethod: 'searchContacts', searchable: true },
		},
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. 3fa85f64-5717-4562-b3fc-2c963f66afa6',
			validation: [
				{
					type: 'regex',
					properties: { regex: UUID_PATTERN, errorMessage: 'Not a contact ID (a UUID)' },
				},
			],
		},
		{
			// the mode menu shows about seven characters: "By Phone Number" read "By Phon"
			displayName: 'Phone',
			name: 'phone',
			type: 'string',
			placeholder: 'e.g. +55|11999999999',
			hint: 'As Helena stores it (country code, pipe, number) or as digits with the country code',
		},
	],
};

export interface ContactTarget {
	byPhone: boolean;
	/** The trimmed id or phone number. */
	value: string;
}

/** Reads the `contact` locator of one item and checks it before any request. */
export function readContactTarget(context: IExecuteFunctions, itemIndex: number): ContactTarget {
	const locator = context.getNodeParameter('contact', itemIndex) as INodeParameterResourceLocator | string;
	const { mode, value } =
		typeof locator === 'object' && locator !== null ? locator : { mode: 'id', value: locator };
	if (mode === 'phone') {
		const phone = String(value ?? '').trim();
		if (!phone) throw invalidInput(context, 'Contact', 'needs a phone number', itemIndex);
		return { byPhone: true, value: phone };
	}
	return { byPhone: false, value: requireUuid(context, value, 'Contact', itemIndex) };
}

/** `/v1/contact/{id}` or `/v1/contact/phonenumber/{phone}`, the value URL-encoded. */
export function contactV1Path(target: ContactTarget): string {
	return target.byPhone
		? apiPath`/v1/contact/phonenumber/${target.value}`
		: apiPath`/v1/contact/${target.value}`;
}

/**
 * The "not found" message of a request about one contact. Helena words every miss the same way, so
 * only a miss that names the contact (not a tag or portfolio in the body) gets this message.
 */
export function contactNotFound(target: ContactTarget): NotFoundMessage {
	const message = target.byPhone
		? `No contact with the phone number "${target.value}" exists in Helena`
		: `No contact with the ID "${target.value}" exists in Helena`;
	return (helenaText) => (!helenaText || /contat|contact/i.test(helenaText) ? message : undefined);
}
