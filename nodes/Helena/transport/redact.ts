/*
 * What the server sends back may echo what it received: the Authorization header (an error page that
 * prints the request), or a subscription URL with the trigger's delivery token. Nothing of it reaches
 * a message, description, cause or output item unscrubbed.
 */

const HIDDEN = '[redacted]';

/** Every way the key can appear in an echo: as is, after `Bearer `, or URL-encoded. */
function forms(apiKey: string): string[] {
	const key = apiKey.replace(/^bearer\s+/i, '').trim();
	if (key.length < 4) return [];
	return [...new Set([key, encodeURIComponent(key)])].sort((a, b) => b.length - a.length);
}

/** A `token=` query parameter (the trigger's delivery secret) keeps its name and loses its value. */
export function hideDeliveryToken(text: string): string {
	return text.replace(/([?&](?:amp;)?token=)[^&#\s"'<>]+/gi, `$1${HIDDEN}`);
}

/** The text without the API key (with or without `Bearer `) and without delivery tokens. */
export function redactText(text: string, apiKey: unknown): string {
	return hideDeliveryToken(typeof apiKey === 'string' ? redactKeyOnly(text, apiKey) : text);
}

/** The answer without the API key anywhere in it; untouched (same object) when it holds none. */
export function withoutApiKey<T>(value: T, apiKey: unknown): T {
	if (typeof apiKey !== 'string') return value;
	const hidden = forms(apiKey);
	if (hidden.length === 0 || !holdsAny(value, hidden)) return value;
	const walk = (node: unknown): unknown => {
		if (typeof node === 'string') return redactKeyOnly(node, apiKey);
		if (Array.isArray(node)) return node.map(walk);
		if (node && typeof node === 'object') {
			return Object.fromEntries(Object.entries(node).map(([name, child]) => [redactKeyOnly(name, apiKey), walk(child)]));
		}
		return node;
	};
	return walk(value) as T;
}

/** Whether any string in the answer (a value or a property name) contains one of `texts`; reads it without copying it. */
function holdsAny(node: unknown, texts: string[]): boolean {
	if (typeof node === 'string') {
		for (const text of texts) if (node.includes(text)) return true;
		return false;
	}
	if (Array.isArray(node)) {
		for (const child of node) if (holdsAny(child, texts)) return true;
		return false;
	}
	if (node && typeof node === 'object') {
		for (const name of Object.keys(node))
			if (holdsAny(name, texts) || holdsAny((node as Record<string, unknown>)[name], texts)) return true;
	}
	return false;
}

function redactKeyOnly(text: string, apiKey: string): string {
	let clean = text;
	for (const form of forms(apiKey)) clean = clean.split(form).join(HIDDEN);
	return clean;
}

/** A subscription as output to users: its URL without the trigger's delivery token (the trigger alone needs it). */
export function withoutDeliveryToken<T extends { url?: unknown }>(subscription: T): T {
	return typeof subscription.url === 'string' ? { ...subscription, url: hideDeliveryToken(subscription.url) } : subscription;
}
