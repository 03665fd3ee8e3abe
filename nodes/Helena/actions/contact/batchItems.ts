import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { invalidInput } from '../../helpers';
import { addCustomFields, hasCustomFields, readContactFieldsExceptCustom } from './contactBody';

/**
 * The keys of a batch item (POST /v1/contact fields without options) and the contact body value
 * each one is read as, so that a batch item is checked by the same validator as Create and Update.
 */
const WRITABLE: Record<string, string> = {
	name: 'name',
	phoneNumber: 'phoneNumber',
	email: 'email',
	instagram: 'instagram',
	annotation: 'annotation',
	tagIds: 'tagIds',
	tagNames: 'tagNames',
	portfolioIds: 'portfolioIds',
	portfolioNames: 'portfolioNames',
	sequenceIds: 'sequenceIds',
	customFields: 'customFieldsJson',
	metadata: 'metadataJson',
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
 * crosses the sandbox. Synchronous unless the item has custom fields, whose check may read Helena's
 * definitions: thousands of items are checked without a pause per item.
 */
export function readBatchItem(context: IExecuteFunctions, json: IDataObject, itemIndex: number): IDataObject | Promise<IDataObject> {
	const values: IDataObject = {};
	let nulls: IDataObject | undefined;
	let rawKeyOf: Record<string, string> | undefined;
	let unknown: string[] | undefined;
	for (const rawKey of Object.keys(json)) {
		const key = canonical.get(rawKey) ?? canonical.get(rawKey.toLowerCase());
		if (key === undefined) {
			(unknown ??= []).push(rawKey);
			continue;
		}
		const valueKey = WRITABLE[key];
		if (!valueKey || unknown) continue;
		const value = json[rawKey];
		if (value === undefined || value === '') continue;
		if (value === null) (nulls ??= {})[key] = null;
		else values[valueKey] = value;
		// errors name the key as the item spells it; only spellings other than the API's are remembered
		if (rawKey !== valueKey) (rawKeyOf ??= {})[valueKey] = rawKey;
	}
	if (unknown) {
		throw invalidInput(
			context,
			'Input item',
			`has ${unknown.length === 1 ? 'a key' : 'keys'} Helena does not know: ${unknown.map((key) => `"${key}"`).join(', ')}`,
			itemIndex,
			`Use ${Object.keys(WRITABLE).join(', ')} (read-only contact keys such as id and createdAt are ignored), or switch Contact Data to "Define Below" and map the fields there.`,
		);
	}
	const labelOf = (valueKey: string) => `Input item key "${rawKeyOf?.[valueKey] ?? keyOfValue(valueKey)}"`;
	const body = readContactFieldsExceptCustom(context, values, itemIndex, 'create', labelOf);
	const complete = () => {
		if (nulls) Object.assign(body, nulls);
		if (!body.name && !body.phoneNumber && !body.email && !body.instagram) {
			throw invalidInput(
				context,
				'Input item',
				'has none of name, phoneNumber, email or instagram, so Helena can neither create nor match the contact',
				itemIndex,
			);
		}
		return body;
	};
	if (!hasCustomFields(values)) return complete();
	return addCustomFields(context, body, values, itemIndex, 'create', labelOf).then(complete);
}

/** The item key a contact body value is read from (`customFieldsJson` comes from `customFields`). */
const ITEM_KEY_OF_VALUE = new Map(Object.entries(WRITABLE).map(([key, valueKey]) => [valueKey, key]));
const keyOfValue = (valueKey: string) => ITEM_KEY_OF_VALUE.get(valueKey) ?? valueKey;
