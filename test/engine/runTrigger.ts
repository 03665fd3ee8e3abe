import type {
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypes,
	IWebhookData,
	IWebhookResponseData,
	IWorkflowExecuteAdditionalData,
	WorkflowActivateMode,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import { ExecutionLifecycleHooks, HookContext, WebhookContext } from 'n8n-core';

import { additionalDataFor } from './additionalData';
import type { HelenaCredentialData } from './credentialsHelper';
import { startLocalServer } from './localServer';
import type { HttpRequest, HttpResponse, LocalServer } from './localServer';
import { HELENA_TRIGGER_NODE, nodeTypes } from './nodeTypes';
import type { SandboxFixture } from './sandbox';

/*
 * Runs the Helena Trigger the way n8n does, with n8n-core's own contexts:
 * - activation: WebhookService.createWebhookIfNotExists = `checkExists` in a HookContext, then
 *   `create` when it answered false; on failure n8n clears the webhooks (`delete`) and rethrows;
 * - deactivation: `delete` in a HookContext (ActiveWorkflowManager.clearWebhooks);
 * - delivery: a real HTTP receiver standing in for n8n's webhook server: it routes
 *   /webhook/<webhookId>/webhook (and /webhook-test/...) to `webhook()` in a WebhookContext whose
 *   request is the parsed node:http request and whose response is an express-like wrapper.
 * Every step builds a new Workflow from the static data saved in the "database" (a JSON copy), as
 * n8n does per activation and, in queue mode, per webhook request; nothing else survives a step.
 */

const WEBHOOK_PATH = 'webhook';
export const TRIGGER_NODE_NAME = 'Helena Trigger';

export interface TriggerOptions {
	credentials: HelenaCredentialData;
	parameters: INodeParameters;
	workflowId?: string;
	workflowName?: string;
	webhookId?: string;
	/** Pretend n8n's WEBHOOK_URL is this (deliveries then do not reach the receiver). */
	webhookBaseUrl?: string;
	/** n8n's N8N_PROXY_HOPS: how many X-Forwarded-For hops to trust when reading the caller's address. */
	proxyHops?: number;
}

export interface ReceivedCall {
	path: string;
	status: number;
	body: unknown;
	/** The items the trigger put out, when the call started the workflow. */
	items?: INodeExecutionData[];
	result?: IWebhookResponseData;
	error?: Error;
}

export interface LogEntry {
	level: 'error' | 'warn' | 'info' | 'debug';
	message: string;
}

type Kind = 'production' | 'test';

/** An express-like response over the real node:http one, recording what the node sent. */
function expressResponse(res: HttpResponse, record: { status: number; body: unknown }) {
	const response = {
		status(code: number) {
			res.statusCode = code;
			record.status = code;
			return response;
		},
		json(body: unknown) {
			record.body = body;
			res.setHeader('content-type', 'application/json');
			res.end(JSON.stringify(body));
			return response;
		},
		send(body: unknown) {
			record.body = body;
			res.end(typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
			return response;
		},
		end(body?: string) {
			res.end(body);
			return response;
		},
		setHeader(name: string, value: string) {
			res.setHeader(name, value);
			return response;
		},
		get headersSent() {
			return res.headersSent;
		},
		get writableEnded() {
			return res.writableEnded;
		},
	};
	return response;
}

/** Query values as express gives them: a repeated key becomes an array. */
function parseQuery(search: URLSearchParams): IDataObject {
	const query: IDataObject = {};
	for (const key of new Set(search.keys())) {
		const values = search.getAll(key);
		query[key] = values.length === 1 ? values[0] : values;
	}
	return query;
}

/** Express's `req.ip` with `trust proxy` set to a hop count, as n8n sets it from N8N_PROXY_HOPS. */
function clientAddress(req: HttpRequest, proxyHops: number): string {
	const forwarded = String(req.headers['x-forwarded-for'] ?? '')
		.split(',')
		.map((address) => address.trim())
		.filter(Boolean)
		.reverse();
	const chain = [req.socket.remoteAddress ?? '', ...forwarded];
	return chain[Math.min(proxyHops, chain.length - 1)];
}

async function readJsonBody(req: HttpRequest): Promise<IDataObject> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	const text = Buffer.concat(chunks).toString('utf8');
	if (!text || !String(req.headers['content-type'] ?? '').includes('json')) return {};
	return JSON.parse(text) as IDataObject;
}

/** A copy of the node type registry loaded in its own module registry: another n8n process. */
export function nodeTypesOfAnotherProcess(): INodeTypes {
	let registry: INodeTypes | undefined;
	jest.isolateModules(() => {
		registry = jest.requireActual<typeof import('./nodeTypes')>('./nodeTypes').nodeTypes;
	});
	return registry as INodeTypes;
}

const logs: LogEntry[] = [];
const recordingLogger = Object.fromEntries(
	(['error', 'warn', 'info', 'debug'] as const).map((level) => [level, (message: string) => logs.push({ level, message })]),
);
Container.set(Logger, { ...recordingLogger, scoped: () => recordingLogger } as unknown as Logger);

export class TriggerHarness {
	parameters: INodeParameters;
	readonly workflowId: string;
	workflowName: string;
	readonly webhookId: string;
	/** The workflow row's `staticData` column: all that n8n keeps between activation and deliveries. */
	savedStaticData: IDataObject = {};
	/** Static data of a running test listener (n8n keeps it with the test webhook registration). */
	testStaticData: IDataObject = {};
	/** Node types the webhook receiver uses; swap in `nodeTypesOfAnotherProcess()` for queue mode. */
	webhookNodeTypes: INodeTypes = nodeTypes;
	readonly calls: ReceivedCall[] = [];
	readonly logs = logs;
	private readonly registered: Record<Kind, boolean> = { production: false, test: false };
	private server?: LocalServer;
	private baseUrl = '';
	private readonly inFlight = new Set<Promise<void>>();

	constructor(private readonly options: TriggerOptions) {
		this.parameters = options.parameters;
		this.workflowId = options.workflowId ?? 'trigger-workflow-1';
		this.workflowName = options.workflowName ?? 'New conversations to CRM';
		this.webhookId = options.webhookId ?? '6f1f3a52-8a8e-4c55-9d7e-0b8f4f3c2a10';
	}

	/** The URL Helena should post to in production, without the token. */
	get webhookUrl(): string {
		return `${this.webhookBaseUrl('production')}/${this.webhookId}/${WEBHOOK_PATH}`;
	}

	get testWebhookUrl(): string {
		return `${this.webhookBaseUrl('test')}/${this.webhookId}/${WEBHOOK_PATH}`;
	}

	/** Items of every execution the trigger started, in order. */
	get executions(): INodeExecutionData[][] {
		return this.calls.flatMap((call) => (call.items ? [call.items] : []));
	}

	async start(): Promise<this> {
		this.server = await startLocalServer((req, res) => {
			const work = this.receive(req, res);
			this.inFlight.add(work);
			void work.finally(() => this.inFlight.delete(work));
		});
		this.baseUrl = this.server.url;
		return this;
	}

	/** Resolves when every received call has been handled, including what n8n does after replying. */
	async idle(): Promise<void> {
		while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
	}

	async close(): Promise<void> {
		await this.idle();
		await this.server?.close();
	}

	/**
	 * Activates the workflow (`test: true`: "Listen for test event"); says whether it adopted or created.
	 * `beforeSave` runs once the node's methods have run but before n8n saved the static data, with the
	 * webhook route already live, as in n8n 2.x, which activates in the background.
	 */
	async activate(
		options: { test?: boolean; activation?: WorkflowActivateMode; beforeSave?: () => Promise<void> } = {},
	): Promise<'adopted' | 'created'> {
		const kind: Kind = options.test ? 'test' : 'production';
		if (kind === 'test') this.testStaticData = {};
		const mode: WorkflowExecuteMode = kind === 'test' ? 'manual' : 'trigger';
		const activation = options.activation ?? (kind === 'test' ? 'manual' : 'activate');
		const workflow = this.workflow(kind);
		let activated = false;
		try {
			const exists = await this.hook(workflow, kind, 'checkExists', mode, activation);
			if (!exists) await this.hook(workflow, kind, 'create', mode, activation);
			if (options.beforeSave) {
				this.registered[kind] = true;
				await options.beforeSave();
			}
			this.save(workflow, kind);
			this.registered[kind] = true;
			activated = true;
			return exists ? 'adopted' : 'created';
		} finally {
			// on a failure (which goes on to the caller) n8n removes what activation may have left behind; its own failure is only logged
			if (!activated)
				await this.hook(this.workflow(kind), kind, 'delete', 'internal', 'update').catch((cleanupError: Error) =>
					logs.push({ level: 'error', message: cleanupError.message }),
				);
		}
	}

	/** Deactivates the workflow (or stops listening for a test event). */
	async deactivate(options: { test?: boolean } = {}): Promise<void> {
		const kind: Kind = options.test ? 'test' : 'production';
		const workflow = this.workflow(kind);
		try {
			await this.hook(workflow, kind, 'delete', 'internal', 'update');
			this.save(workflow, kind);
		} finally {
			this.registered[kind] = false;
		}
	}

	/** Posts JSON like any HTTP client would (a forger, or a test standing in for Helena). */
	async post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
		const response = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json', ...headers },
			body: JSON.stringify(body),
		});
		const text = await response.text();
		let parsed: unknown = text;
		try {
			parsed = JSON.parse(text);
		} catch {
			// plain text answer
		}
		return { status: response.status, body: parsed };
	}

	private webhookBaseUrl(kind: Kind): string {
		const base = this.options.webhookBaseUrl ?? `${this.baseUrl}/webhook`;
		return kind === 'test' ? base.replace(/\/webhook$/, '/webhook-test') : base;
	}

	private node(): INode {
		return {
			id: 'helena-trigger-node',
			name: TRIGGER_NODE_NAME,
			type: HELENA_TRIGGER_NODE,
			typeVersion: 1,
			position: [0, 0],
			webhookId: this.webhookId,
			parameters: this.parameters,
			credentials: { helenaApi: { id: 'credential-1', name: 'Helena account' } },
		};
	}

	/** A new Workflow from the stored row, as n8n builds one for each activation or request. */
	private workflow(kind: Kind, registry: INodeTypes = nodeTypes): Workflow {
		const stored = kind === 'test' ? this.testStaticData : this.savedStaticData;
		return new Workflow({
			id: this.workflowId,
			name: this.workflowName,
			nodes: [this.node()],
			connections: {},
			active: kind === 'production',
			nodeTypes: registry,
			staticData: JSON.parse(JSON.stringify(stored)) as IDataObject,
			settings: { executionOrder: 'v1' },
		});
	}

	/** WorkflowStaticDataService.saveStaticData: written back only when the node changed it. */
	private save(workflow: Workflow, kind: Kind): void {
		if (kind === 'production' && workflow.staticData.__dataChanged !== true) return;
		const copy = JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject;
		if (kind === 'test') this.testStaticData = copy;
		else this.savedStaticData = copy;
	}

	private additionalData(): IWorkflowExecuteAdditionalData {
		const hooks = new ExecutionLifecycleHooks('trigger', 'trigger-hooks', {} as never);
		return {
			...additionalDataFor(this.options.credentials, hooks),
			webhookBaseUrl: this.webhookBaseUrl('production'),
			webhookTestBaseUrl: this.webhookBaseUrl('test'),
		};
	}

	private webhookData(workflow: Workflow, kind: Kind, additionalData: IWorkflowExecuteAdditionalData): IWebhookData {
		const node = workflow.getNode(TRIGGER_NODE_NAME) as INode;
		const nodeType = workflow.nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
		const webhookDescription = nodeType.description.webhooks![0];
		return {
			httpMethod: 'POST',
			node: node.name,
			path: NodeHelpers.getNodeWebhookPath(workflow.id, node, WEBHOOK_PATH),
			webhookDescription,
			workflowId: workflow.id,
			workflowExecuteAdditionalData: additionalData,
			webhookId: node.webhookId,
			isTest: kind === 'test',
		};
	}

	/** WebhookService.runWebhookMethod: the node's lifecycle method in a real HookContext. */
	private async hook(
		workflow: Workflow,
		kind: Kind,
		method: 'checkExists' | 'create' | 'delete',
		mode: WorkflowExecuteMode,
		activation: WorkflowActivateMode,
	): Promise<boolean> {
		const node = workflow.getNode(TRIGGER_NODE_NAME) as INode;
		const nodeType = workflow.nodeTypes.getByNameAndVersion(node.type, node.typeVersion) as INodeType;
		const additionalData = this.additionalData();
		const webhookData = this.webhookData(workflow, kind, additionalData);
		const context = new HookContext(workflow, node, additionalData, mode, activation, webhookData);
		const run = nodeType.webhookMethods?.default?.[method];
		if (!run) throw new Error(`The trigger has no ${method} method`);
		return await run.call(context);
	}

	/** n8n's webhook server, reduced to what a trigger node sees. */
	private async receive(req: HttpRequest, res: HttpResponse): Promise<void> {
		const url = new URL(req.url ?? '/', this.baseUrl);
		const record: ReceivedCall = { path: url.pathname, status: 200, body: undefined };
		this.calls.push(record);
		const reply = (status: number, body: unknown) => {
			record.status = status;
			record.body = body;
			res.writeHead(status, { 'content-type': 'application/json' });
			res.end(JSON.stringify(body));
		};

		const kind: Kind | undefined =
			url.pathname === `/webhook/${this.webhookId}/${WEBHOOK_PATH}`
				? 'production'
				: url.pathname === `/webhook-test/${this.webhookId}/${WEBHOOK_PATH}`
					? 'test'
					: undefined;
		if (req.method !== 'POST' || !kind || !this.registered[kind]) {
			reply(404, { code: 404, message: 'The requested webhook is not registered.' });
			return;
		}

		try {
			const request = Object.assign(req, {
				body: await readJsonBody(req),
				query: parseQuery(url.searchParams),
				params: {},
				ip: clientAddress(req, this.options.proxyHops ?? 0),
			});
			const workflow = this.workflow(kind, this.webhookNodeTypes);
			const node = workflow.getNode(TRIGGER_NODE_NAME) as INode;
			const additionalData = {
				...this.additionalData(),
				httpRequest: request,
				httpResponse: expressResponse(res, record),
			} as unknown as IWorkflowExecuteAdditionalData;
			const webhookData = this.webhookData(workflow, kind, additionalData);
			const context = new WebhookContext(workflow, node, additionalData, kind === 'test' ? 'manual' : 'webhook', webhookData, [], null);
			const nodeType = workflow.nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
			const result = await nodeType.webhook!.call(context);
			record.result = result;
			this.save(workflow, kind);

			if (result.noWebhookResponse) {
				if (!res.writableEnded) res.end();
				// the node answered the call itself and may still start the workflow (n8n's webhook helpers do)
				if (result.workflowData) record.items = result.workflowData[0];
			} else if (result.workflowData === undefined) {
				reply(200, result.webhookResponse ?? { message: 'Webhook call received' });
			} else {
				record.items = result.workflowData[0];
				reply(200, { message: 'Workflow was started' });
				// A test listener stops after the first event that started the workflow.
				if (kind === 'test') await this.deactivate({ test: true });
			}
		} catch (error) {
			record.error = error as Error;
			if (!res.headersSent) reply(500, { code: 0, message: (error as Error).message });
		}
	}
}

/** Per test: `const trigger = await startTrigger(parameters?)`; every harness is closed after the test. */
export function useTrigger(helena: SandboxFixture) {
	const started: TriggerHarness[] = [];
	afterEach(async () => {
		await Promise.all(started.splice(0).map(async (harness) => await harness.close()));
	});
	return async (
		parameters: INodeParameters = { events: ['SESSION_NEW'] },
		options: Partial<Omit<TriggerOptions, 'parameters'>> = {},
	): Promise<TriggerHarness> => {
		const harness = new TriggerHarness({ credentials: helena.credentials, parameters, ...options });
		started.push(harness);
		return await harness.start();
	};
}
