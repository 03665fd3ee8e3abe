import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { filtersCollection, optionValues, readChoices, readText, runPerItem } from '../../helpers';
import { fetchAllPages } from '../../transport';
import { optionalLocatorUuid, userLocator } from '../chat/locators';
import { contactIdFilter, readContactIdFilter } from '../shared/contactLocator';
import { dateFilterFields, readDateFilters } from '../shared/dateFilters';
import { limitField, readPaging, readSimple, returnAllField } from '../shared/paging';
import { panelLocator, readPanelId } from '../crm/locators';
import { requireStepOfPanel } from '../crm/panelData';
import { cardSimplifyField, cardStatusesFilter, cardStepFilter, includeDetailsField, simplifyCard } from './cardFields';

const STATUSES = optionValues(cardStatusesFilter);
const DETAILS = optionValues(includeDetailsField);

const properties: INodeProperties[] = [
	{ ...panelLocator, description: 'The panel whose cards to list' },
	returnAllField,
	limitField,
	cardSimplifyField,
	filtersCollection([
		contactIdFilter('Only cards linked to this contact'),
		...dateFilterFields('cards'),
		{ ...userLocator('responsibleUser'), displayName: 'Responsible User', description: 'Only cards this user is responsible for' },
		cardStatusesFilter,
		cardStepFilter,
		{
			displayName: 'Text',
			name: 'text',
			type: 'string',
			default: '',
			description: 'Only cards with this text in their title or other text fields',
		},
	]),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { simple: [false] } },
		options: [includeDetailsField],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['card'], operation: ['getAll'] } }, properties);

async function readFilters(context: IExecuteFunctions, panelId: string, itemIndex: number): Promise<IDataObject> {
	const filters = context.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const qs: IDataObject = { PanelId: panelId };
	const stepId = optionalLocatorUuid(context, filters.step, 'Step', itemIndex);
	if (stepId) {
		await requireStepOfPanel(context, panelId, stepId, 'Step', itemIndex);
		qs.StepId = stepId;
	}
	const contactId = readContactIdFilter(context, filters, itemIndex);
	if (contactId) qs.ContactId = contactId;
	const userId = optionalLocatorUuid(context, filters.responsibleUser, 'Responsible User', itemIndex);
	if (userId) qs.ResponsibleUserId = userId;
	const text = (readText(context, filters.text, 'Text', itemIndex) ?? '').trim();
	if (text) qs.TextFilter = text;
	const statuses = readChoices(context, filters.statuses, STATUSES, 'Statuses', itemIndex);
	if (statuses.length) qs.Statuses = statuses;
	readDateFilters(context, filters, qs, itemIndex);
	return qs;
}

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const panelId = readPanelId(this, itemIndex);
		const paging = readPaging(this, itemIndex);
		const simple = readSimple(this, itemIndex);
		const options = simple ? {} : (this.getNodeParameter('options', itemIndex, {}) as IDataObject);
		const details = simple
			? ['StepTitle']
			: readChoices(this, options.includeDetails ?? includeDetailsField.default, DETAILS, 'Include Details', itemIndex);
		const qs = await readFilters(this, panelId, itemIndex);
		if (details.length) qs.IncludeDetails = details;
		const cards = await fetchAllPages.call(
			this,
			(PageNumber, PageSize) => ({ service: 'crm', method: 'GET', path: '/v2/panel/card', qs: { ...qs, PageNumber, PageSize }, itemIndex }),
			paging,
		);
		return simple ? cards.map(simplifyCard) : cards;
	});
}
