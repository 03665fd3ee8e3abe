import type { IExecuteFunctions } from 'n8n-workflow';

/*
 * Whether n8n can pause the execution at this node, so that Send and Wait may send.
 *
 * A node run as a tool of n8n's AI Agent gets a context that also has `putExecutionToWait` and
 * `getExecuteData` (n8n builds it from the same base class), so their presence proves nothing. What differs:
 * - through the tool wrapper (createNodeAsTool, from getInputConnectionData) the context carries the Agent's
 *   execute data: `getExecuteData().node` is the Agent, not this node; a wait there would pause the Agent's
 *   run while the tool's answer has already gone back to the model;
 * - through the Agent's engine requests (Agent 3.x) the node runs on the Agent's behalf: n8n marks that run
 *   (`metadata.preserveSourceOverwrite`, `rewireOutputLogTo` on the node) and hands its output straight back
 *   to the Agent, which has no answer to wait for;
 * - except when this node is n8n 2.x's human-review gate (see isApprovalGate): the Agent runs it the same way,
 *   with the same marks, but n8n waits for it and reads its `approved` when the execution resumes.
 */
export function canPauseHere(context: IExecuteFunctions): boolean {
	const n8n = context as Partial<IExecuteFunctions>;
	if (typeof n8n.putExecutionToWait !== 'function' || typeof n8n.getExecuteData !== 'function') return false;
	const node = context.getNode() as { name: string; rewireOutputLogTo?: string };
	const data = context.getExecuteData() as
		{ node?: { name?: string }; metadata?: { preserveSourceOverwrite?: boolean }; data?: { main?: unknown[] } } | undefined;
	if (!data || data.node?.name !== node.name || !Array.isArray(data.data?.main)) return false;
	if (isApprovalGate(context)) return true;
	return !data.metadata?.preserveSourceOverwrite && !node.rewireOutputLogTo;
}

/**
 * Whether this run is n8n's "Request human approval for tools" gate (n8n 2.x): n8n makes it from every node with
 * a Send and Wait operation as the node type `<node>HitlTool` (its tool-generation/hitl-tools.js), and its AI
 * Agent runs it, when the model calls a gated tool, before that tool; the gated tool runs only if the gate's
 * output says `approved: true`. No other run of this node has that type (a plain tool is `<node>Tool`).
 */
export function isApprovalGate(context: IExecuteFunctions): boolean {
	return context.getNode().type.endsWith('HitlTool');
}
