import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { runPerItem } from '../../helpers';
import { apiPath, deleteRecord, saysAlready } from '../../transport';
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
		return await deleteRecord.call(this, {
			id,
			service: 'chat',
			path: apiPath`/v1/message/${id}`,
			itemIndex,
			records: [messageRecord(id)],
			saysDeleted: deletedAlready,
		});
	});
}
