import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { runPerItem, withItemIndex } from '../../helpers';
import { apiPath, helenaRequest, refusalOf, saysAlready } from '../../transport';
import type { HelenaRefusal } from '../../transport';
import { messageIdField, messageRecord, readMessageId } from '../chat/message';

export const description = updateDisplayOptions({ show: { resource: ['message'], operation: ['delete'] } }, [
	{
		...messageIdField,
		description: `The message to delete for everyone. ${String(messageIdField.description).replace(/^ID of the message\. /, '')}`,
	},
]);

/** Helena's words for a message deleted already ("A mensagem … já foi excluída"). */
const deletedAlready = (refusal: HelenaRefusal) => saysAlready(refusal, /exclu|delet|apagad|remov/i);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const id = readMessageId(this, itemIndex);
		try {
			await helenaRequest.call(this, {
				service: 'chat',
				method: 'DELETE',
				path: apiPath`/v1/message/${id}`,
				itemIndex,
				records: [messageRecord(id)],
				// after a lost answer, the repeat finds the message gone or deleted: the first attempt did it
				alreadyDone: (refusal) => refusal.notFound || deletedAlready(refusal),
			});
		} catch (error) {
			// deleting a deleted message again leaves it as wanted: a workflow run twice does not fail
			const refusal = refusalOf(error);
			if (!refusal || refusal.notFound || !deletedAlready(refusal)) throw withItemIndex(this, error, itemIndex);
		}
		return { deleted: true, id };
	});
}
