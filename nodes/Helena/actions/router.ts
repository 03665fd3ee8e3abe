import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { checkBeforeEachItem, checkOptionLists } from '../helpers/optionLists';
import { handleItemErrors } from '../helpers/runPerItem';
import type { ItemErrors } from '../helpers/runPerItem';
import { account } from './account';
import { card } from './card';
import { contact } from './contact';
import { department } from './department';
import { message } from './message';
import { panel } from './panel';
import { portfolio } from './portfolio';
import { scheduledMessage } from './scheduledMessage';
import { sequence } from './sequence';
import { session } from './session';
import { tag } from './tag';
import { user } from './user';
import { webhook } from './webhook';
import type { HelenaResource } from './types';

/** The handlers of every resource, by operation value; test/editor/operations.test.ts keeps them in step with the dropdowns. */
export const resources: Record<string, HelenaResource> = {
	account,
	card,
	contact,
	department,
	message,
	panel,
	portfolio,
	scheduledMessage,
	sequence,
	session,
	tag,
	user,
	webhook,
};

/** Runs the chosen operation; `itemErrors` is the node's Continue On Fail handling, which every item loop uses. */
export async function router(this: IExecuteFunctions, itemErrors: ItemErrors): Promise<INodeExecutionData[][]> {
	handleItemErrors(this, itemErrors);
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const handler = resources[resource]?.[operation];
	if (!handler) {
		throw new NodeOperationError(this.getNode(), `The operation "${operation}" is not supported for the resource "${resource}"`);
	}
	// every option of the operation against its list, typed in or from an expression, before anything is sent
	const checkItems = (itemIndexes: number[]) =>
		checkOptionLists(this, handler.description, this.getNode().parameters, itemIndexes, (name, itemIndex) =>
			this.getNodeParameter(name, itemIndex),
		);
	if (itemErrors.continueOnFail) checkBeforeEachItem(this, (itemIndex) => checkItems([itemIndex]));
	else checkItems(Array.from({ length: this.getInputData().length }, (_, itemIndex) => itemIndex));
	return [await handler.execute.call(this)];
}
