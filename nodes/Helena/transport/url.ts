import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * `{baseUrl}/core`, tolerating what users paste: trailing slashes and a trailing `/core`, so the
 * result can never be `/core/core`.
 */
export function coreUrl(node: INode, baseUrl: unknown): string {
	const trimmed = typeof baseUrl === 'string' ? baseUrl.trim() : '';
	if (!/^https?:\/\/[^/\s]+/i.test(trimmed)) {
		throw new NodeOperationError(
			node,
			`The Base URL in the Helena API credential must start with http:// or https:// (it is "${trimmed}")`,
			{ description: 'Open the credential and enter an address such as https://api.wts.chat' },
		);
	}
	const withoutCore = trimmed.replace(/\/+$/, '').replace(/\/core$/i, '').replace(/\/+$/, '');
	return `${withoutCore}/core`;
}

/** Builds an API path whose interpolated values are URL-encoded (phones carry `+` and `|`). */
export function apiPath(strings: TemplateStringsArray, ...values: Array<string | number>): string {
	return strings.reduce(
		(path, part, index) =>
			path + part + (index < values.length ? encodeURIComponent(String(values[index])) : ''),
		'',
	);
}
