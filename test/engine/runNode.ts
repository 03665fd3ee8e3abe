import type { ExecutionError, IConnections, IDataObject, INode, INodeExecutionData, INodeParameters, INodeTypes, IRun } from 'n8n-workflow';
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

/** The Helena node as a workflow holds it, with our credential. */
export function helenaNode(parameters: INodeParameters, extra: Partial<INode> = {}): INode {
	return {
		id: 'helena-node',
		name: 'Helena',
		type: HELENA_NODE,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: { helenaApi: { id: 'credential-1', name: 'Helena account' } },
		...extra,
	};
}

/** Runs `nodes` inside n8n-core's WorkflowExecute, starting with `start` and its input items; resolves with the run. */
export async function runWorkflow(options: {
	credentials: HelenaCredentialData;
	nodes: INode[];
	connections?: IConnections;
	types?: INodeTypes;
	start: INode;
	items: INodeExecutionData[];
}): Promise<IRun> {
	const connections = options.connections ?? {};
	const workflow = new Workflow({
		id: 'engine-test',
		name: 'Engine test',
		nodes: options.nodes,
		connections,
		active: false,
		nodeTypes: options.types ?? nodeTypes,
		settings: { executionOrder: 'v1' },
	});
	const hooks = new ExecutionLifecycleHooks('manual', 'engine-test-run', {
		id: 'engine-test',
		name: 'Engine test',
		active: false,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
		nodes: options.nodes,
		connections,
		settings: {},
	} as never);
	const finished = createDeferredPromise<IRun>();
	hooks.addHandler('workflowExecuteAfter', (run) => finished.resolve(run));
	const runExecutionData = createRunExecutionData({
		executionData: { nodeExecutionStack: [{ node: options.start, data: { main: [options.items] }, source: null }] },
	});
	const execute = new WorkflowExecute(additionalDataFor(options.credentials, hooks), 'manual', runExecutionData);
	await execute.processRunExecutionData(workflow);
	return await finished.promise;
}

/**
 * Runs the Helena node inside n8n-core's WorkflowExecute, exactly as n8n runs a workflow: the
 * parameters get their defaults from the node description, credentials are authenticated by the
 * credential type, and the output is what the next node would receive.
 */
export async function runNode(options: RunNodeOptions): Promise<NodeRun> {
	const nodeName = options.nodeName ?? 'Helena';
	const node = helenaNode(options.parameters, {
		name: nodeName,
		...(options.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
	});
	const items = options.inputItems ?? (options.items ?? [{}]).map((json) => ({ json }));
	const run = await runWorkflow({ credentials: options.credentials, nodes: [node], start: node, items });

	const taskData = run.data.resultData.runData[nodeName]?.[0];
	return {
		items: taskData?.data?.main?.[0] ?? [],
		error: taskData?.error ?? run.data.resultData.error,
		run,
	};
}
