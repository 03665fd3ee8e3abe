import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { NodeContext } from '../../helpers';
import { alsoAccepting, optionsCollection, requireOneOf } from '../../helpers';
import { isTagRemoval, TAG_REMOVAL_SPELLINGS } from '../../transport';
import { REMOVE_KEY, removeKeyField } from '../shared/metadata';

/*
 * Contact field parameters shared by Create, Update, Create or Update Many and Search. Their names
 * are the API's body keys, except the *Ui / *Json variants that contactBody.ts turns into objects.
 */

export const nameField: INodeProperties = {
	displayName: 'Name',
	name: 'name',
	type: 'string',
	default: '',
	placeholder: 'e.g. Maria Silva',
};

export const phoneNumberField: INodeProperties = {
	displayName: 'Phone Number',
	name: 'phoneNumber',
	type: 'string',
	default: '',
	placeholder: 'e.g. +55|11999999999',
	description: 'WhatsApp number with the country code, e.g. +55|11999999999 or 5511999999999',
};

const emailField: INodeProperties = {
	displayName: 'Email',
	name: 'email',
	type: 'string',
	placeholder: 'name@email.com',
	default: '',
};

const instagramField: INodeProperties = {
	displayName: 'Instagram',
	name: 'instagram',
	type: 'string',
	default: '',
	placeholder: 'e.g. maria.silva',
	description: 'Instagram username',
};

const annotationField: INodeProperties = {
	displayName: 'Annotation',
	name: 'annotation',
	type: 'string',
	typeOptions: { rows: 3 },
	default: '',
	description: 'Internal notes about the contact, seen by your team only',
};

function listField(displayName: string, name: string, description: string, placeholder: string): INodeProperties {
	return { displayName, name, type: 'string', default: '', placeholder, description };
}

const tagNamesField = listField('Tag Names', 'tagNames', 'Tag names separated by commas, or a list from an expression', 'e.g. VIP, Lead');
const tagIdsField = listField(
	'Tag IDs',
	'tagIds',
	'Tag IDs (UUIDs) separated by commas, or a list from an expression. When set, Tag Names are ignored.',
	'e.g. 3fa85f64-5717-4562-b3fc-2c963f66afa6',
);
const portfolioNamesField = listField(
	'Portfolio Names',
	'portfolioNames',
	'Portfolio names separated by commas, or a list from an expression',
	'e.g. Carteira Sul',
);
const portfolioIdsField = listField(
	'Portfolio IDs',
	'portfolioIds',
	'Portfolio IDs (UUIDs) separated by commas, or a list from an expression. When set, Portfolio Names are ignored.',
	'e.g. 3fa85f64-5717-4562-b3fc-2c963f66afa6',
);
const sequenceIdsField = listField(
	'Sequence IDs',
	'sequenceIds',
	'IDs (UUIDs) of the sequences to add the contact to, separated by commas',
	'e.g. 3fa85f64-5717-4562-b3fc-2c963f66afa6',
);

export const customFieldsUiField: INodeProperties = {
	displayName: 'Custom Fields',
	name: 'customFieldsUi',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Custom Field',
	default: {},
	options: [
		{
			displayName: 'Field',
			name: 'field',
			values: [
				{
					displayName: 'Field Name or ID',
					name: 'key',
					type: 'options',
					typeOptions: { loadOptionsMethod: 'getContactCustomFields' },
					default: '',
					description: 'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
				},
				{
					displayName: 'Value',
					name: 'value',
					type: 'string',
					default: '',
					description: 'Numbers, true/false and comma-separated choices are converted to the field type; leave empty to clear the field',
				},
			],
		},
	],
};

export const customFieldsJsonField: INodeProperties = {
	displayName: 'Custom Fields (JSON)',
	name: 'customFieldsJson',
	type: 'json',
	default: '{}',
	description:
		'Custom field values as a JSON object keyed by the field key, e.g. {"plano": "Pro", "pontos": 120}. Handy with expressions; merged over Custom Fields.',
};

export const metadataUiField: INodeProperties = {
	displayName: 'Metadata',
	name: 'metadataUi',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Metadata Entry',
	default: {},
	options: [
		{
			displayName: 'Entry',
			name: 'entry',
			values: [
				{ displayName: 'Key', name: 'key', type: 'string', default: '' },
				{
					displayName: 'Value',
					name: 'value',
					type: 'string',
					default: '',
					description: 'Leave empty to remove the key from the contact (or turn on Remove This Key)',
				},
				removeKeyField,
			],
		},
	],
};

export const statusOptions: INodePropertyOptions[] = [
	{ name: 'Active', value: 'ACTIVE' },
	{ name: 'Archived', value: 'ARCHIVED' },
	{ name: 'Blocked', value: 'BLOCKED' },
];

const statusField: INodeProperties = {
	displayName: 'Status',
	name: 'status',
	type: 'options',
	options: statusOptions,
	default: 'ACTIVE',
};

const pictureUrlField: INodeProperties = {
	displayName: 'Picture URL',
	name: 'pictureUrl',
	type: 'string',
	default: '',
	placeholder: 'e.g. https://example.com/photo.jpg',
	description: 'Address of an image to use as the contact picture',
};

export const UTM_KEYS = ['source', 'medium', 'campaign', 'content', 'headline', 'term', 'referralUrl'];

export const utmField: INodeProperties = {
	displayName: 'UTM',
	name: 'utm',
	type: 'fixedCollection',
	placeholder: 'Add UTM Attributes',
	default: {},
	description: 'Marketing attributes of the contact; only the ones you fill in are changed',
	options: [
		{
			displayName: 'Attributes',
			name: 'values',
			values: [
				{ displayName: 'Campaign', name: 'campaign', type: 'string', default: '' },
				{ displayName: 'Content', name: 'content', type: 'string', default: '' },
				{ displayName: 'Headline', name: 'headline', type: 'string', default: '' },
				{ displayName: 'Medium', name: 'medium', type: 'string', default: '' },
				{ displayName: 'Referral URL', name: 'referralUrl', type: 'string', default: '' },
				{ displayName: 'Source', name: 'source', type: 'string', default: '' },
				{ displayName: 'Term', name: 'term', type: 'string', default: '' },
			],
		},
	],
};

const byDisplayName = (a: INodeProperties, b: INodeProperties) => a.displayName.localeCompare(b.displayName);

/** Body fields of POST /v1/contact (and of each batch item) besides the name and phone number. */
export const createExtraFields: INodeProperties[] = [
	annotationField,
	customFieldsUiField,
	customFieldsJsonField,
	emailField,
	instagramField,
	metadataUiField,
	portfolioIdsField,
	portfolioNamesField,
	sequenceIdsField,
	tagIdsField,
	tagNamesField,
].sort(byDisplayName);

/** Body fields of the contact PUTs: the create fields plus status, picture and UTM. */
export const updateFields: INodeProperties[] = [
	...createExtraFields,
	nameField,
	phoneNumberField,
	pictureUrlField,
	statusField,
	utmField,
].sort(byDisplayName);

/**
 * The tags endpoint's `operation` (Add, Remove or Replace Tags). Its Remove keeps the value workflows
 * saved it with (the older spec's `ExcluiIfExists`); on the wire, removal goes out as `DeleteIfExists`
 * first, the other spelling only if Helena refuses it (see transport/tagRemoval).
 */
export const tagOperationOptions: INodePropertyOptions[] = alsoAccepting(
	[
		{ name: 'Add', value: 'InsertIfNotExists', description: 'Add the tags the contact does not have yet' },
		{ name: 'Remove', value: 'ExcluiIfExists', description: 'Remove these tags from the contact' },
		{
			name: 'Replace All',
			value: 'ReplaceAll',
			description: 'Remove every tag of the contact, then add these',
		},
	],
	TAG_REMOVAL_SPELLINGS,
);

/** An update's `options.tagsOperation`: the same choices, Remove saved as the reference spells it. */
export const updateTagOperationOptions: INodePropertyOptions[] = alsoAccepting(
	tagOperationOptions.map((option) => (option.value === 'ExcluiIfExists' ? { ...option, value: 'DeleteIfExists' } : option)),
	TAG_REMOVAL_SPELLINGS,
);

/**
 * A tag operation read from a parameter: either spelling of the removal means Remove (an expression, an
 * AI tool or an older workflow may give either), anything else must be one of `options`.
 */
export function readTagOperation(
	context: NodeContext,
	value: unknown,
	options: INodePropertyOptions[],
	field: string,
	itemIndex: number,
): string {
	const allowed = options.map((option) => String(option.value));
	const removal = allowed.find((option) => isTagRemoval(option))!;
	return requireOneOf(context, isTagRemoval(value) ? removal : value, allowed, field, itemIndex);
}

/** Filter fields of POST /v1/contact/filter that match a contact field. */
export const filterContactFields: INodeProperties[] = [
	{ ...nameField, description: 'Contacts whose name contains this text' },
	{ ...phoneNumberField, description: 'Contacts whose phone number contains these digits' },
	{ ...emailField, description: 'Contacts whose email contains this text' },
	{ ...instagramField, description: 'Contacts whose Instagram username contains this text' },
	{ ...tagNamesField, description: 'Contacts with any of these tags (names separated by commas)' },
	{ ...tagIdsField, description: 'Contacts with any of these tags (IDs separated by commas)' },
	{
		...portfolioNamesField,
		description: 'Contacts in any of these portfolios (names separated by commas)',
	},
	{ ...portfolioIdsField, description: 'Contacts in any of these portfolios (IDs separated by commas)' },
	{ ...customFieldsUiField, options: [withFilterValue(customFieldsUiField)] },
	{
		...customFieldsJsonField,
		description: 'Custom field values to match, as a JSON object keyed by the field key',
	},
	{ ...metadataUiField, options: [withFilterValue(metadataUiField)] },
];

/** In a filter an empty value matches nothing special, so the "leave empty to clear" hint and the Remove This Key switch go. */
function withFilterValue(field: INodeProperties) {
	const [group] = field.options as Array<{ displayName: string; name: string; values: INodeProperties[] }>;
	return {
		...group,
		values: group.values
			.filter((value) => value.name !== REMOVE_KEY)
			.map((value) => (value.name === 'value' ? { ...value, description: 'The value to match' } : value)),
	};
}

/** The `fields` / `options.upsertFields` names of the contact PUTs and of upserts. */
export const UPDATE_FIELD_NAMES = [
	'Name',
	'PhoneNumber',
	'Email',
	'Instagram',
	'Annotation',
	'Tags',
	'Status',
	'CustomFields',
	'PictureUrl',
	'Portfolio',
	'SequenceIds',
	'Utm',
	'Metadata',
] as const;
export type UpdateFieldName = (typeof UPDATE_FIELD_NAMES)[number];

export const createOptionsField: INodeProperties = optionsCollection([
	{
		displayName: 'Get If Exists',
		name: 'getIfExists',
		type: 'boolean',
		default: false,
		description: 'Whether to return a contact that already exists (same phone number, email or Instagram) unchanged instead of failing',
	},
	{
		displayName: 'Upsert',
		name: 'upsert',
		type: 'boolean',
		default: false,
		description: 'Whether to update a contact that already exists (same phone number, email or Instagram) instead of failing',
	},
	{
		displayName: 'Upsert Fields',
		name: 'upsertFields',
		type: 'multiOptions',
		options: [
			{ name: 'Annotation', value: 'Annotation' },
			{ name: 'Custom Fields', value: 'CustomFields' },
			{ name: 'Email', value: 'Email' },
			{ name: 'Instagram', value: 'Instagram' },
			{ name: 'Metadata', value: 'Metadata' },
			{ name: 'Name', value: 'Name' },
			{ name: 'Phone Number', value: 'PhoneNumber' },
			{ name: 'Picture URL', value: 'PictureUrl' },
			{ name: 'Portfolios', value: 'Portfolio' },
			{ name: 'Sequence IDs', value: 'SequenceIds' },
			{ name: 'Status', value: 'Status' },
			{ name: 'Tags', value: 'Tags' },
			{ name: 'UTM', value: 'Utm' },
		],
		default: [],
		description: 'When an existing contact is updated, the only fields to change; every given field when empty',
	},
	{
		displayName: 'Upsert Tag Operation',
		name: 'upsertTagOperation',
		type: 'options',
		options: [
			{ name: 'Add', value: 'INSERTIFNOTEXISTS', description: 'Add the tags the contact does not have yet' },
			{ name: 'Remove', value: 'DELETEIFEXISTS', description: 'Remove these tags from the contact' },
			{ name: 'Replace All', value: 'REPLACEALL', description: "Replace the contact's tags with these (Helena's default)" },
		],
		default: 'REPLACEALL',
		description: 'How the tags of an existing contact change when it is updated',
	},
]);
