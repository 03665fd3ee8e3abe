import type {
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	WorkflowActivateMode,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';
import { ExecutionLifecycleHooks, PollContext } from 'n8n-core';

import { additionalDataFor } from './additionalData';
import type { HelenaCredentialData } from './credentialsHelper';
import { HELENA_CARD_TRIGGER_NODE, HELENA_CONTACT_TRIGGER_NODE, HELENA_CONVERSATION_TRIGGER_NODE, nodeTypes } from './nodeTypes';

/*
 * Runs a Helena polling trigger (contacts by default) the way n8n runs a polling node, with n8n-core's own PollContext:
 * - activation (ActiveWorkflows.activatePolling): one poll right away; an error fails the activation;
 *   items it returns start an execution; then ActiveWorkflowManager saves the static data;
 * - each scheduled poll: on the same in-memory Workflow; an error becomes an error execution
 *   (__emitError) and nothing is saved; items start an execution, and only then (__emit) is the
 *   static data written to the database;
 * - stopping n8n drops the in-memory Workflow; starting it again builds a new one from the saved row
 *   (activation mode 'init');
 * - "Fetch Test Event": a poll in mode 'manual' on the saved row, whose static data is not kept.
 */

export const CONTACT_TRIGGER_NODE_NAME = 'Helena Contact Trigger';

/** The polling triggers, by what they watch: the node's type and the name it has in the workflow. */
export const POLLING_TRIGGERS = {
	contact: { type: HELENA_CONTACT_TRIGGER_NODE, name: CONTACT_TRIGGER_NODE_NAME },
	conversation: { type: HELENA_CONVERSATION_TRIGGER_NODE, name: 'Helena Conversation Trigger' },
	card: { type: HELENA_CARD_TRIGGER_NODE, name: 'Helena Card Trigger' },
} as const;
export type PollingTrigger = (typeof POLLING_TRIGGERS)[keyof typeof POLLING_TRIGGERS];

export interface PollOutcome {
	items: INodeExecutionData[] | null;
	error?: Error;
}

export class PollHarness {
	parameters: INodeParameters;
	/** The workflow row's `staticData` column. */
	savedStaticData: IDataObject = {};
	/** Items of every execution the trigger started, in order. */
	readonly executions: INodeExecutionData[][] = [];
	/** Errors n8n would have recorded as failed executions. */
	readonly errors: Error[] = [];
	private running?: Workflow;

	constructor(
		private readonly credentials: HelenaCredentialData,
		parameters: INodeParameters,
		private readonly trigger: PollingTrigger = POLLING_TRIGGERS.contact,
	) {
		this.parameters = parameters;
	}

	get isRunning(): boolean {
		return this.running !== undefined;
	}

	/** Activates the workflow (or starts n8n with it active: `init`); throws what n8n would show. */
	async activate(activation: WorkflowActivateMode = 'activate'): Promise<PollOutcome> {
		const workflow = this.workflowFromRow(true);
		const items = await this.runPoll(workflow, 'trigger', activation);
		if (items) this.emit(workflow, items);
		this.save(workflow);
		this.running = workflow;
		return { items };
	}

	/** One scheduled poll of the running workflow. */
	async poll(): Promise<PollOutcome> {
		const workflow = this.running;
		if (!workflow) throw new Error('The workflow is not active');
		try {
			const items = await this.runPoll(workflow, 'trigger', 'activate');
			if (items) this.emit(workflow, items);
			return { items };
		} catch (error) {
			this.errors.push(error as Error);
			return { items: null, error: error as Error };
		}
	}

	/** n8n stops: what was not saved is gone. */
	stop(): void {
		this.running = undefined;
	}

	/** n8n starts again with the workflow active. */
	async start(): Promise<PollOutcome> {
		return await this.activate('init');
	}

	/** Deactivation: n8n removes the poller; the static data stays in the row. */
	deactivate(): void {
		this.running = undefined;
	}

	/** The editor's "Fetch Test Event". */
	async fetchTestEvent(): Promise<INodeExecutionData[] | null> {
		return await this.runPoll(this.workflowFromRow(false), 'manual', 'manual');
	}

	/** The node's part of the saved static data (`getWorkflowStaticData('node')`). */
	get savedNodeData(): IDataObject {
		return (this.savedStaticData[`node:${this.trigger.name}`] ?? {}) as IDataObject;
	}

	/** The node's static data as the running workflow holds it in memory (saved or not). */
	get liveNodeData(): IDataObject | undefined {
		return this.running?.staticData[`node:${this.trigger.name}`] as IDataObject | undefined;
	}

	private node(): INode {
		return {
			id: 'helena-polling-trigger-node',
			name: this.trigger.name,
			type: this.trigger.type,
			typeVersion: 1,
			position: [0, 0],
			parameters: this.parameters,
			credentials: { helenaApi: { id: 'credential-1', name: 'Helena account' } },
		};
	}

	private workflowFromRow(active: boolean): Workflow {
		return new Workflow({
			id: 'poll-workflow-1',
			name: 'Contact changes to a spreadsheet',
			nodes: [this.node()],
			connections: {},
			active,
			nodeTypes,
			staticData: JSON.parse(JSON.stringify(this.savedStaticData)) as IDataObject,
			settings: { executionOrder: 'v1' },
		});
	}

	/** TriggersAndPollers.runPoll: the node's `poll` in a real PollContext. */
	private async runPoll(
		workflow: Workflow,
		mode: WorkflowExecuteMode,
		activation: WorkflowActivateMode,
	): Promise<INodeExecutionData[] | null> {
		const node = workflow.getNode(this.trigger.name) as INode;
		const nodeType = workflow.nodeTypes.getByNameAndVersion(node.type, node.typeVersion) as INodeType;
		const hooks = new ExecutionLifecycleHooks(mode, 'poll-hooks', {} as never);
		const context = new PollContext(workflow, node, additionalDataFor(this.credentials, hooks), mode, activation);
		const result = await nodeType.poll!.call(context);
		return result ? result[0] : null;
	}

	/** ActiveWorkflowManager's __emit: save the static data, then start the execution. */
	private emit(workflow: Workflow, items: INodeExecutionData[]): void {
		this.save(workflow);
		this.executions.push(items);
	}

	/** WorkflowStaticDataService.saveStaticData: written only when the node changed it. */
	private save(workflow: Workflow): void {
		if (workflow.staticData.__dataChanged !== true) return;
		const copy = JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject;
		delete copy.__dataChanged;
		this.savedStaticData = copy;
		workflow.staticData.__dataChanged = false;
	}
}
