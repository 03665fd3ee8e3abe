import type { IDataObject, IExecuteFunctions, INodeParameterResourceLocator, INodeProperties } from 'n8n-workflow';

import { invalidInput, readPhoneNumber, readText, requireUuid, uuidLocator } from '../../helpers';
import { apiPath, recordIn } from '../../transport';
import type { RecordRef } from '../../transport';

const byListOrId = uuidLocator({
	displayName: 'Contact',
	name: 'contact',
	description: 'The contact to act on',
	record: 'contact',
	searchListMethod: 'searchContacts',
	listPlaceholder: 'Search by name, phone, email or Instagram...',
});

/** Which contact Get, Update and the tag operation act on; the mode picks the endpoint. */
export const contactLocator: INodeProperties = {
	...byListOrId,
	modes: [
		...(byListOrId.modes ?? []),
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
	const { mode, value } = typeof locator === 'object' && locator !== null ? locator : { mode: 'id', value: locator };
	if (mode === 'phone') {
		if (value === undefined || value === null || (typeof value === 'string' && !value.trim())) {
			throw invalidInput(context, 'Contact', 'needs a phone number', itemIndex);
		}
		return { byPhone: true, value: readPhoneNumber(context, value, 'Contact', itemIndex) };
	}
	return { byPhone: false, value: requireUuid(context, value, 'Contact', itemIndex) };
}

/** `/v1/contact/{id}` or `/v1/contact/phonenumber/{phone}`, the value URL-encoded. */
export function contactV1Path(target: ContactTarget): string {
	return target.byPhone ? apiPath`/v1/contact/phonenumber/${target.value}` : apiPath`/v1/contact/${target.value}`;
}

/**
 * What a request about one contact names: the contact, and the tags, portfolio and sequences its body
 * may carry; a "not found" names the one Helena names.
 */
export function contactRecords(target: ContactTarget, tagField = 'Tags'): RecordRef[] {
	const message = target.byPhone
		? `No contact with the phone number "${target.value}" exists in Helena`
		: `No contact with the ID "${target.value}" exists in Helena`;
	return [
		{ kind: 'contact', value: target.value, message },
		recordIn('tag', tagField),
		recordIn('portfolio', 'Portfolio'),
		recordIn('sequence', 'Sequences'),
	];
}

/** The Contact ID filter of a listing ("Only … of this contact"). */
export function contactIdFilter(description: string, withPlaceholder = false): INodeProperties {
	return {
		displayName: 'Contact ID',
		name: 'contactId',
		type: 'string',
		default: '',
		...(withPlaceholder ? { placeholder: 'e.g. 3fa85f64-5717-4562-b3fc-2c963f66afa6' } : {}),
		description,
	};
}

/** The Contact ID filter of one item as a UUID, or undefined when not set. */
export function readContactIdFilter(context: IExecuteFunctions, filters: IDataObject, itemIndex: number): string | undefined {
	const contactId = (readText(context, filters.contactId, 'Contact ID', itemIndex) ?? '').trim();
	return contactId ? requireUuid(context, contactId, 'Contact ID', itemIndex) : undefined;
}
