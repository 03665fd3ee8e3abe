import type {
	IDataObject,
	IHookFunctions,
	INodeProperties,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { optionsCollection, readBoolean, readList } from '../Helena/helpers';
import { normalizeEventNames } from '../Helena/actions/webhook/events';
import { getWebhookEvents } from '../Helena/methods/loadOptions';
import { createSubscription, deleteSubscription, isNotFoundError, listSubscriptions, updateSubscription } from '../Helena/transport';
import { isAllowed, parseAllowedAddresses } from './addresses';
import { eventWithMedia, mediaOptions, messageWithMedia, readMediaSettings } from './media';
import type { AddressRange } from './addresses';
import type { Subscription, TriggerStaticData } from './subscription';
import {
	eventNamesOf,
	MAX_URL_LENGTH,
	newToken,
	pickOwn,
	pointsTo,
	sameEvents,
	subscriptionName,
	subscriptionUrl,
	subscriptionUrlLength,
	tokenOf,
} from './subscription';
import { isDeliveryToken } from './deliveryToken';

/** The Options collection with its entries in alphabetical order, as n8n lists them. */
function sortedOptions(options: INodeProperties[]): INodeProperties {
	return optionsCollection([...options].sort((a, b) => a.displayName.localeCompare(b.displayName)));
}

/** Helena's sender address, from its firewall guide (https://flwchat.readme.io/reference/informações-para-firewall). */
const HELENA_SENDER_IP = '18.215.79.89';

interface TriggerOptions {
	ignoreUnselectedEvents?: unknown;
	allowedIps?: unknown;
}

function staticDataOf(context: IHookFunctions | IWebhookFunctions): TriggerStaticData {
	return context.getWorkflowStaticData('node') as TriggerStaticData;
}

/** Writes only what changed, so an unchanged activation does not rewrite the workflow row. */
function remember(staticData: TriggerStaticData, subscriptionId: string, token: string): void {
	if (staticData.subscriptionId !== subscriptionId) staticData.subscriptionId = subscriptionId;
	if (staticData.token !== token) staticData.token = token;
}

function forget(staticData: TriggerStaticData): void {
	if ('subscriptionId' in staticData) delete staticData.subscriptionId;
	if ('token' in staticData) delete staticData.token;
}

/** This node's webhook URL (production or test), checked against Helena's URL limit before any request. */
function webhookUrlOf(context: IHookFunctions): string {
	const webhookUrl = context.getNodeWebhookUrl('default');
	if (!webhookUrl) {
		throw new NodeOperationError(context.getNode(), 'n8n did not provide a webhook URL for this trigger');
	}
	const length = subscriptionUrlLength(webhookUrl);
	if (length > MAX_URL_LENGTH) {
		throw new NodeOperationError(
			context.getNode(),
			`The subscription URL would be ${length} characters long; Helena accepts at most ${MAX_URL_LENGTH}`,
			{
				description: `The webhook URL of this trigger is ${webhookUrl}. Use a shorter public URL for n8n (the WEBHOOK_URL environment variable).`,
			},
		);
	}
	return webhookUrl;
}

/** Helena writes event names in capitals with underscores; anything else could never match a delivery. */
const EVENT_NAME = /^[A-Z][A-Z0-9_]*$/;

/**
 * The selected events as Helena names them: `session_new` set by an expression is SESSION_NEW, each
 * name once. A name that cannot be an event is refused, so that no delivery is ignored as "not selected".
 */
function selectedEvents(context: IHookFunctions | IWebhookFunctions): string[] {
	const names = normalizeEventNames(readList(context, context.getNodeParameter('events', []), 'Event Names or IDs', 0));
	if (names.length === 0) {
		throw new NodeOperationError(context.getNode(), 'Choose at least one event in "Event Names or IDs"');
	}
	const wrong = names.filter((name) => !EVENT_NAME.test(name));
	if (wrong.length) {
		throw new NodeOperationError(
			context.getNode(),
			`"Event Names or IDs" contains ${wrong.map((name) => `"${name}"`).join(', ')}, which is not a Helena event name`,
			{ description: 'Event names are written like SESSION_NEW; choose them from the list to see the ones Helena offers.' },
		);
	}
	return names;
}

/** The Allowed IP Addresses as ranges; an entry that is neither an address nor a CIDR range stops the activation. */
function allowedRanges(context: IHookFunctions | IWebhookFunctions): AddressRange[] {
	const options = context.getNodeParameter('options', {}) as TriggerOptions;
	const { ranges, invalid } = parseAllowedAddresses(options.allowedIps);
	if (invalid.length) {
		throw new NodeOperationError(
			context.getNode(),
			`Allowed IP Addresses contains ${invalid.map((entry) => `"${entry}"`).join(', ')}, which is not an IP address or a CIDR range`,
			{
				description:
					'Use addresses such as 18.215.79.89 or 2001:db8::1 and ranges such as 10.0.0.0/8 or 2001:db8::/32, separated by commas.',
			},
		);
	}
	return ranges;
}

/** The trigger settings, checked when the workflow is activated, so that a setting never leaves the trigger deaf. */
function checkSettings(context: IHookFunctions): string[] {
	allowedRanges(context);
	const options = context.getNodeParameter('options', {}) as TriggerOptions;
	readBoolean(context, options.ignoreUnselectedEvents, 'Ignore Unselected Events', 0, true);
	readMediaSettings(context, options as IDataObject);
	return selectedEvents(context);
}

/** Every subscription of the account; an answer that is not a list fails (the transport checks it), never reads as "none". */
async function subscriptionsOf(context: IHookFunctions): Promise<Subscription[]> {
	return (await listSubscriptions.call(context)) as Subscription[];
}

function warnIfStoredForOtherUrl(
	context: IHookFunctions,
	stored: TriggerStaticData,
	all: Subscription[],
	webhookUrl: string,
	action: string,
): void {
	const previous = all.find((subscription) => subscription.id === stored.subscriptionId);
	if (previous && !pointsTo(previous, webhookUrl)) {
		// The URL without its query: the token stays out of the log.
		const url = String(previous.url).split('?')[0];
		context.logger.warn(
			`Helena subscription ${previous.id} was created by this trigger for another webhook URL (${url}); it is ${action}. Delete it in Helena if nothing uses it.`,
		);
	}
}

export class HelenaTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Helena Trigger',
		name: 'helenaTrigger',
		icon: { light: 'file:../Helena/helena.svg', dark: 'file:../Helena/helena.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{ [].concat($parameter["events"]).join(", ") }}',
		// n8n's node creator shows this for Helena as a whole, above the actions of both nodes
		description:
			'Start workflows on Helena (WTS Chat) events, such as a new conversation, and send messages, manage conversations, contacts, CRM cards, teams and webhooks',
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
			sortedOptions([
				{
					displayName: 'Allowed IP Addresses',
					name: 'allowedIps',
					type: 'string',
					default: '',
					placeholder: HELENA_SENDER_IP,
					description: `Comma-separated addresses or CIDR ranges (IPv4 or IPv6, such as 10.0.0.0/8) allowed to call this trigger; calls from others get 403 and start nothing. Leave empty to accept every address. Helena documents ${HELENA_SENDER_IP} as its sender. Behind a reverse proxy, set N8N_PROXY_HOPS so that n8n sees the caller's address.`,
				},
				{
					displayName: 'Ignore Unselected Events',
					name: 'ignoreUnselectedEvents',
					type: 'boolean',
					default: true,
					description:
						'Whether to skip deliveries whose eventType is not one of the selected events (for example after the subscription was edited in Helena)',
				},
				...mediaOptions,
			]),
		],
	};

	methods = { loadOptions: { getWebhookEvents } };

	webhookMethods = {
		default: {
			/** Adopts a subscription that already delivers to this URL; never deletes anything. */
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const webhookUrl = webhookUrlOf(this);
				const events = checkSettings(this);
				const staticData = staticDataOf(this);
				const all = await subscriptionsOf(this);
				const candidates = all.filter((subscription) => pointsTo(subscription, webhookUrl));
				warnIfStoredForOtherUrl(this, staticData, all, webhookUrl, 'left in place and a subscription for the current URL is used');

				const own = pickOwn(candidates, staticData);
				if (!own) return false;
				if (candidates.length > 1) {
					this.logger.warn(
						`${candidates.length} Helena subscriptions deliver to ${webhookUrl}; the trigger uses ${own.id}, the others are rejected (wrong token) and are deleted on deactivation.`,
					);
				}

				let token = tokenOf(own);
				const fields: string[] = [];
				const body: IDataObject = {};
				if (!token) {
					// Created by hand without a token: give it one instead of creating a second subscription.
					token = newToken();
					fields.push('Url');
					body.url = subscriptionUrl(webhookUrl, token);
				}
				if (!sameEvents(eventNamesOf(own), events) || own.enabled === false) {
					fields.push('Events', 'Enabled');
					body.events = events;
					body.enabled = true;
				}
				if (fields.length > 0) {
					await updateSubscription.call(this, own.id, { fields, ...body });
				}
				remember(staticData, own.id, token);
				return true;
			},

			async create(this: IHookFunctions): Promise<boolean> {
				const webhookUrl = webhookUrlOf(this);
				const events = checkSettings(this);
				const token = newToken();
				const subscription = (await createSubscription.call(this, {
					name: subscriptionName(this.getWorkflow(), this.getActivationMode() === 'manual'),
					url: subscriptionUrl(webhookUrl, token),
					enabled: true,
					events,
				})) as Subscription | undefined;
				if (typeof subscription?.id !== 'string' || !subscription.id) {
					throw new NodeOperationError(this.getNode(), 'Helena created the subscription but did not return its ID', {
						description: 'Deactivate the workflow (it removes subscriptions to this URL) and activate it again.',
					});
				}
				remember(staticDataOf(this), subscription.id, token);
				return true;
			},

			/** Removes every subscription delivering to this URL; one already gone counts as removed. */
			async delete(this: IHookFunctions): Promise<boolean> {
				const webhookUrl = this.getNodeWebhookUrl('default') ?? '';
				const staticData = staticDataOf(this);
				const all = await subscriptionsOf(this);
				warnIfStoredForOtherUrl(this, staticData, all, webhookUrl, 'left in place');

				for (const subscription of all.filter((candidate) => pointsTo(candidate, webhookUrl))) {
					try {
						await deleteSubscription.call(this, subscription.id);
					} catch (error) {
						// Deleted meanwhile (in Helena or by another n8n process): that is the wanted outcome.
						if (!isNotFoundError(error)) throw new NodeApiError(this.getNode(), error as JsonObject);
						this.logger.debug(`Helena subscription ${subscription.id} was already deleted`);
					}
				}
				forget(staticData);
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const response = this.getResponseObject();
		const options = this.getNodeParameter('options', {}) as TriggerOptions;

		if (!isAllowed(allowedRanges(this), this.getRequestObject().ip)) {
			response.status(403).json({ message: 'Address not allowed' });
			return { noWebhookResponse: true };
		}

		const { token } = this.getQueryData() as IDataObject;
		if (!(await isDeliveryToken(this, token, staticDataOf(this)))) {
			response.status(401).json({ message: 'Missing or wrong token' });
			return { noWebhookResponse: true };
		}

		const body = this.getBodyData();
		const delivery: IDataObject = body && typeof body === 'object' && !Array.isArray(body) ? body : { body };
		const ignoreUnselected = readBoolean(this, options.ignoreUnselectedEvents, 'Ignore Unselected Events', 0, true);
		if (ignoreUnselected && !selectedEvents(this).includes(String(delivery.eventType).toUpperCase())) {
			return { webhookResponse: { message: `Event ${String(delivery.eventType)} is not selected; ignored` } };
		}
		const media = readMediaSettings(this, options as IDataObject);
		const message = media ? messageWithMedia(delivery) : undefined;
		if (media && message) {
			// Helena gets its answer before the download, so a large file cannot make it time out and deliver again
			response.status(200).json({ message: 'Workflow was started' });
			return { noWebhookResponse: true, workflowData: [[await eventWithMedia(this, delivery, message, media)]] };
		}
		return { workflowData: [[{ json: delivery }]] };
	}
}
