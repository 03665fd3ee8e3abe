import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { optionValues, READ_CONCURRENCY, readChoices, runPerItem } from '../../helpers';
import { apiPath, helenaRequest } from '../../transport';
import { panelLocator, panelRecord, readPanelId } from '../crm/locators';

const includeDetailsField: INodeProperties = {
	displayName: 'Include Details',
	name: 'includeDetails',
	type: 'multiOptions',
	options: [
		{ name: 'Cards', value: 'Cards' },
		{ name: 'Step Card Counts', value: 'StepsCardCount' },
		{ name: 'Step Fields', value: 'StepsFields' },
		{ name: 'Steps', value: 'Steps' },
		{ name: 'Tags', value: 'Tags' },
	],
	default: ['Steps', 'Tags'],
	description: 'Related data to return with the panel; its steps (columns) come with Steps',
};
const DETAILS = optionValues(includeDetailsField);

const properties: INodeProperties[] = [panelLocator, includeDetailsField];

export const description = updateDisplayOptions({ show: { resource: ['panel'], operation: ['get'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(
		this,
		async (itemIndex) => {
			const id = readPanelId(this, itemIndex);
			const details = readChoices(this, this.getNodeParameter('includeDetails', itemIndex, []), DETAILS, 'Include Details', itemIndex);
			return (await helenaRequest.call(this, {
				service: 'crm',
				method: 'GET',
				path: apiPath`/v1/panel/${id}`,
				qs: details.length ? { IncludeDetails: details } : undefined,
				itemIndex,
				records: [panelRecord(id)],
			})) as IDataObject;
		},
		{ concurrency: READ_CONCURRENCY },
	);
}
