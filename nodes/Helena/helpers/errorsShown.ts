import type { INode } from 'n8n-workflow';

import { withoutApiKeyInError } from './redact';

/*
 * The last step of every error before it leaves the node, whatever raised it (a reader, the transport, an
 * operation): the API key goes out of it, and where a model reads it, so do item numbers.
 */

/**
 * Whether the node runs as a tool: n8n's AI Agent or an MCP client calls it through the tool n8n makes of it
 * (`<node>Tool`, or `<node>HitlTool` for the approval gate), or the Agent runs it on its behalf (`rewireOutputLogTo`).
 */
export function runsAsTool(context: { getNode(): INode }): boolean {
	const node = context.getNode() as { type: string; rewireOutputLogTo?: string };
	return /Tool$/.test(node.type) || Boolean(node.rewireOutputLogTo);
}

/** A text a model reads without " (item 0)": to a model, which sent one call and no items, it means nothing. */
export function withoutItemNumbers(text: string): string {
	return text.replace(/ \(item \d+\)/g, '');
}

/** How errors leave the node in this run: without the key in any text, and without item numbers in a tool run. */
export function errorsAsShown(context: { getNode(): INode }, apiKey: unknown): <T>(error: T) => T {
	const tool = runsAsTool(context);
	return (error) => {
		withoutApiKeyInError(error, apiKey);
		if (tool && error && typeof error === 'object') {
			const record = error as { message?: unknown; description?: unknown };
			if (typeof record.message === 'string') record.message = withoutItemNumbers(record.message);
			if (typeof record.description === 'string') record.description = withoutItemNumbers(record.description);
		}
		return error;
	};
}
