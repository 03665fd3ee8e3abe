import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import {
	invalidInput,
	readBoolean,
	readJsonObject,
	readKeyValues,
	readList,
	readOption,
	readPhoneNumber,
	readText,
	readUpdateFields,
	refuseControlCharacters,
	requireHttpUrl,
	requireOneOf,
} from '../../helpers';
import { REMOVE_KEY } from '../shared/metadata';
import { knownCustomFields, typedCustomFields } from './customFields';
import type { UpdateFieldName } from './fields';
import { UPDATE_FIELD_NAMES, UTM_KEYS } from './fields';

/**
 * create: POST /v1/contact and batch items (empty values are left out);
 * update: the contact PUTs (a field the user added is sent even when empty, which clears it);
 * filter: POST /v1/contact/filter (values are matched, nothing is converted).
 */
export type BodyMode = 'create' | 'update' | 'filter';

const FIELD_LABELS: Record<string, string> = {
	name: 'Name',
	phoneNumber: 'Phone Number',
	email: 'Email',
	instagram: 'Instagram',
	annotation: 'Annotation',
	tagNames: 'Tag Names',
	tagIds: 'Tag IDs',
	portfolioNames: 'Portfolio Names',
	portfolioIds: 'Portfolio IDs',
	sequenceIds: 'Sequence IDs',
	customFieldsUi: 'Custom Fields',
	customFieldsJson: 'Custom Fields (JSON)',
	metadataUi: 'Metadata',
	metadataJson: 'Metadata',
	status: 'Status',
	pictureUrl: 'Picture URL',
	utm: 'UTM',
};

const TEXT_KEYS = ['name', 'phoneNumber', 'email', 'instagram', 'annotation'];
const ID_LIST_KEYS = ['tagIds', 'portfolioIds', 'sequenceIds'];
const NAME_LIST_KEYS = ['tagNames', 'portfolioNames'];
const LIST_KEYS = [...NAME_LIST_KEYS, ...ID_LIST_KEYS];
const MAX_TEXT_LENGTH = 255;
const STATUSES = ['ACTIVE', 'ARCHIVED', 'BLOCKED'];

/** The label of a value in errors: the field's name in the node, or how the caller calls it (an input item key). */
export type LabelOf = (key: string) => string;
const fieldLabel: LabelOf = (key) => FIELD_LABELS[key] ?? key;

/** The (key, value) rows of a fixedCollection such as Custom Fields or Metadata; a key given twice is refused. */
function readPairs(
	context: IExecuteFunctions,
	collection: unknown,
	group: string,
	label: string,
	itemIndex: number,
	removeName?: string,
): IDataObject {
	// core stores any JSON value in metadata and custom fields (typed below against their definitions)
	return readKeyValues(context, collection, label, itemIndex, { group, values: 'json', removeName }) as IDataObject;
}

async function readCustomFields(
	context: IExecuteFunctions,
	values: IDataObject,
	itemIndex: number,
	mode: BodyMode,
	labelOf: LabelOf,
): Promise<IDataObject | undefined> {
	const hasPicked = values.customFieldsUi !== undefined;
	const hasJson = values.customFieldsJson !== undefined;
	if (!hasPicked && !hasJson) return undefined;
	const picked = readPairs(context, values.customFieldsUi, 'field', labelOf('customFieldsUi'), itemIndex);
	const json = hasJson ? readJsonObject(context, values.customFieldsJson, labelOf('customFieldsJson'), itemIndex) : {};
	if (mode === 'filter') {
		return {
			...(await knownCustomFields(context, picked, itemIndex, labelOf('customFieldsUi'))),
			...(await knownCustomFields(context, json, itemIndex, labelOf('customFieldsJson'))),
		};
	}
	return {
		...(await typedCustomFields(context, picked, itemIndex, labelOf('customFieldsUi'))),
		...(await typedCustomFields(context, json, itemIndex, labelOf('customFieldsJson'))),
	};
}

function readMetadata(
	context: IExecuteFunctions,
	values: IDataObject,
	itemIndex: number,
	mode: BodyMode,
	labelOf: LabelOf,
): IDataObject | undefined {
	if (values.metadataUi === undefined && values.metadataJson === undefined) return undefined;
	const picked =
		values.metadataUi === undefined
			? undefined
			: readPairs(context, values.metadataUi, 'entry', labelOf('metadataUi'), itemIndex, mode === 'filter' ? undefined : REMOVE_KEY);
	const json =
		values.metadataJson === undefined ? undefined : readJsonObject(context, values.metadataJson, labelOf('metadataJson'), itemIndex);
	const given = picked && json ? { ...picked, ...json } : (picked ?? json ?? {});
	// no prototype: a key such as `__proto__` or `constructor` is a plain key
	const metadata = Object.create(null) as IDataObject;
	// entries, not a read per key: the object may be a Code node's sandbox proxy
	for (const [key, value] of Object.entries(given)) {
		// filter values are typed as strings; in a write an empty value removes the key
		if (mode === 'filter')
			metadata[key] = value === null || value === undefined ? '' : readText(context, value, `${labelOf('metadataUi')} "${key}"`, itemIndex);
		else metadata[key] = value === '' || value === undefined ? null : value;
	}
	return metadata;
}

function readUtm(context: IExecuteFunctions, values: IDataObject, itemIndex: number): IDataObject {
	const given = ((values.utm as IDataObject | undefined)?.values as IDataObject | undefined) ?? {};
	const utm: IDataObject = {};
	for (const key of UTM_KEYS) {
		const text = readText(context, given[key], `UTM ${key}`, itemIndex);
		// the referral address goes out trimmed and without control characters, like every URL input
		if (text && key === 'referralUrl') utm[key] = refuseControlCharacters(context, text.trim(), `UTM ${key}`, itemIndex);
		else if (text) utm[key] = text;
	}
	if (Object.keys(utm).length === 0) {
		throw invalidInput(context, 'UTM', 'needs at least one attribute', itemIndex);
	}
	return utm;
}

/**
 * A text field of a contact: text or an unambiguous number, at most 255 characters (the annotation is
 * free). The label is made only for an error: a batch reads thousands of these.
 */
function readContactText(context: IExecuteFunctions, key: string, value: unknown, labelOf: LabelOf, itemIndex: number, mode: BodyMode) {
	const text = (typeof value === 'string' ? value : readText(context, value, labelOf(key), itemIndex)) ?? '';
	if (text.trim() === '') return '';
	if (key !== 'annotation' && text.length > MAX_TEXT_LENGTH) {
		throw invalidInput(context, labelOf(key), `must be at most ${MAX_TEXT_LENGTH} characters long; it has ${text.length}`, itemIndex);
	}
	if (key === 'phoneNumber' && mode !== 'filter') return readPhoneNumber(context, text, labelOf(key), itemIndex);
	return text;
}

/** Whether a list or object value is sent: in an update an empty one clears the field, elsewhere it is left out. */
function keep(mode: BodyMode, value: unknown[] | IDataObject): boolean {
	if (mode === 'update') return true;
	if (Array.isArray(value)) return value.length > 0;
	for (const _ in value) return true;
	return false;
}

/**
 * The one validator of a contact body, used by Create, Update, Search and both modes of Create or
 * Update Many: the contact fields of a request body from the values the user set (a collection such
 * as Additional Fields, Update Fields or Filters, or an input item read by `readBatchItem`). Only
 * fields that were set appear in the result; every value is checked before any request.
 */
export async function readContactFields(
	context: IExecuteFunctions,
	values: IDataObject,
	itemIndex: number,
	mode: BodyMode,
	labelOf: LabelOf = fieldLabel,
): Promise<IDataObject> {
	const body = readContactFieldsExceptCustom(context, values, itemIndex, mode, labelOf);
	if (hasCustomFields(values)) await addCustomFields(context, body, values, itemIndex, mode, labelOf);
	return body;
}

/** Whether the values hold custom fields, the one part of a contact whose check may need a request. */
export function hasCustomFields(values: IDataObject): boolean {
	return values.customFieldsUi !== undefined || values.customFieldsJson !== undefined;
}

/** Adds the custom fields, checked against Helena's definitions (read once per execution). */
export async function addCustomFields(
	context: IExecuteFunctions,
	body: IDataObject,
	values: IDataObject,
	itemIndex: number,
	mode: BodyMode,
	labelOf: LabelOf = fieldLabel,
): Promise<void> {
	const customFields = await readCustomFields(context, values, itemIndex, mode, labelOf);
	if (customFields && keep(mode, customFields)) body.customFields = customFields;
}

/**
 * Everything `readContactFields` reads but the custom fields, synchronously: a batch of thousands of
 * items is checked without a pause per item.
 */
export function readContactFieldsExceptCustom(
	context: IExecuteFunctions,
	values: IDataObject,
	itemIndex: number,
	mode: BodyMode,
	labelOf: LabelOf = fieldLabel,
): IDataObject {
	const body: IDataObject = {};
	for (const key of TEXT_KEYS) {
		if (values[key] === undefined) continue;
		const text = readContactText(context, key, values[key], labelOf, itemIndex, mode);
		if (text) body[key] = text;
		else if (mode === 'update') body[key] = null;
	}
	for (const key of LIST_KEYS) {
		if (values[key] === undefined) continue;
		const list = readList(context, values[key], () => labelOf(key), itemIndex, { uuids: ID_LIST_KEYS.includes(key), unique: true });
		if (keep(mode, list)) body[key] = list;
	}
	const metadata = readMetadata(context, values, itemIndex, mode, labelOf);
	if (metadata && keep(mode, metadata)) body.metadata = metadata;

	if (mode !== 'create' && values.status !== undefined && values.status !== '') {
		body.status = readOption(context, values.status, STATUSES, labelOf('status'), itemIndex);
	}
	if (mode === 'update') {
		if (values.pictureUrl !== undefined) {
			const url = (readText(context, values.pictureUrl, 'Picture URL', itemIndex) ?? '').trim();
			body.pictureUrl = url ? requireHttpUrl(context, url, 'Picture URL', itemIndex) : null;
		}
		if (values.utm !== undefined) body.utm = readUtm(context, values, itemIndex);
	}
	return body;
}

/** Each body property of a contact update and the `fields` name it stands for, in the API's order. */
export const CONTACT_UPDATE_FIELDS: Record<string, UpdateFieldName> = {
	name: 'Name',
	phoneNumber: 'PhoneNumber',
	email: 'Email',
	instagram: 'Instagram',
	annotation: 'Annotation',
	tagIds: 'Tags',
	tagNames: 'Tags',
	status: 'Status',
	customFields: 'CustomFields',
	pictureUrl: 'PictureUrl',
	portfolioIds: 'Portfolio',
	portfolioNames: 'Portfolio',
	sequenceIds: 'SequenceIds',
	utm: 'Utm',
	metadata: 'Metadata',
};

/**
 * The update's `fields` list: Helena applies only the fields it names, so it is exactly the
 * fields present in the body, in the API's order; refused when it names none.
 */
export function readContactUpdateFields(context: IExecuteFunctions, body: IDataObject, itemIndex: number): UpdateFieldName[] {
	return readUpdateFields(context, body, CONTACT_UPDATE_FIELDS, itemIndex);
}

const UPSERT_TAG_OPERATIONS = ['INSERTIFNOTEXISTS', 'DELETEIFEXISTS', 'REPLACEALL'];

/** `options` of POST /v1/contact and of the batch, or undefined when the user set none. */
export function readCreateOptions(context: IExecuteFunctions, itemIndex: number): IDataObject | undefined {
	const given = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const options: IDataObject = {};
	if (given.upsert !== undefined) options.upsert = readBoolean(context, given.upsert, 'Upsert', itemIndex);
	if (given.getIfExists !== undefined) options.getIfExists = readBoolean(context, given.getIfExists, 'Get If Exists', itemIndex);
	if (given.upsertFields !== undefined) {
		const fields = readList(context, given.upsertFields, 'Upsert Fields', itemIndex, { unique: true });
		const unknown = fields.filter((field) => !(UPDATE_FIELD_NAMES as readonly string[]).includes(field));
		if (unknown.length) {
			throw invalidInput(
				context,
				'Upsert Fields',
				`contains ${unknown.map((field) => `"${field}"`).join(', ')}; use ${UPDATE_FIELD_NAMES.join(', ')}`,
				itemIndex,
			);
		}
		if (fields.length) options.upsertFields = fields;
	}
	if (given.upsertTagOperation !== undefined) {
		options.upsertTagOperation = requireOneOf(context, given.upsertTagOperation, UPSERT_TAG_OPERATIONS, 'Upsert Tag Operation', itemIndex);
	}
	return Object.keys(options).length ? options : undefined;
}

/** Helena needs something to create a contact from and to match an existing one by. */
export function requireIdentity(context: IExecuteFunctions, body: IDataObject, itemIndex: number): void {
	if (!body.name && !body.phoneNumber && !body.email && !body.instagram) {
		throw invalidInput(context, 'Contact', 'needs at least one of Name, Phone Number, Email or Instagram', itemIndex);
	}
}
