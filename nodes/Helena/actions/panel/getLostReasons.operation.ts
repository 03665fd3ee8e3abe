import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { runPerItem } from '../../helpers';
import { limitField, readPaging, returnAllField } from '../shared/paging';
import { panelLocator, readPanelId } from '../crm/locators';
import { lostReasonPages } from '../crm/panelData';

const properties: INodeProperties[] = [
	{ ...panelLocator, description: 'The sales panel; only sales panels have lost reasons' },
	returnAllField,
	limitField,
];

export const description = updateDisplayOptions({ show: { resource: ['panel'], operation: ['getLostReasons'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const id = readPanelId(this, itemIndex);
		return await lostReasonPages(this, id, itemIndex, readPaging(this, itemIndex));
	});
}
