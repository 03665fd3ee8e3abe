import type { IWebhookFunctions } from 'n8n-workflow';

import { singleFlight } from '../Helena/helpers';
import { listSubscriptions } from '../Helena/transport';
import type { Subscription, TriggerStaticData } from './subscription';
import { pickOwn, pointsTo, tokenOf, tokensMatch } from './subscription';

/** How often one process may ask Helena for the subscription's token, per webhook URL. */
export const TOKEN_READ_INTERVAL_MS = 10_000;
const MAX_TOKEN_LENGTH = 500;
const MAX_URLS_REMEMBERED = 1_000;

/** One read of Helena's subscriptions per webhook URL in flight or in its interval, counted from its start. */
const tokenReads = singleFlight<string>({ reuseForMs: TOKEN_READ_INTERVAL_MS, reuseFailures: true, maxKeys: MAX_URLS_REMEMBERED });

/**
 * Whether a delivery carries the token of this trigger's subscription.
 *
 * The saved static data is not always current when Helena delivers: n8n 2.x activates workflows in
 * the background and saves static data after the subscription exists (the webhook route is already
 * live), and a late save of an earlier deactivation can leave it empty. So a token that does not match
 * the saved one is checked against the subscription Helena holds for this URL. Helena is asked at most
 * once per TOKEN_READ_INTERVAL_MS per URL and process, counted from the moment the read starts, and deliveries
 * that come while it runs wait for it: forged requests cannot use up the rate limit, however many arrive at once.
 * The token found is written back, so that the next deliveries match without asking.
 */
export async function isDeliveryToken(context: IWebhookFunctions, given: unknown, stored: TriggerStaticData): Promise<boolean> {
	if (tokensMatch(given, stored.token)) return true;
	if (typeof given !== 'string' || given === '' || given.length > MAX_TOKEN_LENGTH) return false;
	const webhookUrl = context.getNodeWebhookUrl('default');
	if (!webhookUrl) return false;

	// deliveries that arrive together, or while Helena answers slowly, share one read
	const read = await tokenReads(webhookUrl, async () => await subscriptionOf(context, webhookUrl, stored));
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
