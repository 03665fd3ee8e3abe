import type {
	INode,
	INodeListSearchResult,
	INodeParameters,
	INodePropertyOptions,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';
import { ExecutionLifecycleHooks, LoadOptionsContext } from 'n8n-core';

import { Helena } from '../../nodes/Helena/Helena.node';
import { additionalDataFor } from './additionalData';
import type { HelenaCredentialData } from './credentialsHelper';
import { HELENA_NODE, nodeTypes } from './nodeTypes';

/**
 * Calls one of the Helena node's `listSearch` / `loadOptions` methods with n8n-core's own
 * LoadOptionsContext, as the editor does when a user opens a list.
 */
function loadOptionsContext(credentials: HelenaCredentialData, parameters: INodeParameters, path: string) {
	const node: INode = {
		id: 'helena-node',
		name: 'Helena',
		type: HELENA_NODE,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: { helenaApi: { id: 'credential-1', name: 'Helena account' } },
	};
	const workflow = new Workflow({
		id: 'engine-test',
		name: 'Engine test',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes,
	});
	const hooks = new ExecutionLifecycleHooks('manual', 'engine-test-run', {} as never);
	const additionalData = additionalDataFor(credentials, hooks);
	additionalData.currentNodeParameters = parameters;
	return new LoadOptionsContext(workflow, node, additionalData, path);
}

const helena = new Helena();

export async function runListSearch(
	credentials: HelenaCredentialData,
	method: string,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const search = (helena.methods.listSearch as unknown as Record<string, Function>)[method];
	return await search.call(loadOptionsContext(credentials, {}, 'parameters.contact'), filter, paginationToken);
}

export async function runLoadOptions(
	credentials: HelenaCredentialData,
	method: string,
	parameters: INodeParameters = {},
): Promise<INodePropertyOptions[]> {
	const load = (helena.methods.loadOptions as unknown as Record<string, Function>)[method];
	return await load.call(loadOptionsContext(credentials, parameters, 'parameters.options'));
}
