import type { IWebhookFunctions } from 'n8n-workflow';

import { listSubscriptions } from '../Helena/transport';
import type { Subscription, TriggerStaticData } from './subscription';
import { pickOwn, pointsTo, tokenOf, tokensMatch } from './subscription';

/** How often one process may ask Helena for the subscription's token, per webhook URL. */
export const TOKEN_READ_INTERVAL_MS = 10_000;
const MAX_TOKEN_LENGTH = 500;
const MAX_URLS_REMEMBERED = 1_000;

interface TokenRead {
	id?: string;
	token?: string;
	readAt: number;
}

const lastRead = new Map<string, TokenRead>();

/**
 * Whether a delivery carries the token of this trigger's subscription.
 *
 * The saved static data is not always current when Helena delivers: n8n 2.x activates workflows in
 * the background and saves static data after the subscription exists (the webhook route is already
 * live), and a late save of an earlier deactivation can leave it empty. So a token that does not match
 * the saved one is checked against the subscription Helena holds for this URL. Helena is asked at most
 * once per TOKEN_READ_INTERVAL_MS per URL and process, so forged requests cannot use up the rate limit.
 * The token found is written back, so that the next deliveries match without asking.
 */
export async function isDeliveryToken(context: IWebhookFunctions, given: unknown, stored: TriggerStaticData): Promise<boolean> {
	if (tokensMatch(given, stored.token)) return true;
	if (typeof given !== 'string' || given === '' || given.length > MAX_TOKEN_LENGTH) return false;
	const webhookUrl = context.getNodeWebhookUrl('default');
	if (!webhookUrl) return false;

	let read = lastRead.get(webhookUrl);
	if (!read || Date.now() - read.readAt >= TOKEN_READ_INTERVAL_MS) {
		read = { ...(await subscriptionOf(context, webhookUrl, stored)), readAt: Date.now() };
		remember(webhookUrl, read);
	}
	if (!tokensMatch(given, read.token)) return false;
	context.logger.info(`Helena Trigger: the saved token was not current; the one of Helena's subscription ${read.id ?? ''} is used`);
	if (read.id && stored.subscriptionId !== read.id) stored.subscriptionId = read.id;
	if (stored.token !== read.token) stored.token = read.token;
	return true;
}

async function subscriptionOf(
	context: IWebhookFunctions,
	webhookUrl: string,
	stored: TriggerStaticData,
): Promise<{ id?: string; token?: string }> {
	try {
		const all = (await listSubscriptions.call(context)) as Subscription[];
		const own = pickOwn(
			all.filter((subscription) => pointsTo(subscription, webhookUrl)),
			stored,
		);
		return own ? { id: own.id, token: tokenOf(own) } : {};
	} catch (error) {
		context.logger.warn(`Helena Trigger: could not read Helena's subscriptions to check a delivery's token: ${(error as Error).message}`);
		return {};
	}
}

function remember(webhookUrl: string, read: TokenRead): void {
	if (lastRead.size >= MAX_URLS_REMEMBERED) {
		const stale = [...lastRead].filter(([, entry]) => Date.now() - entry.readAt >= TOKEN_READ_INTERVAL_MS);
		for (const [url] of stale) lastRead.delete(url);
		if (lastRead.size >= MAX_URLS_REMEMBERED) lastRead.clear();
	}
	lastRead.set(webhookUrl, read);
}
