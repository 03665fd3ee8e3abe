import type { ILoadOptionsFunctions, INode, INodeListSearchResult, INodeParameters, INodePropertyOptions, INodeType } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';
import { ExecutionLifecycleHooks, LoadOptionsContext } from 'n8n-core';

import { additionalDataFor } from './additionalData';
import type { HelenaCredentialData } from './credentialsHelper';
import { HELENA_NODE, nodeTypes } from './nodeTypes';

export interface MethodOptions {
	credentials: HelenaCredentialData;
	/** The parameters the editor holds for the node when it asks (n8n sends them as `currentNodeParameters`). */
	parameters?: INodeParameters;
	/** Path of the parameter that asks, e.g. `parameters.department`. */
	path?: string;
}

/**
 * Builds the `this` n8n's server gives a node method when the editor opens a dropdown or a
 * resource-locator list: a LoadOptionsContext over a one-node workflow, with our credential.
 */
function loadOptionsContext({ credentials, parameters = {}, path = 'parameters' }: MethodOptions) {
	const node: INode = {
		id: 'helena-node',
		name: 'Helena',
		type: HELENA_NODE,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: { helenaApi: { id: 'credential-1', name: 'Helena account' } },
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	const hooks = new ExecutionLifecycleHooks('internal', 'load-options', {} as never);
	const additionalData = additionalDataFor(credentials, hooks);
	additionalData.currentNodeParameters = parameters;
	return new LoadOptionsContext(workflow, workflow.nodes[node.name], additionalData, path);
}

function helenaMethods() {
	return (nodeTypes.getByNameAndVersion(HELENA_NODE, 1) as INodeType).methods ?? {};
}

/** Runs a `listSearch` method as the editor's resource-locator list does. */
export async function runListSearch(
	name: string,
	options: MethodOptions & { filter?: string; paginationToken?: string },
): Promise<INodeListSearchResult> {
	const method = helenaMethods().listSearch?.[name];
	if (!method) throw new Error(`The Helena node has no listSearch method "${name}"`);
	const context: ILoadOptionsFunctions = loadOptionsContext(options);
	return await method.call(context, options.filter, options.paginationToken);
}

/** Runs a `loadOptions` method as the editor's dropdowns do. */
export async function runLoadOptions(name: string, options: MethodOptions): Promise<INodePropertyOptions[]> {
	const method = helenaMethods().loadOptions?.[name];
	if (!method) throw new Error(`The Helena node has no loadOptions method "${name}"`);
	return await method.call(loadOptionsContext(options));
}
