import type { ExecutionError, IDataObject, INode, INodeExecutionData, INodeParameters, IRun } from 'n8n-workflow';
import { createDeferredPromise, createRunExecutionData, Workflow } from 'n8n-workflow';
import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';

import { additionalDataFor } from './additionalData';
import type { HelenaCredentialData } from './credentialsHelper';
import { HELENA_NODE, nodeTypes } from './nodeTypes';

export interface RunNodeOptions {
	credentials: HelenaCredentialData;
	parameters: INodeParameters;
	/** JSON of the items that reach the node; one empty item when omitted, as after a manual trigger. */
	items?: IDataObject[];
	/** Whole input items (with binary data); wins over `items`. */
	inputItems?: INodeExecutionData[];
	continueOnFail?: boolean;
	nodeName?: string;
}

export interface NodeRun {
	items: INodeExecutionData[];
	error?: ExecutionError;
	run: IRun;
}

/**
 * Runs the Helena node inside n8n-core's WorkflowExecute, exactly as n8n runs a workflow: the
 * parameters get their defaults from the node description, credentials are authenticated by the
 * credential type, and the output is what the next node would receive.
 */
export async function runNode(options: RunNodeOptions): Promise<NodeRun> {
	const nodeName = options.nodeName ?? 'Helena';
	const node: INode = {
		id: 'helena-node',
		name: nodeName,
		type: HELENA_NODE,
		typeVersion: 1,
		position: [0, 0],
		parameters: options.parameters,
		credentials: { helenaApi: { id: 'credential-1', name: 'Helena account' } },
		...(options.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
	};
	const workflow = new Workflow({
		id: 'engine-test',
		name: 'Engine test',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes,
		settings: { executionOrder: 'v1' },
	});

	const hooks = new ExecutionLifecycleHooks('manual', 'engine-test-run', {
		id: 'engine-test',
		name: 'Engine test',
		active: false,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
		nodes: [node],
		connections: {},
		settings: {},
	} as never);
	const finished = createDeferredPromise<IRun>();
	hooks.addHandler('workflowExecuteAfter', (run) => finished.resolve(run));

	const items = options.inputItems ?? (options.items ?? [{}]).map((json) => ({ json }));
	const runExecutionData = createRunExecutionData({
		executionData: { nodeExecutionStack: [{ node, data: { main: [items] }, source: null }] },
	});

	const execute = new WorkflowExecute(additionalDataFor(options.credentials, hooks), 'manual', runExecutionData);
	await execute.processRunExecutionData(workflow);
	const run = await finished.promise;

	const taskData = run.data.resultData.runData[nodeName]?.[0];
	return {
		items: taskData?.data?.main?.[0] ?? [],
		error: taskData?.error ?? run.data.resultData.error,
		run,
	};
}
