import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeApiError, updateDisplayOptions } from 'n8n-workflow';

import { runPerItem, withItemIndex } from '../../helpers';
import { apiPath, helenaRequest, isNotFoundError } from '../../transport';
import { fetchScheduledMessage, readScheduledMessageId, scheduledMessageIdField, scheduledMessageRecord } from './fields';

const properties: INodeProperties[] = [scheduledMessageIdField];

export const description = updateDisplayOptions({ show: { resource: ['scheduledMessage'], operation: ['cancel'] } }, properties);

/**
 * The error of a refused cancel, or undefined when the message is cancelled already. A missing message
 * stays an error; one sent or failed meanwhile gets a message that says so.
 */
async function stillScheduledRefusal(context: IExecuteFunctions, error: unknown, id: string, itemIndex: number) {
	if (!(error instanceof NodeApiError) || isNotFoundError(error)) return withItemIndex(context, error, itemIndex);
	const record = await fetchScheduledMessage(context, id, itemIndex).catch(() => undefined);
	if (record?.status === 'CANCELED') return undefined;
	if (record?.status) {
		error.message = `The scheduled message "${id}" cannot be cancelled: its status is ${String(record.status)}`;
		error.description = `Helena cancels only messages that are still scheduled. ${error.description ?? ''}`.trim();
	}
	return error;
}

/**
 * Helena cancels only a message still scheduled. When it refuses, the message is read: one cancelled
 * already (by an earlier run, or by a first attempt whose answer was lost) is what was asked for; one
 * sent or failed meanwhile is an error that says so.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const id = readScheduledMessageId(this, itemIndex);
		try {
			await helenaRequest.call(this, {
				service: 'chat',
				method: 'POST',
				path: apiPath`/v1/scheduled-message/${id}/cancel`,
				itemIndex,
				records: [scheduledMessageRecord(id)],
				// cancelling twice changes nothing
				repeatable: true,
				answer: 'any',
			});
		} catch (error) {
			const refused = await stillScheduledRefusal(this, error, id, itemIndex);
			if (refused) throw refused;
		}
		return { id, cancelled: true };
	});
}
