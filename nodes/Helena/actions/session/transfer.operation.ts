import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { invalidInput, readBoolean, runPerItem } from '../../helpers';
import { apiPath, helenaRequest, recordIn, saysAlready } from '../../transport';
import { departmentPicker, optionalLocatorUuid, readSessionId, sessionIdField, sessionRecord, userLocator } from '../chat/locators';
import { fetchSession } from './fetchSession';

const properties: INodeProperties[] = [
	sessionIdField,
	{
		...departmentPicker('transferDepartment'),
		displayName: 'To Department',
		description: 'The department (team) that takes the conversation; leave empty to keep it',
	},
	{
		...userLocator('transferUser'),
		displayName: 'To User',
		description: 'The agent who takes the conversation; leave empty to leave it waiting in the department',
	},
	{
		displayName: 'Stop Running Chatbot',
		name: 'stopBotInExecution',
		type: 'boolean',
		default: false,
		description: 'Whether to stop a chatbot that is running in the conversation',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['session'], operation: ['transfer'] } }, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const id = readSessionId(this, itemIndex);
		const departmentId = optionalLocatorUuid(
			this,
			this.getNodeParameter('transferDepartment', itemIndex, undefined),
			'To Department',
			itemIndex,
		);
		const userId = optionalLocatorUuid(this, this.getNodeParameter('transferUser', itemIndex, undefined), 'To User', itemIndex);
		if (!departmentId && !userId) {
			throw invalidInput(this, 'To Department and To User', 'are both empty: choose where the conversation goes', itemIndex);
		}
		const stopBot = readBoolean(this, this.getNodeParameter('stopBotInExecution', itemIndex, false), 'Stop Running Chatbot', itemIndex);
		// To a user: type USER, with the department too when one is chosen; to a team only: type DEPARTMENT.
		const body: IDataObject = userId
			? { type: 'USER', newUserId: userId, ...(departmentId ? { newDepartmentId: departmentId } : {}) }
			: { type: 'DEPARTMENT', newDepartmentId: departmentId };
		if (stopBot) body.options = { stopBotInExecution: true };
		return (await helenaRequest.call(this, {
			service: 'chat',
			method: 'PUT',
			path: apiPath`/v1/session/${id}/transfer`,
			body,
			itemIndex,
			records: [sessionRecord(id), recordIn('department', 'To Department', departmentId), recordIn('user', 'To User', userId)],
			// a repeat after a lost answer that Helena refuses as "already there": the conversation is where it should be
			alreadyDone: (refusal) =>
				saysAlready(refusal, /transfer|departamento|department|usu[aá]rio|user|agente|atribu/i) &&
				!/conclu|complet/i.test(refusal.text ?? ''),
			resultWhenDone: async () => await fetchSession(this, id, itemIndex),
		})) as IDataObject;
	});
}
