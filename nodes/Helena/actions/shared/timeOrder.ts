import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readOption } from '../../helpers';

/** Order of a conversation's messages or notes by time (Conversation → Get Messages and Get Notes, Message → Get Many). */
export const timeOrderField: INodeProperties = {
	displayName: 'Order',
	name: 'orderDirection',
	type: 'options',
	options: [
		{ name: 'Oldest First', value: 'ASCENDING' },
		{ name: 'Newest First', value: 'DESCENDING' },
	],
	default: 'ASCENDING',
};

/** The query of the order by time chosen in Options. */
export function readTimeOrder(context: IExecuteFunctions, options: IDataObject, itemIndex: number): IDataObject {
	const direction = readOption(context, options.orderDirection ?? 'ASCENDING', ['ASCENDING', 'DESCENDING'], 'Order', itemIndex);
	return { OrderBy: 'createdAt', OrderDirection: direction };
}
