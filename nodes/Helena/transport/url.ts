import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** Helena's services: contacts, teams, users, files and webhooks live in core; messaging in chat. */
export type HelenaService = 'core' | 'chat';

/**
 * `{baseUrl}/{service}`, tolerating what users paste: trailing slashes and a trailing `/core` (or
 * `/chat`), so the result can never be `/core/core`.
 */
export function serviceUrl(node: INode, baseUrl: unknown, service: HelenaService, itemIndex?: number, apiKey?: unknown): string {
	const trimmed = typeof baseUrl === 'string' ? baseUrl.trim() : '';
	if (!/^https?:\/\/[^/\s]+/i.test(trimmed)) {
		const item = itemIndex === undefined ? '' : ` (item ${itemIndex})`;
		// the two fields swapped must not print the key
		const key = typeof apiKey === 'string' ? apiKey.trim() : '';
		const shown = key && trimmed.includes(key) ? 'the API key' : `"${trimmed}"`;
		throw new NodeOperationError(node, `Base URL in the Helena API credential must start with http:// or https://, not ${shown}${item}`, {
			description: 'Open the credential and enter an address such as https://api.wts.chat',
			itemIndex,
		});
	}
	const host = trimmed
		.replace(/\/+$/, '')
		.replace(/\/(core|chat)$/i, '')
		.replace(/\/+$/, '');
	return `${host}/${service}`;
}

/** Builds an API path whose interpolated values are URL-encoded (phones carry `+` and `|`). */
export function apiPath(strings: TemplateStringsArray, ...values: Array<string | number>): string {
	return strings.reduce((path, part, index) => path + part + (index < values.length ? encodeURIComponent(String(values[index])) : ''), '');
}
