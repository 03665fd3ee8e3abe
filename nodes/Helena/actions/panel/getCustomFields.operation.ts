import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { READ_CONCURRENCY, readBoolean, runPerItem } from '../../helpers';
import { apiPath, helenaRequest } from '../../transport';
import { panelLocator, panelRecord, readPanelId } from '../crm/locators';

const properties: INodeProperties[] = [
	panelLocator,
	{
		displayName: 'Nested',
		name: 'nested',
		type: 'boolean',
		default: false,
		description: 'Whether to return groups with their fields inside (one item per group) instead of one item per field',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['panel'], operation: ['getCustomFields'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(
		this,
		async (itemIndex) => {
			const id = readPanelId(this, itemIndex);
			const nested = readBoolean(this, this.getNodeParameter('nested', itemIndex, false), 'Nested', itemIndex);
			const list = (await helenaRequest.call(this, {
				service: 'crm',
				method: 'GET',
				path: apiPath`/v1/panel/${id}/custom-fields`,
				qs: { NestedList: nested },
				itemIndex,
				answer: 'list',
				records: [panelRecord(id)],
			})) as IDataObject[] | null;
			return list ?? [];
		},
		{ concurrency: READ_CONCURRENCY },
	);
}
