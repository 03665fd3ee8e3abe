import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection, optionValues, readBoolean, readChoices, runPerItem } from '../../helpers';
import { apiPath, helenaRequest, recordIn } from '../../transport';
import { optionalLocatorUuid } from '../chat/locators';
import { cardIdField, cardRecord, readCardId, stepLocator } from '../crm/locators';

const copiedFields: INodeProperties = {
	displayName: 'Fields to Copy',
	name: 'fields',
	type: 'multiOptions',
	options: [
		{ name: 'Contacts', value: 'Contacts' },
		{ name: 'Custom Fields', value: 'CustomFields' },
		{ name: 'Due Date', value: 'DueDate' },
		{ name: 'Notes', value: 'Notes' },
		{ name: 'Responsible User', value: 'ResponsibleUser' },
		{ name: 'Tags', value: 'Tags' },
		{ name: 'Value', value: 'MonetaryAmount' },
	],
	default: [],
	description: 'What the copy takes from the card besides its title; none chosen copies everything',
};
const COPIED = optionValues(copiedFields);

const properties: INodeProperties[] = [
	cardIdField,
	stepLocator('copyToStep', {
		displayName: 'Copy to Step',
		required: false,
		description: "The step the copy goes into, of this panel or another; empty keeps it in the card's step",
	}),
	optionsCollection([
		{
			displayName: 'Archive Original Card',
			name: 'archiveOriginalCard',
			type: 'boolean',
			default: false,
			description: 'Whether to archive the card that was copied',
		},
		copiedFields,
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['card'], operation: ['duplicate'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const id = readCardId(this, itemIndex);
		const copyToStepId = optionalLocatorUuid(this, this.getNodeParameter('copyToStep', itemIndex, ''), 'Copy to Step', itemIndex);
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const body: IDataObject = {};
		if (copyToStepId) body.copyToStepId = copyToStepId;
		// always stated, so the body is never empty (Helena's binder wants a JSON object)
		const copy: IDataObject = {
			archiveOriginalCard: readBoolean(this, options.archiveOriginalCard, 'Archive Original Card', itemIndex),
		};
		const fields = readChoices(this, options.fields, COPIED, 'Fields to Copy', itemIndex);
		if (fields.length) copy.fields = fields;
		body.options = copy;
		return (await helenaRequest.call(this, {
			service: 'crm',
			method: 'POST',
			path: apiPath`/v2/panel/card/${id}/duplicate`,
			body,
			itemIndex,
			records: [cardRecord(id), recordIn('step', 'Copy to Step', copyToStepId)],
		})) as IDataObject;
	});
}
