import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { runPerItem } from '../../helpers';
import { helenaRequest } from '../../transport';
import { availabilityOption, emailOption, nameOption, phoneNumberOption, profileOption, readUserSettings } from './userFields';

const properties: INodeProperties[] = [
	{ ...nameOption, required: true },
	{ ...profileOption, required: true },
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [availabilityOption, emailOption, phoneNumberOption],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['user'], operation: ['create'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const additionalFields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
		const body = readUserSettings(
			this,
			{
				name: this.getNodeParameter('name', itemIndex),
				profile: this.getNodeParameter('profile', itemIndex),
				...additionalFields,
			},
			itemIndex,
		);
		// A plain create: never repeated automatically (a repeat could invite the same person twice).
		return (await helenaRequest.call(this, { method: 'POST', path: '/v1/agent', body, itemIndex })) as IDataObject;
	});
}
