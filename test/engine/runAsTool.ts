import type {
	EngineRequest,
	EngineResponse,
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeParameters,
	INodeType,
	INodeTypes,
	IRun,
	ITaskData,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeHelpers } from 'n8n-workflow';

import type { HelenaCredentialData } from './credentialsHelper';
import { HELENA_NODE, nodeTypes } from './nodeTypes';
import { helenaNode, runWorkflow } from './runNode';

const TOOL_NODE = `${HELENA_NODE}Tool`;
const AGENT_NODE = 'test.agent';

/**
 * The Helena node's tool variant as n8n makes it from a `usableAsTool` node: the same node with an `ai_tool`
 * output and no input, so that n8n wraps it with createNodeAsTool when an Agent asks for its tools.
 */
function toolVariant(): INodeType {
	const helena = nodeTypes.getByNameAndVersion(HELENA_NODE, 1);
	const tool = Object.create(helena) as INodeType;
	tool.description = { ...helena.description, name: 'helenaTool', inputs: [], outputs: [NodeConnectionTypes.AiTool] };
	return tool;
}

/** A stand-in for n8n's AI Agent (1.x and 2.x, Agent up to 2.2): takes its tools with getInputConnectionData and calls the first once. */
const agent: INodeType = {
	description: {
		displayName: 'Agent',
		name: 'agent',
		group: ['transform'],
		version: 1,
		description: 'Calls its tool once',
		defaults: { name: 'Agent' },
		inputs: [NodeConnectionTypes.Main, { type: NodeConnectionTypes.AiTool, required: true }],
		outputs: [NodeConnectionTypes.Main],
		properties: [],
	},
	async execute(this: IExecuteFunctions) {
		const tools = (await this.getInputConnectionData(NodeConnectionTypes.AiTool, 0)) as Array<{
			invoke(input: object): Promise<string>;
		}>;
		const answer = await tools[0].invoke({});
		return [[{ json: { toolAnswer: answer } }]];
	},
};

const withAgent: INodeTypes = {
	getByName: (type) => (type === TOOL_NODE ? toolVariant() : type === AGENT_NODE ? agent : nodeTypes.getByName(type)),
	getByNameAndVersion: (type, version) =>
		type === TOOL_NODE ? toolVariant() : type === AGENT_NODE ? agent : NodeHelpers.getVersionedNodeType(nodeTypes.getByName(type), version),
	getKnownTypes: () => ({}),
};

export interface ToolRun {
	/** What the Agent got back from the tool, or the error the tool threw. */
	agentOutput: unknown;
	error?: unknown;
	run: IRun;
}

/** Runs a workflow "Agent ← Helena (as its tool)" inside n8n-core's WorkflowExecute, the way n8n runs a node as an AI Agent tool. */
export async function runAsAgentTool(credentials: HelenaCredentialData, parameters: INodeParameters): Promise<ToolRun> {
	const tool = helenaNode(parameters, { id: 'helena-tool-node', name: 'Helena Tool', type: TOOL_NODE, position: [0, 200] });
	const agentNode: INode = { id: 'agent-node', name: 'Agent', type: AGENT_NODE, typeVersion: 1, position: [0, 0], parameters: {} };
	const run = await runWorkflow({
		credentials,
		nodes: [agentNode, tool],
		connections: { 'Helena Tool': { ai_tool: [[{ node: 'Agent', type: NodeConnectionTypes.AiTool, index: 0 }]] } },
		types: withAgent,
		start: agentNode,
		items: [{ json: {} }],
	});
	const agentRun = run.data.resultData.runData.Agent?.[0];
	return { agentOutput: agentRun?.data?.main?.[0]?.[0]?.json, error: agentRun?.error ?? run.data.resultData.error, run };
}

const HITL_NODE = `${HELENA_NODE}HitlTool`;
const AGENT_V3_NODE = 'test.agentV3';

/**
 * The Helena node as n8n 2.x's "Request human approval for tools" gate (tool-generation/hitl-tools.js,
 * convertNodeToHitlTool): the same node under the type `<node>HitlTool`, whose execute first sets
 * `rewireOutputLogTo` on the node, then runs the node's own execute.
 */
function hitlVariant(): INodeType {
	const helena = nodeTypes.getByNameAndVersion(HELENA_NODE, 1);
	const gate = Object.create(helena) as INodeType;
	gate.description = { ...helena.description, name: 'helenaHitlTool', inputs: [], outputs: [NodeConnectionTypes.AiTool] };
	gate.execute = async function (this: IExecuteFunctions) {
		(this.getNode() as INode & { rewireOutputLogTo?: string }).rewireOutputLogTo = NodeConnectionTypes.AiTool;
		return await helena.execute!.call(this);
	};
	return gate;
}

/**
 * A stand-in for n8n's AI Agent 3.x: it asks the engine to run one node for it (an engine request, as the Agent
 * does when the model calls a tool; a gate gets the tool's input under `toolParameters` and the `hitl` metadata),
 * and outputs the engine's response once that node has run.
 */
const agentV3 = (nodeName: string, gated: boolean): INodeType => ({
	description: { ...agent.description, name: 'agentV3', version: 3 },
	async execute(this: IExecuteFunctions, response?: EngineResponse) {
		if (response?.actionResponses?.length) {
			return [response.actionResponses.map((answer) => ({ json: { toolOutput: answer.data as unknown as IDataObject } }))];
		}
		const toolParameters = { sessionId: '0b0b0b0b-0000-4000-8000-00000000000a' };
		const request: EngineRequest = {
			actions: [
				{
					actionType: 'ExecutionNodeAction',
					nodeName,
					input: gated ? { tool: 'Transfer_to_a_person', toolParameters } : toolParameters,
					type: NodeConnectionTypes.AiTool,
					id: 'call_1',
					metadata: {
						itemIndex: 0,
						...(gated ? { hitl: { gatedToolNodeName: 'Transfer', toolName: 'Transfer_to_a_person', originalInput: toolParameters } } : {}),
					},
				},
			],
			metadata: {},
		};
		return request;
	},
});

/** What starts the workflow (n8n resumes the Agent from its source, so the Agent needs a node before it). */
const START_NODE = 'test.start';
const start: INodeType = {
	description: { ...agent.description, name: 'start', inputs: [NodeConnectionTypes.Main], outputs: [NodeConnectionTypes.Main] },
	async execute(this: IExecuteFunctions) {
		return [this.getInputData()];
	},
};

const withAgentV3 = (nodeName: string, gated: boolean): INodeTypes => {
	const pick = (type: string) =>
		type === TOOL_NODE
			? toolVariant()
			: type === HITL_NODE
				? hitlVariant()
				: type === AGENT_V3_NODE
					? agentV3(nodeName, gated)
					: type === START_NODE
						? start
						: undefined;
	return {
		getByName: (type) => pick(type) ?? nodeTypes.getByName(type),
		getByNameAndVersion: (type, version) => pick(type) ?? NodeHelpers.getVersionedNodeType(nodeTypes.getByName(type), version),
		getKnownTypes: () => ({}),
	};
};

/**
 * Runs "Agent 3.x → Helena" the way n8n 1.x and 2.x run a tool the model called (an engine request): as the
 * Helena node's plain tool (`helenaTool`), or, with `gate`, as n8n 2.x's approval gate (`helenaHitlTool`).
 */
export async function runForAgentRequest(
	credentials: HelenaCredentialData,
	parameters: INodeParameters,
	{ gate, onError }: { gate: boolean; onError?: INode['onError'] },
): Promise<ToolRun & { toolRun?: ITaskData }> {
	const name = gate ? 'Human review' : 'Helena Tool';
	const tool = helenaNode(parameters, { id: 'helena-tool-node', name, type: gate ? HITL_NODE : TOOL_NODE, position: [0, 200], onError });
	const agentNode: INode = { id: 'agent-node', name: 'Agent', type: AGENT_V3_NODE, typeVersion: 3, position: [0, 0], parameters: {} };
	const startNode: INode = { id: 'start-node', name: 'Start', type: START_NODE, typeVersion: 1, position: [-200, 0], parameters: {} };
	const run = await runWorkflow({
		credentials,
		nodes: [startNode, agentNode, tool],
		connections: {
			Start: { main: [[{ node: 'Agent', type: NodeConnectionTypes.Main, index: 0 }]] },
			[name]: { ai_tool: [[{ node: 'Agent', type: NodeConnectionTypes.AiTool, index: 0 }]] },
		},
		types: withAgentV3(name, gate),
		start: startNode,
		items: [{ json: { chatInput: 'Transfer me, please' } }],
	});
	const agentRun = run.data.resultData.runData.Agent?.at(-1);
	const toolRun = run.data.resultData.runData[name]?.at(-1);
	return {
		agentOutput: agentRun?.data?.main?.[0]?.[0]?.json,
		error: toolRun?.error ?? agentRun?.error ?? run.data.resultData.error,
		run,
		toolRun,
	};
}
