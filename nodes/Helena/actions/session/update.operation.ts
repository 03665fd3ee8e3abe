import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { invalidInput, optionValues, readNumber, readOption, readText, runPerItem } from '../../helpers';
import { apiPath, helenaRequest, recordIn } from '../../transport';
import { departmentPicker, optionalLocatorUuid, readSessionId, sessionIdField, sessionRecord, userLocator } from '../chat/locators';
import { metadataField, readMetadataChange } from '../shared/metadata';

const outcomeField: INodeProperties = {
	displayName: 'Outcome',
	name: 'outcome',
	type: 'options',
	options: [
		{ name: 'Information', value: 'INFO' },
		{ name: 'Lost', value: 'LOST' },
		{ name: 'Other', value: 'OTHER' },
		{ name: 'Undefined', value: 'UNDEFINED' },
		{ name: 'Won', value: 'WON' },
	],
	default: 'WON',
	description: 'How the conversation ended (its classification)',
};
const OUTCOMES = optionValues(outcomeField);

const properties: INodeProperties[] = [
	sessionIdField,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			outcomeField,
			{
				displayName: 'Outcome Amount',
				name: 'amount',
				type: 'number',
				typeOptions: { numberPrecision: 2 },
				default: 0,
				description: 'Value of the deal, e.g. the amount won; needs Outcome',
			},
			{
				displayName: 'Outcome Description',
				name: 'outcomeDescription',
				type: 'string',
				default: '',
				description: 'Why it ended this way; needs Outcome',
			},
			metadataField(
				'metadata',
				'Metadata',
				'Values to store on the conversation, merged with the ones it has: keys not listed keep their values, a key given an empty value is stored empty',
			),
			{
				displayName: 'Protocol Number',
				name: 'number',
				type: 'string',
				default: '',
				description: "The conversation's identification code shown to agents",
			},
			{ ...departmentPicker('department'), description: 'Move the conversation to this department (team) without a transfer' },
			{ ...userLocator('user'), description: 'Assign the conversation to this user (agent) without a transfer' },
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['session'], operation: ['update'] } }, properties);

/** The body and the `fields` list Helena applies, derived from what was set. */
function readUpdate(context: IExecuteFunctions, itemIndex: number): IDataObject {
	const raw = context.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const body: IDataObject = {};
	const fields: string[] = [];
	if (raw.outcome !== undefined) {
		const classification: IDataObject = { category: readOption(context, raw.outcome, OUTCOMES, 'Outcome', itemIndex) };
		const description = (readText(context, raw.outcomeDescription, 'Outcome Description', itemIndex) ?? '').trim();
		if (description) classification.description = description;
		const amount = readNumber(context, raw.amount, 'Outcome Amount', itemIndex);
		if (amount !== undefined) classification.amount = amount;
		body.classification = classification;
		fields.push('Classification');
	} else if (raw.amount !== undefined || raw.outcomeDescription !== undefined) {
		throw invalidInput(context, 'Outcome', 'is required with Outcome Amount or Outcome Description', itemIndex);
	}
	const metadata = readMetadataChange(context, raw.metadata, 'Metadata', itemIndex);
	if (metadata) {
		body.metadata = metadata;
		fields.push('Metadata');
	}
	const number = (readText(context, raw.number, 'Protocol Number', itemIndex) ?? '').trim();
	if (number) {
		body.number = number;
		fields.push('Number');
	}
	const departmentId = optionalLocatorUuid(context, raw.department, 'Department', itemIndex);
	if (departmentId) {
		body.departmentId = departmentId;
		fields.push('DepartmentId');
	}
	const userId = optionalLocatorUuid(context, raw.user, 'User', itemIndex);
	if (userId) {
		body.userId = userId;
		fields.push('UserId');
	}
	if (fields.length === 0) throw invalidInput(context, 'Update Fields', 'is empty: add at least one field to change', itemIndex);
	return { fields, ...body };
}

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const id = readSessionId(this, itemIndex);
		const body = readUpdate(this, itemIndex);
		return (await helenaRequest.call(this, {
			service: 'chat',
			method: 'PUT',
			path: apiPath`/v2/session/${id}/partial`,
			body,
			itemIndex,
			records: [
				sessionRecord(id),
				recordIn('department', 'Department', body.departmentId as string | undefined),
				recordIn('user', 'User', body.userId as string | undefined),
			],
		})) as IDataObject;
	});
}
