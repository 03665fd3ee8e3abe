import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { invalidInput, readJsonObject, readList, readText } from '../../helpers';

type Kind = 'text' | 'names' | 'ids' | 'object';

/** The keys of a batch item (POST /v1/contact fields without options) and how each is read. */
const WRITABLE: Record<string, Kind> = {
	name: 'text',
	phoneNumber: 'text',
	email: 'text',
	instagram: 'text',
	annotation: 'text',
	tagIds: 'ids',
	tagNames: 'names',
	portfolioIds: 'ids',
	portfolioNames: 'names',
	sequenceIds: 'ids',
	customFields: 'object',
	metadata: 'object',
};

/**
 * Keys of a contact as Helena returns it that a batch cannot set. They are skipped, so the output
 * of Get, Get Many or Search can be fed straight back in.
 */
export const READ_ONLY_KEYS = [
	'id',
	'createdAt',
	'updatedAt',
	'companyId',
	'nameWhatsapp',
	'nameInstagram',
	'nameMessenger',
	'phoneNumberFormatted',
	'messengerId',
	'status',
	'origin',
	'importedAt',
	'utm',
];

/** Every accepted spelling (as written, and lower case) to the API's name of the key. */
const canonical = new Map(
	[...Object.keys(WRITABLE), ...READ_ONLY_KEYS].flatMap((key) => [
		[key, key],
		[key.toLowerCase(), key],
	]),
);

/**
 * One input item's JSON as a batch contact. Keys match the API's names (case does not matter);
 * empty values are skipped (a blank spreadsheet cell must not clear a field), null is sent as is.
 * Its keys and each value are read once: it may be a Code node's sandbox proxy, where every read
 * crosses the sandbox.
 */
export function readBatchItem(context: IExecuteFunctions, json: IDataObject, itemIndex: number): IDataObject {
	const rawKeys = Object.keys(json);
	const keys = rawKeys.map((rawKey) => canonical.get(rawKey) ?? canonical.get(rawKey.toLowerCase()));
	const unknown = rawKeys.filter((_, position) => keys[position] === undefined);
	if (unknown.length) {
		throw invalidInput(
			context,
			'Input item',
			`has ${unknown.length === 1 ? 'a key' : 'keys'} Helena does not know: ${unknown.map((key) => `"${key}"`).join(', ')}`,
			itemIndex,
			`Use ${Object.keys(WRITABLE).join(', ')} (read-only contact keys such as id and createdAt are ignored), or switch Contact Data to "Define Below" and map the fields there.`,
		);
	}
	const body: IDataObject = {};
	for (let position = 0; position < rawKeys.length; position++) {
		const key = keys[position] as string;
		const kind = WRITABLE[key];
		if (!kind) continue;
		const rawKey = rawKeys[position];
		const value = json[rawKey];
		if (value === undefined || value === '') continue;
		if (value === null || (kind === 'text' && typeof value === 'string')) {
			body[key] = value;
			continue;
		}
		const label = `Input item key "${rawKey}"`;
		if (kind === 'text') {
			body[key] = readText(context, value, label, itemIndex);
		} else if (kind === 'object') {
			body[key] = readJsonObject(context, value, label, itemIndex);
		} else {
			const list = readList(context, value, label, itemIndex, { uuids: kind === 'ids' });
			if (list.length) body[key] = list;
		}
	}
	if (!body.name && !body.phoneNumber && !body.email && !body.instagram) {
		throw invalidInput(
			context,
			'Input item',
			'has none of name, phoneNumber, email or instagram, so Helena can neither create nor match the contact',
			itemIndex,
		);
	}
	return body;
}
