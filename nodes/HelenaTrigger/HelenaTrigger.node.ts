import { randomBytes, timingSafeEqual } from 'node:crypto';

import type {
	IDataObject,
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { getWebhookEvents } from '../Helena/methods/loadOptions';
import { apiPath, helenaRequest } from '../Helena/transport';
import { isNotFoundError } from '../Helena/transport/errors';

interface TriggerStaticData extends IDataObject {
	subscriptionId?: string;
	token?: string;
}

interface Subscription extends IDataObject {
	id: string;
	url?: string | null;
	enabled?: boolean;
	events?: Array<{ event?: string } | string> | null;
}

/** Helena's documented sender address (firewall guide). */
const HELENA_SENDER_IP = '18.215.79.89';

function subscriptionUrl(webhookUrl: string, token: string): string {
	return `${webhookUrl}${webhookUrl.includes('?') ? '&' : '?'}token=${token}`;
}

function withoutQuery(url: string): string {
	return url.split('?')[0];
}

function tokenOf(url: string): string | undefined {
	const query = url.split('?')[1] ?? '';
	return new URLSearchParams(query).get('token') ?? undefined;
}

function eventNames(subscription: Subscription): string[] {
	return (subscription.events ?? []).map((event) => (typeof event === 'string' ? event : String(event.event)));
}

function sameSet(a: string[], b: string[]): boolean {
	return a.length === b.length && a.every((name) => b.includes(name));
}

function tokensMatch(given: unknown, expected: string): boolean {
	if (typeof given !== 'string' || given.length !== expected.length) return false;
	return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

async function subscriptionsOf(context: IHookFunctions, webhookUrl: string): Promise<Subscription[]> {
	const all = (await helenaRequest.call(context, {
		method: 'GET',
		path: '/v1/webhook/subscription',
	})) as Subscription[];
	return all.filter((subscription) => withoutQuery(subscription.url ?? '') === webhookUrl);
}

function selectedEvents(context: IHookFunctions): string[] {
	const events = context.getNodeParameter('events', []) as string[];
	if (events.length === 0) {
		throw new NodeOperationError(context.getNode(), 'Choose at least one event in "Events"');
	}
	return events;
}

export class HelenaTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Helena Trigger',
		name: 'helenaTrigger',
		icon: { light: 'file:../Helena/helena.svg', dark: 'file:../Helena/helena.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{ $parameter["events"].join(", ") }}',
		description: 'Starts the workflow when Helena sends an event, such as a new conversation',
		defaults: { name: 'Helena Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'helenaApi', required: true }],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				path: 'webhook',
			},
		],
		properties: [
			{
				displayName: 'Event Names or IDs',
				name: 'events',
				type: 'multiOptions',
				typeOptions: { loadOptionsMethod: 'getWebhookEvents' },
				required: true,
				default: ['SESSION_NEW'],
				description:
					'Events that start the workflow; SESSION_NEW fires when a conversation opens. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add option',
				default: {},
				options: [
					{
						displayName: 'Ignore Unselected Events',
						name: 'ignoreUnselectedEvents',
						type: 'boolean',
						default: true,
						description:
							'Whether to skip deliveries whose eventType is not one of the selected events (for example when the subscription is edited in Helena)',
					},
					{
						displayName: 'Allowed IP Addresses',
						name: 'allowedIps',
						type: 'string',
						default: HELENA_SENDER_IP,
						description:
							'Comma-separated addresses allowed to call this trigger; others get 403. Helena documents 18.215.79.89 as its sender. Only useful when n8n sees the real client address (set N8N_PROXY_HOPS behind a proxy).',
					},
				],
			},
		],
	};

	methods = { loadOptions: { getWebhookEvents } };

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const staticData = this.getWorkflowStaticData('node') as TriggerStaticData;
				const webhookUrl = this.getNodeWebhookUrl('default') as string;
				const events = selectedEvents(this);
				const existing = await subscriptionsOf(this, webhookUrl);
				const ours =
					existing.find((subscription) => subscription.id === staticData.subscriptionId) ??
					existing.find((subscription) => tokenOf(subscription.url ?? ''));
				if (!ours) return false;

				const token = tokenOf(ours.url ?? '');
				if (!token) return false;
				if (!sameSet(eventNames(ours), events) || ours.enabled === false) {
					await helenaRequest.call(this, {
						method: 'PUT',
						path: apiPath`/v1/webhook/subscription/${ours.id}`,
						body: { fields: ['Events', 'Enabled'], events, enabled: true },
					});
				}
				staticData.subscriptionId = ours.id;
				staticData.token = token;
				return true;
			},

			async create(this: IHookFunctions): Promise<boolean> {
				const staticData = this.getWorkflowStaticData('node') as TriggerStaticData;
				const webhookUrl = this.getNodeWebhookUrl('default') as string;
				const token = randomBytes(24).toString('hex');
				const url = subscriptionUrl(webhookUrl, token);
				if (url.length > 500) {
					throw new NodeOperationError(
						this.getNode(),
						`The webhook URL is ${url.length} characters long; Helena accepts at most 500`,
						{ description: 'Shorten WEBHOOK_URL of this n8n instance.' },
					);
				}
				const name = `n8n: ${this.getWorkflow().name ?? this.getWorkflow().id ?? 'workflow'}`.slice(0, 100);
				const subscription = (await helenaRequest.call(this, {
					method: 'POST',
					path: '/v1/webhook/subscription',
					body: { name, url, enabled: true, events: selectedEvents(this) },
				})) as Subscription;
				staticData.subscriptionId = subscription.id;
				staticData.token = token;
				return true;
			},

			async delete(this: IHookFunctions): Promise<boolean> {
				const staticData = this.getWorkflowStaticData('node') as TriggerStaticData;
				const webhookUrl = this.getNodeWebhookUrl('default') as string;
				const ids = staticData.subscriptionId
					? [staticData.subscriptionId]
					: (await subscriptionsOf(this, webhookUrl)).map((subscription) => subscription.id);
				for (const id of ids) {
					try {
						await helenaRequest.call(this, {
							method: 'DELETE',
							path: apiPath`/v1/webhook/subscription/${id}`,
						});
					} catch (error) {
						// Already gone on Helena's side is what deactivation wants.
						if (!isNotFoundError(error)) throw new NodeApiError(this.getNode(), error as JsonObject);
					}
				}
				delete staticData.subscriptionId;
				delete staticData.token;
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const staticData = this.getWorkflowStaticData('node') as TriggerStaticData;
		const response = this.getResponseObject();
		const options = this.getNodeParameter('options', {}) as {
			ignoreUnselectedEvents?: boolean;
			allowedIps?: string;
		};

		if (!staticData.token || !tokensMatch((this.getQueryData() as IDataObject).token, staticData.token)) {
			response.status(401).json({ message: 'Missing or wrong token' });
			return { noWebhookResponse: true };
		}
		if (options.allowedIps !== undefined) {
			const allowed = options.allowedIps.split(',').map((ip) => ip.trim()).filter(Boolean);
			const ip = this.getRequestObject().ip ?? '';
			if (allowed.length && !allowed.includes(ip.replace(/^::ffff:/, ''))) {
				response.status(403).json({ message: 'Address not allowed' });
				return { noWebhookResponse: true };
			}
		}

		const body = this.getBodyData();
		const events = this.getNodeParameter('events', []) as string[];
		if (options.ignoreUnselectedEvents !== false && !events.includes(String(body.eventType))) {
			return { webhookResponse: 'ignored' };
		}
		return { workflowData: [this.helpers.returnJsonArray(body)] };
	}
}
