import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { runPerItem } from '../../helpers';
import { apiPath, fetchAllPages } from '../../transport';
import { limitField, readPaging, returnAllField } from '../shared/paging';
import { cardIdField, cardRecord, readCardId } from '../crm/locators';

const properties: INodeProperties[] = [cardIdField, returnAllField, limitField];

export const description = updateDisplayOptions({ show: { resource: ['card'], operation: ['getNotes'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const id = readCardId(this, itemIndex);
		return await fetchAllPages.call(
			this,
			(PageNumber, PageSize) => ({
				service: 'crm',
				method: 'GET',
				path: apiPath`/v1/panel/card/${id}/note`,
				qs: { PageNumber, PageSize },
				itemIndex,
				records: [cardRecord(id)],
			}),
			readPaging(this, itemIndex),
		);
	});
}
