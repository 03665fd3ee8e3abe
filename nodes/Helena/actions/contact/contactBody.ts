import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { invalidInput, readJsonObject, readList, readText, readUpdateFields, requireHttpUrl, requireOneOf } from '../../helpers';
import { typedCustomFields } from './customFields';
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
	status: 'Status',
	pictureUrl: 'Picture URL',
	utm: 'UTM',
};

const TEXT_KEYS = ['name', 'phoneNumber', 'email', 'instagram', 'annotation'];
const ID_LIST_KEYS = ['tagIds', 'portfolioIds', 'sequenceIds'];
const NAME_LIST_KEYS = ['tagNames', 'portfolioNames'];
const MAX_TEXT_LENGTH = 255;
const STATUSES = ['ACTIVE', 'ARCHIVED', 'BLOCKED'];

/** The (key, value) rows of a fixedCollection such as Custom Fields or Metadata. */
function readPairs(
	context: IExecuteFunctions,
	collection: unknown,
	group: string,
	label: string,
	itemIndex: number,
): Array<{ key: string; value: IDataObject[string] }> {
	const rows = ((collection as IDataObject | undefined)?.[group] as IDataObject[] | undefined) ?? [];
	return rows.map((row) => {
		const key = String(row.key ?? '').trim();
		if (!key) throw invalidInput(context, label, 'has an entry without a key', itemIndex);
		return { key, value: row.value };
	});
}

async function readCustomFields(
	context: IExecuteFunctions,
	values: IDataObject,
	itemIndex: number,
	mode: BodyMode,
): Promise<IDataObject | undefined> {
	const hasPicked = values.customFieldsUi !== undefined;
	const hasJson = values.customFieldsJson !== undefined;
	if (!hasPicked && !hasJson) return undefined;
	const pairs = readPairs(context, values.customFieldsUi, 'field', 'Custom Fields', itemIndex);
	const picked =
		mode === 'filter'
			? Object.fromEntries(pairs.map(({ key, value }) => [key, value]))
			: await typedCustomFields(context, pairs, itemIndex);
	const json = hasJson ? readJsonObject(context, values.customFieldsJson, 'Custom Fields (JSON)', itemIndex) : {};
	return { ...picked, ...json };
}

function readMetadata(context: IExecuteFunctions, values: IDataObject, itemIndex: number, mode: BodyMode): IDataObject | undefined {
	if (values.metadataUi === undefined) return undefined;
	const pairs = readPairs(context, values.metadataUi, 'entry', 'Metadata', itemIndex);
	return Object.fromEntries(
		pairs.map(({ key, value }) => {
			// filter values are typed as strings; in a write an empty value removes the key
			if (mode === 'filter') return [key, value === null || value === undefined ? '' : String(value)];
			return [key, value === '' || value === undefined ? null : value];
		}),
	);
}

function readUtm(context: IExecuteFunctions, values: IDataObject, itemIndex: number): IDataObject {
	const given = ((values.utm as IDataObject | undefined)?.values as IDataObject | undefined) ?? {};
	const utm: IDataObject = {};
	for (const key of UTM_KEYS) {
		const text = readText(context, given[key], `UTM ${key}`, itemIndex);
		if (text) utm[key] = text;
	}
	if (Object.keys(utm).length === 0) {
		throw invalidInput(context, 'UTM', 'needs at least one attribute', itemIndex);
	}
	return utm;
}

/**
 * The contact fields of a request body from the parameters the user set (a collection such as
 * Additional Fields, Update Fields or Filters). Only fields that were set appear in the result.
 */
export async function readContactFields(
	context: IExecuteFunctions,
	values: IDataObject,
	itemIndex: number,
	mode: BodyMode,
): Promise<IDataObject> {
	const body: IDataObject = {};
	const keep = (value: unknown[] | IDataObject) =>
		mode === 'update' || (Array.isArray(value) ? value.length > 0 : Object.keys(value).length > 0);

	for (const key of TEXT_KEYS) {
		if (values[key] === undefined) continue;
		const text = readText(context, values[key], FIELD_LABELS[key], itemIndex) ?? '';
		if (text.trim() === '') {
			if (mode === 'update') body[key] = null;
			continue;
		}
		if (key !== 'annotation' && text.length > MAX_TEXT_LENGTH) {
			throw invalidInput(
				context,
				FIELD_LABELS[key],
				`must be at most ${MAX_TEXT_LENGTH} characters long; it has ${text.length}`,
				itemIndex,
			);
		}
		body[key] = text;
	}
	for (const key of [...NAME_LIST_KEYS, ...ID_LIST_KEYS]) {
		if (values[key] === undefined) continue;
		const list = readList(context, values[key], FIELD_LABELS[key], itemIndex, {
			uuids: ID_LIST_KEYS.includes(key),
		});
		if (keep(list)) body[key] = list;
	}
	const customFields = await readCustomFields(context, values, itemIndex, mode);
	if (customFields && keep(customFields)) body.customFields = customFields;
	const metadata = readMetadata(context, values, itemIndex, mode);
	if (metadata && keep(metadata)) body.metadata = metadata;

	if (mode !== 'create' && values.status !== undefined && values.status !== '') {
		body.status = requireOneOf(context, values.status, STATUSES, 'Status', itemIndex);
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
	if (given.upsert !== undefined) options.upsert = given.upsert === true;
	if (given.getIfExists !== undefined) options.getIfExists = given.getIfExists === true;
	if (given.upsertFields !== undefined) {
		const fields = readList(context, given.upsertFields, 'Upsert Fields', itemIndex);
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
