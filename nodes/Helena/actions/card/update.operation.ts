import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	deriveUpdateFields,
	invalidInput,
	optionsCollection,
	optionValues,
	readOption,
	requireFieldsToUpdate,
	runPerItem,
	updateFieldsCollection,
} from '../../helpers';
import { apiPath, helenaRequest } from '../../transport';
import { optionalLocatorUuid } from '../chat/locators';
import { cardIdField, cardRecord, lostReasonLocator, readCardId, stepLocator } from '../crm/locators';
import { requireStepOfPanel } from '../crm/panelData';
import { readMetadataChange } from '../shared/metadata';
import { cardBodyRecords, readCardCustomFields, readWritableFields, UPDATE_FIELD_OF, writableFields } from './cardFields';
import { panelOfCard, readStatus, statusField } from './cardStatus';

const tagOperationField: INodeProperties = {
	displayName: 'Tag Operation',
	name: 'tagOperation',
	type: 'options',
	options: [
		{ name: 'Add', value: 'InsertIfNotExists' },
		{ name: 'Remove', value: 'DeleteIfExists' },
		{ name: 'Replace All', value: 'ReplaceAll' },
	],
	default: 'ReplaceAll',
	description: "How Tag Names change the card's tags. Replace All is Helena's default on cards: the card keeps only the tags given.",
};
const TAG_OPERATIONS = optionValues(tagOperationField);

const properties: INodeProperties[] = [
	cardIdField,
	updateFieldsCollection(
		(
			[
				...writableFields,
				lostReasonLocator('lostReason'),
				statusField,
				stepLocator('step', { required: false, description: 'Move the card to this step of its panel' }),
				{ displayName: 'Title', name: 'title', type: 'string', default: '', description: 'Up to 500 characters' },
			] as INodeProperties[]
		).sort((a, b) => a.displayName.localeCompare(b.displayName)),
		'Only the fields added here change; a field added but left empty is cleared',
	),
	optionsCollection([tagOperationField]),
];

export const description = updateDisplayOptions({ show: { resource: ['card'], operation: ['update'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const id = readCardId(this, itemIndex);
		const values = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
		const body = readWritableFields(this, values, itemIndex);
		readMetadataChange(this, values.metadataUi, 'Metadata', itemIndex, { removable: true });
		const stepId = values.step === undefined ? undefined : optionalLocatorUuid(this, values.step, 'Step', itemIndex);
		if (values.step !== undefined && !stepId) throw invalidInput(this, 'Step', 'is empty: pick the step to move the card to', itemIndex);
		let panelId: Promise<string> | undefined;
		const panel = async () => await (panelId ??= panelOfCard(this, id, itemIndex));
		await readStatus(this, values, body, panel, itemIndex);
		if (stepId) {
			await requireStepOfPanel(this, await panel(), stepId, 'Step', itemIndex);
			body.stepId = stepId;
		}
		if (values.customFieldsUi !== undefined) {
			const entries = ((values.customFieldsUi as IDataObject).field as IDataObject[] | undefined) ?? [];
			if (entries.length) body.customFields = await readCardCustomFields(this, values.customFieldsUi, await panel(), itemIndex);
		}
		const fields = deriveUpdateFields(body, UPDATE_FIELD_OF);
		requireFieldsToUpdate(this, fields, itemIndex);
		if (fields.includes('TagIds')) {
			const { tagOperation = 'ReplaceAll' } = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
			body.options = { upsertTagOperation: readOption(this, tagOperation, TAG_OPERATIONS, 'Tag Operation', itemIndex) };
		}
		return (await helenaRequest.call(this, {
			service: 'crm',
			method: 'PUT',
			path: apiPath`/v3/panel/card/${id}`,
			body: { fields, ...body },
			itemIndex,
			records: [cardRecord(id), ...cardBodyRecords(body)],
		})) as IDataObject;
	});
}
