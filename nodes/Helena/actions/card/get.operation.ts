import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { optionValues, READ_CONCURRENCY, readChoices, runPerItem } from '../../helpers';
import { apiPath, helenaRequest } from '../../transport';
import { cardIdField, cardRecord, readCardId } from '../crm/locators';
import { includeDetailsField } from './cardFields';

const DETAILS = optionValues(includeDetailsField);

const properties: INodeProperties[] = [cardIdField, { ...includeDetailsField, description: 'Related data to return with the card' }];

export const description = updateDisplayOptions({ show: { resource: ['card'], operation: ['get'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(
		this,
		async (itemIndex) => {
			const id = readCardId(this, itemIndex);
			const details = readChoices(this, this.getNodeParameter('includeDetails', itemIndex, []), DETAILS, 'Include Details', itemIndex);
			return (await helenaRequest.call(this, {
				service: 'crm',
				method: 'GET',
				path: apiPath`/v2/panel/card/${id}`,
				qs: details.length ? { IncludeDetails: details } : undefined,
				itemIndex,
				records: [cardRecord(id)],
			})) as IDataObject;
		},
		{ concurrency: READ_CONCURRENCY },
	);
}
