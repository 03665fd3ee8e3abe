import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { invalidInput, readDate, readList, readName, readNumber, readText, shown, toFieldType } from '../../helpers';
import { userLocator, optionalLocatorUuid } from '../chat/locators';
import { metadataField, readMetadata } from '../shared/metadata';
import { panelCustomFields } from '../crm/panelData';
import { stepLocator } from '../crm/locators';
import { simplifyFieldShowing } from '../shared/paging';
import { recordIn } from '../../transport';
import type { RecordRef } from '../../transport';

/* The card's writable fields, shared by Create and Update, and how each is read and checked. */

export const MAX_TITLE = 500;
export const MAX_DESCRIPTION = 8000;

export const customFieldsField: INodeProperties = {
	displayName: 'Custom Fields',
	name: 'customFieldsUi',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Custom Field',
	default: {},
	description: "Values of the panel's custom fields; a field the panel lacks is refused before anything is sent",
	options: [
		{
			displayName: 'Field',
			name: 'field',
			values: [
				{
					displayName: 'Field Name or ID',
					name: 'name',
					type: 'options',
					typeOptions: { loadOptionsMethod: 'getPanelCustomFields' },
					default: '',
					description:
						'A custom field of the panel (an expression may give its name or key). Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
				},
				{ displayName: 'Value', name: 'value', type: 'string', default: '' },
			],
		},
	],
};

/** Fields Create and Update both offer, in alphabetical order of their labels. */
export const writableFields: INodeProperties[] = [
	{
		displayName: 'Contact IDs',
		name: 'contactIds',
		type: 'string',
		default: '',
		description: 'Contacts linked to the card, comma-separated IDs (find one with Contact → Get)',
	},
	{
		displayName: 'Conversation ID',
		name: 'sessionId',
		type: 'string',
		default: '',
		description: 'The conversation (session) linked to the card; from Helena Trigger: the content ID of SESSION_* events',
	},
	customFieldsField,
	{
		displayName: 'Description',
		name: 'description',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
		description: 'Up to 8,000 characters',
	},
	{ displayName: 'Due Date', name: 'dueDate', type: 'dateTime', default: '', description: 'When the card is due' },
	metadataField(
		'metadataUi',
		'Metadata',
		'Values to store on the card for integrations (not shown to agents); an update merges them with the ones it has: keys not listed keep their values, a key given an empty value is stored empty, and a key with Remove This Key on is removed (Helena is sent null for it)',
		{ removable: true },
	),
	{
		displayName: 'Position',
		name: 'position',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 0,
		description: 'Place of the card in its step; 0 is the top',
	},
	{ ...userLocator('responsibleUser'), displayName: 'Responsible User', description: 'The Helena user responsible for the card' },
	{
		displayName: 'Tag Names',
		name: 'tagNames',
		type: 'string',
		default: '',
		description: 'Tags of the panel, comma-separated; a name the panel does not have yet is created by Helena',
	},
	{
		displayName: 'Value',
		name: 'monetaryAmount',
		type: 'number',
		typeOptions: { numberPrecision: 2 },
		default: 0,
		description: 'Monetary value of the deal',
	},
];

/** Body key of each parameter, and the `fields` name Helena's update applies it under. */
export const UPDATE_FIELD_OF: Record<string, string> = {
	stepId: 'StepId',
	title: 'Title',
	description: 'Description',
	position: 'Position',
	dueDate: 'DueDate',
	responsibleUserId: 'ResponsibleUserId',
	tagNames: 'TagIds',
	contactIds: 'ContactIds',
	sessionId: 'SessionId',
	monetaryAmount: 'MonetaryAmount',
	status: 'Status',
	customFields: 'CustomFields',
	metadata: 'Metadata',
};

/** `{ key: value }` of the custom fields given by name or key, each typed as the panel's definition says. */
export async function readCardCustomFields(
	context: IExecuteFunctions,
	raw: unknown,
	panelId: string,
	itemIndex: number,
): Promise<IDataObject | undefined> {
	const entries = ((raw as IDataObject | undefined)?.field as IDataObject[] | undefined) ?? [];
	if (entries.length === 0) return undefined;
	const definitions = await panelCustomFields(context, panelId, itemIndex);
	const result: IDataObject = {};
	for (const entry of entries) {
		const given = (readText(context, entry.name, 'Custom Fields: Field Name or ID', itemIndex) ?? '').trim();
		const wanted = given.toLowerCase();
		const definition = definitions.find(
			(candidate) => String(candidate.key ?? '').toLowerCase() === wanted || String(candidate.name ?? '').toLowerCase() === wanted,
		);
		if (!definition) {
			throw invalidInput(
				context,
				'Custom Fields',
				`has ${shown(given)}, which is not a custom field of the card's panel`,
				itemIndex,
				`Fields of this panel: ${definitions.map((candidate) => String(candidate.name)).join(', ') || '(none)'}`,
			);
		}
		const key = String(definition.key);
		if (key in result) throw invalidInput(context, 'Custom Fields', `has the field ${shown(definition.name)} twice`, itemIndex);
		result[key] = toFieldType(context, definition, entry.value, itemIndex);
	}
	return result;
}

/** The body keys of the fields set (all but step, status and custom fields, which need the panel). */
export function readWritableFields(context: IExecuteFunctions, values: IDataObject, itemIndex: number): IDataObject {
	const body: IDataObject = {};
	if (values.title !== undefined) body.title = readName(context, values.title, 'Title', itemIndex, MAX_TITLE);
	if (values.description !== undefined) {
		const text = readText(context, values.description, 'Description', itemIndex) ?? '';
		if (text.length > MAX_DESCRIPTION)
			throw invalidInput(context, 'Description', `must be at most 8,000 characters long; it has ${text.length}`, itemIndex);
		body.description = text || null;
	}
	if (values.position !== undefined)
		body.position = readNumber(context, values.position, 'Position', itemIndex, { min: 0, max: 2147483647 }) ?? null;
	if (values.dueDate !== undefined) body.dueDate = readDate(context, values.dueDate, 'Due Date', itemIndex) ?? null;
	if (values.responsibleUser !== undefined)
		body.responsibleUserId = optionalLocatorUuid(context, values.responsibleUser, 'Responsible User', itemIndex) ?? null;
	if (values.contactIds !== undefined)
		body.contactIds = readList(context, values.contactIds, 'Contact IDs', itemIndex, { uuids: true, unique: true });
	if (values.sessionId !== undefined) body.sessionId = optionalLocatorUuid(context, values.sessionId, 'Conversation ID', itemIndex) ?? null;
	if (values.monetaryAmount !== undefined) body.monetaryAmount = readNumber(context, values.monetaryAmount, 'Value', itemIndex) ?? null;
	if (values.tagNames !== undefined) body.tagNames = readList(context, values.tagNames, 'Tag Names', itemIndex, { unique: true });
	if (values.metadataUi !== undefined) {
		const metadata = readMetadata(context, values.metadataUi, 'Metadata', itemIndex, { removable: true });
		if (metadata) body.metadata = metadata;
	}
	return body;
}

/** The handful of card fields most workflows use. */
export function simplifyCard(card: IDataObject): IDataObject {
	return {
		id: card.id,
		title: card.title ?? null,
		panelId: card.panelId ?? null,
		stepId: card.stepId ?? null,
		stepTitle: card.stepTitle ?? null,
		status: card.status ?? null,
		monetaryAmount: card.monetaryAmount ?? null,
		responsibleUserId: card.responsibleUserId ?? null,
		contactIds: card.contactIds ?? [],
		dueDate: card.dueDate ?? null,
		updatedAt: card.updatedAt ?? null,
	};
}

export const includeDetailsField: INodeProperties = {
	displayName: 'Include Details',
	name: 'includeDetails',
	type: 'multiOptions',
	options: [
		{ name: 'Contacts', value: 'Contacts' },
		{ name: 'Custom Fields', value: 'CustomFields' },
		{ name: 'Lost Reason', value: 'LostReason' },
		{ name: 'Panel Title', value: 'PanelTitle' },
		{ name: 'Responsible User', value: 'ResponsibleUser' },
		{ name: 'Step Phase', value: 'StepPhase' },
		{ name: 'Step Title', value: 'StepTitle' },
	],
	default: ['PanelTitle', 'StepTitle', 'StepPhase', 'ResponsibleUser', 'Contacts', 'CustomFields', 'LostReason'],
	description: 'Related data to return with each card; without it those fields come back empty',
};

/* Fields that Get Many and the Helena Card Trigger offer alike. */

export const cardSimplifyField: INodeProperties = simplifyFieldShowing(
	'Simplified: ID, title, panel, step and step title, status, value, responsible user, contacts, due date and last update',
);

export const cardStatusesFilter: INodeProperties = {
	displayName: 'Statuses',
	name: 'statuses',
	type: 'multiOptions',
	options: [
		{ name: 'Archived', value: 'ARCHIVED' },
		{ name: 'Lost', value: 'LOST' },
		{ name: 'Open', value: 'OPEN' },
		{ name: 'Won', value: 'WON' },
	],
	default: [],
	description: 'Only cards in one of these states; Helena leaves archived cards out when none is chosen',
};

export const cardStepFilter = stepLocator('step', { required: false, description: 'Only cards in this step of the panel' });

/** The records a card's body names, for a "not found" that names one of them (the card itself comes first where there is one). */
export function cardBodyRecords(body: IDataObject): RecordRef[] {
	const value = (key: string) => (typeof body[key] === 'string' && body[key] ? (body[key] as string) : undefined);
	return [
		recordIn('step', 'Step', value('stepId')),
		recordIn('user', 'Responsible User', value('responsibleUserId')),
		recordIn('contact', 'Contact IDs'),
		recordIn('session', 'Conversation ID', value('sessionId')),
		recordIn('lostReason', 'Lost Reason', value('lostReasonId')),
	];
}
