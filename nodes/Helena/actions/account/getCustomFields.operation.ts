import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { optionValues, readBoolean, readOption, runPerItem } from '../../helpers';
import { helenaRequest } from '../../transport';

const entityType: INodeProperties = {
	displayName: 'Fields Of',
	name: 'entityType',
	type: 'options',
	default: 'CONTACT',
	description: 'Whose custom fields to list',
	options: [
		{ name: 'Contacts', value: 'CONTACT', description: 'The custom fields of contacts' },
		{ name: 'Panels (CRM)', value: 'PANEL', description: 'The custom fields of the cards of every panel' },
	],
};

const properties: INodeProperties[] = [
	entityType,
	{
		displayName: 'Nested',
		name: 'nested',
		type: 'boolean',
		default: false,
		description: 'Whether to return groups with their fields inside (under "children") instead of one item per field',
	},
];

const ENTITY_TYPES = optionValues(entityType);

export const description = updateDisplayOptions({ show: { resource: ['account'], operation: ['getCustomFields'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const type = readOption(this, this.getNodeParameter('entityType', itemIndex), ENTITY_TYPES, 'Fields Of', itemIndex);
		const nested = readBoolean(this, this.getNodeParameter('nested', itemIndex, false), 'Nested', itemIndex);
		const list = (await helenaRequest.call(this, {
			method: 'GET',
			path: '/v1/custom-field',
			qs: { EntityType: type, NestedList: nested },
			itemIndex,
			answer: 'list',
		})) as IDataObject[] | null;
		return list ?? [];
	});
}
