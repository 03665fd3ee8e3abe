import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireUuid } from '../../helpers';
import { apiPath, helenaRequest } from '../../transport';
import type { HelenaContext, RecordRef } from '../../transport';

/* One message of a conversation, by its ID: the field, its reader, and the message as Helena holds it. */

export const messageIdField: INodeProperties = {
	displayName: 'Message ID',
	name: 'messageId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. 3fa85f64-5717-4562-b3fc-2c963f66afa6',
	description: 'ID of the message. From Helena Trigger: the content\'s ID field on MESSAGE_* events; from a send: its output field "ID".',
};

export function readMessageId(context: IExecuteFunctions, itemIndex: number): string {
	return requireUuid(context, context.getNodeParameter('messageId', itemIndex), 'Message ID', itemIndex);
}

export function messageRecord(id: string): RecordRef {
	return { kind: 'message', value: id, message: `The message with ID "${id}" was not found in Helena` };
}

/** The message (PublicMessageDTO) with its file's details. */
export async function fetchMessage(context: HelenaContext, id: string, itemIndex: number): Promise<IDataObject> {
	return (await helenaRequest.call(context, {
		service: 'chat',
		method: 'GET',
		path: apiPath`/v1/message/${id}`,
		itemIndex,
		records: [messageRecord(id)],
		answer: 'record',
	})) as IDataObject;
}
