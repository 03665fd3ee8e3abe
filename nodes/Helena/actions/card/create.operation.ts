import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readLocatorId, readName, runPerItem } from '../../helpers';
import { helenaRequest, recordIn } from '../../transport';
import { panelLocator, readPanelId, stepLocator } from '../crm/locators';
import { requireStepOfPanel } from '../crm/panelData';
import { MAX_TITLE, cardBodyRecords, readCardCustomFields, readWritableFields, writableFields } from './cardFields';

const stepField = stepLocator('step', { description: 'The step (column) the card goes into' });

const properties: INodeProperties[] = [
	panelLocator,
	stepField,
	{
		displayName: 'Title',
		name: 'title',
		type: 'string',
		required: true,
		default: '',
		description: 'Title of the card, up to 500 characters',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: writableFields,
	},
];

export const description = updateDisplayOptions({ show: { resource: ['card'], operation: ['create'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const panelId = readPanelId(this, itemIndex);
		const stepId = readLocatorId(this, stepField, itemIndex);
		const title = readName(this, this.getNodeParameter('title', itemIndex), 'Title', itemIndex, MAX_TITLE);
		const values = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
		const fields = readWritableFields(this, values, itemIndex);
		await requireStepOfPanel(this, panelId, stepId, 'Step', itemIndex);
		const customFields = await readCardCustomFields(this, values.customFieldsUi, panelId, itemIndex);
		const body: IDataObject = { stepId, title, ...fields };
		if (customFields) body.customFields = customFields;
		// a create has no record of its own yet: the step leads without its value, so a "not found" that names nothing stays generic
		const records = [recordIn('step', 'Step'), ...cardBodyRecords(body).slice(1)];
		return (await helenaRequest.call(this, {
			service: 'crm',
			method: 'POST',
			path: '/v2/panel/card',
			body,
			itemIndex,
			records,
		})) as IDataObject;
	});
}
