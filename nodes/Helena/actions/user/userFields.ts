import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { invalidInput, optionValues, readEmail, readLocatorId, readName, readOption, readText } from '../../helpers';
import type { RecordRef } from '../../transport';
import { userLocator } from '../chat/locators';

/** Which user an operation works on: the same User picker as the conversation operations, here required. */
export const userPicker: INodeProperties = userLocator('user', {
	required: true,
	description: 'The Helena user (agent); By ID takes the user ID (userId), not the agent record ID',
});

export function readUserId(context: IExecuteFunctions, itemIndex: number): string {
	return readLocatorId(context, userPicker, itemIndex);
}

/** The user a request is about, for its "not found" message. */
export function userRecord(id: string): RecordRef {
	return { kind: 'user', value: id, message: `The user with ID "${id}" was not found in Helena` };
}

/** "Update Fields" parameters and the `fields` value each one stands for. */
export const USER_UPDATE_FIELDS: Record<string, string> = {
	name: 'Name',
	shortName: 'ShortName',
	phoneNumber: 'PhoneNumber',
	email: 'Email',
	profile: 'Profile',
	availability: 'Availability',
};

export const nameOption: INodeProperties = {
	displayName: 'Name',
	name: 'name',
	type: 'string',
	default: '',
	placeholder: 'e.g. Maria Oliveira',
	description: 'Full name of the user (1 to 100 characters)',
};

export const profileOption: INodeProperties = {
	displayName: 'Profile',
	name: 'profile',
	type: 'options',
	default: 'Agent',
	description: 'What the user may do in Helena',
	options: [
		{ name: 'Admin', value: 'Admin', description: 'Manages the account, its users and settings' },
		{ name: 'Agent', value: 'Agent', description: 'Handles conversations' },
		{ name: 'Restricted Agent', value: 'RestrictedAgent', description: 'Handles only the conversations their restrictions allow' },
	],
};

export const availabilityOption: INodeProperties = {
	displayName: 'Availability',
	name: 'availability',
	type: 'options',
	default: 'AVAILABLE',
	description: 'Whether Helena may hand the user new conversations',
	options: [
		{ name: 'Available', value: 'AVAILABLE' },
		{ name: 'Unavailable', value: 'UNAVAILABLE' },
	],
};

export const emailOption: INodeProperties = {
	displayName: 'Email',
	name: 'email',
	type: 'string',
	placeholder: 'name@email.com',
	default: '',
	description: 'E-mail address the user signs in with',
};

export const phoneNumberOption: INodeProperties = {
	displayName: 'Phone Number',
	name: 'phoneNumber',
	type: 'string',
	default: '',
	placeholder: 'e.g. 5511999999999',
	description: 'Phone number of the user',
};

export const shortNameOption: INodeProperties = {
	displayName: 'Short Name',
	name: 'shortName',
	type: 'string',
	default: '',
	placeholder: 'e.g. Maria',
	description: 'Name shown to contacts and colleagues (up to 100 characters)',
};

const PROFILES = optionValues(profileOption);
const AVAILABILITY = optionValues(availabilityOption);

export function readUserName(context: IExecuteFunctions, value: unknown, itemIndex: number): string {
	return readName(context, value, 'Name', itemIndex, 100);
}

export function readProfile(context: IExecuteFunctions, value: unknown, itemIndex: number): string {
	return readOption(context, value, PROFILES, 'Profile', itemIndex);
}

/** Optional text: trimmed, and empty text sends null (Helena clears the value). */
function readOptionalText(context: IExecuteFunctions, value: unknown, label: string, itemIndex: number, max?: number): string | null {
	const text = (readText(context, value, label, itemIndex) ?? '').trim();
	if (max !== undefined && text.length > max) {
		throw invalidInput(context, label, `must be at most ${max} characters long; it has ${text.length}`, itemIndex);
	}
	return text === '' ? null : text;
}

/** The body properties of the user settings that were set, validated (create and update). */
export function readUserSettings(context: IExecuteFunctions, values: IDataObject, itemIndex: number): IDataObject {
	const body: IDataObject = {};
	if (values.name !== undefined) body.name = readUserName(context, values.name, itemIndex);
	if (values.shortName !== undefined) body.shortName = readOptionalText(context, values.shortName, 'Short Name', itemIndex, 100);
	if (values.email !== undefined) body.email = readEmail(context, values.email, 'Email', itemIndex);
	if (values.phoneNumber !== undefined) body.phoneNumber = readOptionalText(context, values.phoneNumber, 'Phone Number', itemIndex);
	if (values.profile !== undefined) body.profile = readProfile(context, values.profile, itemIndex);
	if (values.availability !== undefined) {
		body.availability = readOption(context, values.availability, AVAILABILITY, 'Availability', itemIndex);
	}
	return body;
}
