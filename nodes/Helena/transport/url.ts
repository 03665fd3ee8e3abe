import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { holdsApiKey } from '../helpers/redact';
import { baseUrlOf } from './baseUrl';

/** Helena's services: contacts, teams, users, files and webhooks live in core; messaging in chat; panels and cards in crm. */
export type HelenaService = 'core' | 'chat' | 'crm';

/** The Base URL as typed, safe to show: no user-info, query or fragment (they may hold secrets), never the key. */
function shown(text: string, apiKey: unknown): string {
	if (holdsApiKey(text, apiKey)) return 'the API key';
	return `"${text.replace(/\/\/[^/?#]*@/, '//…@').replace(/[?#].*$/s, '')}"`;
}

/**
 * `{origin}{path}` from the credential's Base URL (the services are added to it), read by `baseUrlOf` as Test
 * Connection reads it, or why it is not usable: a query, fragment or user-info would move the path or the
 * credentials elsewhere, so they are refused.
 */
export function parseBaseUrl(baseUrl: unknown, apiKey?: unknown): { url: string } | { problem: string } {
	const url = baseUrlOf(baseUrl);
	if (url !== undefined) return { url };
	const text = typeof baseUrl === 'string' ? baseUrl.trim() : '';
	if (!/^https?:\/\/[^/\s]/i.test(text)) return { problem: `must start with http:// or https://, not ${shown(text, apiKey)}` };
	if (/^https?:\/\/[^/?#]*@/i.test(text)) {
		return { problem: 'must not contain a user name or password (the API key goes in the API Key field)' };
	}
	if (text.includes('?')) return { problem: `must not contain a query ("?…"): ${shown(text, apiKey)}` };
	if (text.includes('#')) return { problem: `must not contain a fragment ("#…"): ${shown(text, apiKey)}` };
	return { problem: `is not a valid address: ${shown(text, apiKey)} (check the host name and the port)` };
}

/** `{baseUrl}/{service}`, or a credential error before any request. */
export function serviceUrl(node: INode, baseUrl: unknown, service: HelenaService, itemIndex?: number, apiKey?: unknown): string {
	const parsed = parseBaseUrl(baseUrl, apiKey);
	if ('url' in parsed) return `${parsed.url}/${service}`;
	const item = itemIndex === undefined ? '' : ` (item ${itemIndex})`;
	throw new NodeOperationError(node, `Base URL in the Helena API credential ${parsed.problem}${item}`, {
		description: 'Open the credential and enter an address such as https://api.wts.chat',
		itemIndex,
	});
}

/** Builds an API path whose interpolated values are URL-encoded (phones carry `+` and `|`). */
export function apiPath(strings: TemplateStringsArray, ...values: Array<string | number>): string {
	return strings.reduce((path, part, index) => path + part + (index < values.length ? encodeURIComponent(String(values[index])) : ''), '');
}
