import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { listSubscriptions } from '../transport';

/** Query strings may carry secrets (tokens), so the list shows a subscription's URL without it. */
function withoutQuery(url: unknown): string {
	return typeof url === 'string' ? url.split(/[?#]/)[0] : '';
}

/** Subscriptions for the `list` mode, shown as "name (url)"; the typed text matches the name. */
export async function searchSubscriptions(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const subscriptions = await listSubscriptions.call(this);
	const wanted = (filter ?? '').trim().toLowerCase();
	const results = (subscriptions ?? [])
		.map((subscription) => ({ subscription, name: typeof subscription.name === 'string' ? subscription.name : '' }))
		.filter(({ name }) => name.toLowerCase().includes(wanted))
		.sort((a, b) => a.name.localeCompare(b.name))
		.map(({ subscription, name }) => {
			const url = withoutQuery(subscription.url);
			return {
				name: `${name || String(subscription.id)}${url ? ` (${url})` : ''}`,
				value: String(subscription.id),
			};
		});
	return { results };
}
