import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readBoolean } from '../../helpers';

/** Stop Running Chatbot of Assign and Set Status, sent as their `options`. */
export const stopBotField: INodeProperties = {
	displayName: 'Stop Running Chatbot',
	name: 'stopBotInExecution',
	type: 'boolean',
	default: false,
	description: 'Whether to stop a chatbot that is running in the conversation',
};

/** `{ options: { stopBotInExecution: true } }` when switched on, else nothing. */
export function readStopBot(context: IExecuteFunctions, itemIndex: number): IDataObject {
	const stop = readBoolean(context, context.getNodeParameter('stopBotInExecution', itemIndex, false), 'Stop Running Chatbot', itemIndex);
	return stop ? { options: { stopBotInExecution: true } } : {};
}
