import type { IExecuteFunctions, INode, INodeParameters, INodeType, INodeTypes, IRun } from 'n8n-workflow';
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
