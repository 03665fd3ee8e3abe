import type { IDataObject, INodeParameters, NodeOperationError } from 'n8n-workflow';

import type { SandboxFixture } from '../engine/sandbox';
import { TEST_API_KEY } from '../engine/sandbox';

/** A parameter filled by an expression from the input item, as users and AI agents fill them. */
export const fromItem = '={{ $json.v }}';

/** "METHOD /core/path" of every API request since the last clear. */
export function requestLines(helena: SandboxFixture): string[] {
	return helena.apiRequests().map((request) => `${request.method} ${request.path}`);
}

/**
 * Runs the node and checks the bad value was refused as n8n shows it: a NodeOperationError with this
 * message, pointing at its item, no output, and no request but the `reads` (GETs that change nothing).
 */
export async function expectRefused(
	helena: SandboxFixture,
	parameters: INodeParameters,
	items: IDataObject[] | undefined,
	message: string,
	reads: string[] = [],
): Promise<void> {
	helena.sandbox.clearRequests();
	const { items: output, error } = await helena.run(parameters, { items });
	expect(error?.message).toBe(message);
	expect(error?.name).toBe('NodeOperationError');
	const itemIndex = Number(/\(item (\d+)\)$/.exec(message)?.[1]);
	expect((error as NodeOperationError).context.itemIndex).toBe(itemIndex);
	expect(output).toEqual([]);
	expect(JSON.stringify([error?.message, error?.description])).not.toContain(TEST_API_KEY);
	expect(requestLines(helena)).toEqual(reads);
}

/** Runs the node and returns the one request it sent besides the `reads`, checking nothing failed. */
export async function sentWith(
	helena: SandboxFixture,
	parameters: INodeParameters,
	items?: IDataObject[],
): Promise<{ method: string; path: string; query: IDataObject; body: IDataObject; output: IDataObject[] }> {
	helena.sandbox.clearRequests();
	const { items: output, error } = await helena.run(parameters, { items });
	expect(error).toBeUndefined();
	const requests = helena
		.apiRequests()
		.filter((request) => !request.path.endsWith('/custom-field') && !request.path.endsWith('/webhook/event'));
	expect(requests).toHaveLength(1);
	const [{ method, decodedPath, query, body }] = requests;
	return { method, path: decodedPath, query: query as IDataObject, body: body as IDataObject, output: output.map((item) => item.json) };
}
