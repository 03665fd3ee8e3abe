import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { invalidInput, optionValues, readOption, runPerItem } from '../../helpers';
import { apiPath, deleteRecord, recordIn } from '../../transport';
import { optionalLocatorUuid, userLocator } from '../chat/locators';
import { readUserId, userPicker, userRecord } from './userFields';

const NOT_CHOSEN = 'choose';

const openConversations: INodeProperties = {
	displayName: 'Open Conversations',
	name: 'openConversations',
	type: 'options',
	required: true,
	// nothing is chosen by default: what happens to the user's customers is the workflow author's choice, never the node's
	default: NOT_CHOSEN,
	description: 'What Helena does with the conversations the user is handling when the user is deleted; choose one',
	options: [
		{ name: 'Choose…', value: NOT_CHOSEN, description: 'Nothing chosen yet: the node refuses to run until one of the others is chosen' },
		{ name: 'Complete Them', value: 'COMPLETE', description: 'Close every open conversation of the user' },
		{
			name: 'Return Them to the Queue',
			value: 'RETURN_TO_PENDING',
			description: 'Leave them waiting (pending) for the next agent',
		},
		{ name: 'Transfer Them to Another User', value: 'TRANSFER', description: 'Hand them to the user chosen below' },
	],
};

const transferTo = userLocator('transferTo', {
	displayName: 'Transfer To',
	required: true,
	description: 'The user who takes over the open conversations; By ID takes the user ID (userId)',
	displayOptions: { show: { openConversations: ['TRANSFER'] } },
});

const RESOLUTIONS = optionValues(openConversations).filter((value) => value !== NOT_CHOSEN);

export const description = updateDisplayOptions({ show: { resource: ['user'], operation: ['delete'] } }, [
	userPicker,
	openConversations,
	transferTo,
] as INodeProperties[]);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const id = readUserId(this, itemIndex);
		const given = this.getNodeParameter('openConversations', itemIndex, NOT_CHOSEN);
		if (given === NOT_CHOSEN || given === '' || given === undefined || given === null) {
			throw invalidInput(
				this,
				'Open Conversations',
				'is not chosen: say whether the user’s open conversations are completed, transferred or returned to the queue',
				itemIndex,
			);
		}
		const sessionResolution = readOption(this, given, RESOLUTIONS, 'Open Conversations', itemIndex);
		const body: IDataObject = { sessionResolution };
		if (sessionResolution === 'TRANSFER') {
			const target = optionalLocatorUuid(this, this.getNodeParameter('transferTo', itemIndex, ''), 'Transfer To', itemIndex);
			if (target === undefined) throw invalidInput(this, 'Transfer To', 'is empty: choose who takes over the conversations', itemIndex);
			if (target.toLowerCase() === id.toLowerCase()) {
				throw invalidInput(this, 'Transfer To', 'is the user being deleted: choose another user', itemIndex);
			}
			body.transferUserId = target;
		}
		return await deleteRecord.call(this, {
			id,
			path: apiPath`/v1/agent/${id}`,
			body,
			itemIndex,
			records: [userRecord(id), ...(body.transferUserId ? [recordIn('user', 'Transfer To', String(body.transferUserId))] : [])],
		});
	});
}
