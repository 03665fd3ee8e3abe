import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { contact } from './contact';
import { department } from './department';
import { message } from './message';
import { session } from './session';
import type { HelenaResource } from './types';
import { webhook } from './webhook';

const resources: Record<string, HelenaResource> = { contact, department, message, session, webhook };

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const handler = resources[resource]?.[operation];
	if (!handler) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operation}" is not supported for the resource "${resource}"`,
		);
	}
	return [await handler.execute.call(this)];
}
