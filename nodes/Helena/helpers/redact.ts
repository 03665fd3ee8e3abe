/*
 * The API key and the trigger's delivery tokens out of any text the node shows. What the server sends back may
 * echo what it received (the Authorization header, a subscription URL with its token), and what a user, an
 * expression or a model maps into a field may hold the key (`Bearer <key>` pasted into an ID). Nothing of either
 * reaches a message, description, cause, request line or output item unscrubbed.
 */

const HIDDEN = '[redacted]';

/** The part of base64 that only the key's bytes decide, for the key starting at each of the 3 offsets of a group. */
function base64Inside(key: string): string[] {
	const bytes = Buffer.from(key, 'utf8');
	if (bytes.length < 8) return [];
	return [0, 1, 2].flatMap((offset) => {
		const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
		const inner = encoded.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes.length)) / 6));
		return [inner, inner.replace(/\+/g, '-').replace(/\//g, '_')];
	});
}

/**
 * Every way the key can appear in an echo: as is (so also after `Bearer `), URL-encoded (either case of hex),
 * JSON-escaped (with `\/` too), HTML-escaped, and in base64 or base64url, alone or inside a longer encoded
 * text (`Basic …`, a base64 of `Bearer <key>`). Longest first, so a longer form is not cut by a shorter one.
 */
function forms(apiKey: string): string[] {
	const key = apiKey.replace(/^bearer\s+/i, '').trim();
	if (key.length < 4) return [];
	const urlEncoded = encodeURIComponent(key);
	const json = JSON.stringify(key).slice(1, -1);
	const html = key.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
	const base64 = Buffer.from(key, 'utf8').toString('base64');
	const all = [
		key,
		urlEncoded,
		urlEncoded.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
		json,
		json.replace(/\//g, '\\/'),
		html,
		base64,
		base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''),
		...base64Inside(key),
	];
	return [...new Set(all.filter((form) => form.length >= 4))].sort((a, b) => b.length - a.length);
}

/** A `token=` query parameter (the trigger's delivery secret) keeps its name and loses its value. */
export function hideDeliveryToken(text: string): string {
	return text.replace(/([?&](?:amp;)?token=)[^&#\s"'<>]+/gi, `$1${HIDDEN}`);
}

/**
 * The text without the API key (with or without `Bearer `) and without delivery tokens: every form of the key
 * in any case (a server that upper-cases what it echoes, a host name, mixed-case `%2f`/`%2F`), then every run of
 * key characters that holds a piece of it (a key the server cut short, or split by an escape such as `\u002B`,
 * a tag or a line break).
 */
export function redactText(text: string, apiKey: unknown): string {
	return hideDeliveryToken(typeof apiKey === 'string' ? withoutKeyPieces(redactKeyOnly(text, apiKey), apiKey) : text);
}

/** The answer without the API key anywhere in it; untouched (same object) when it holds none. */
export function withoutApiKey<T>(value: T, apiKey: unknown): T {
	if (typeof apiKey !== 'string') return value;
	const short = apiKey.replace(/^bearer\s+/i, '').trim();
	const hidden = short.length > 0 && short.length < 4 ? [short] : forms(apiKey);
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
		const lower = node.toLowerCase();
		for (const text of texts) if (lower.includes(text.toLowerCase())) return true;
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

const escapedForRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * A key too short to have forms of its own (the credential takes any length) is hidden where it stands alone:
 * as is or URL-encoded, with no letter or digit on either side (`Bearer q7Z`, `ref-q7Z`, not inside a word).
 */
function shortKeyPattern(apiKey: string): RegExp | undefined {
	const key = apiKey.replace(/^bearer\s+/i, '').trim();
	if (key.length === 0 || key.length >= 4) return undefined;
	const alone = [...new Set([key, encodeURIComponent(key)])].map(escapedForRegExp).join('|');
	return new RegExp(`(?<![A-Za-z0-9])(?:${alone})(?![A-Za-z0-9])`, 'g');
}

function redactKeyOnly(text: string, apiKey: string): string {
	let clean = text;
	for (const form of forms(apiKey)) clean = clean.replace(new RegExp(escapedForRegExp(form), 'gi'), HIDDEN);
	const short = shortKeyPattern(apiKey);
	return short ? clean.replace(short, HIDDEN) : clean;
}

/** The shortest piece of the key (or of one of its forms) that marks a run of key characters as holding it. */
const KEY_PIECE = 8;

/** Every run of key characters that holds KEY_PIECE characters in a row of the key or of a form of it, in any case, hidden whole. */
function withoutKeyPieces(text: string, apiKey: string): string {
	const pieces = new Set<string>();
	for (const form of forms(apiKey))
		for (let at = 0; at + KEY_PIECE <= form.length; at++) pieces.add(form.slice(at, at + KEY_PIECE).toLowerCase());
	if (pieces.size === 0) return text;
	return text.replace(KEY_RUN, (run) => {
		const lower = run.toLowerCase();
		for (let at = 0; at + KEY_PIECE <= lower.length; at++) if (pieces.has(lower.slice(at, at + KEY_PIECE))) return HIDDEN;
		return run;
	});
}

/** Characters a key, a token or its encodings are made of. */
const KEY_CHARACTER = /[A-Za-z0-9\-_.~+/=%]/;
const KEY_RUN = /[A-Za-z0-9\-_.~+/=%]+/g;
/** A run of key characters at least this long may be a secret the node does not know (another key, a session token). */
const KEY_SHAPED_RUN = 16;

/**
 * Server text (or a value) shortened to at most `max` characters for a message: first the API key in every form
 * and the delivery tokens are removed, then it is cut; a cut that would fall inside a run of key characters
 * long enough to be a key drops the whole run, so no prefix of a secret survives (`wholeRunsOnly`: any run, for text
 * shortened before the key is known, such as a refused value). The one place text is shortened for an error, a
 * table or a log.
 */
export function shortened(
	text: string,
	max: number,
	options: { apiKey?: unknown; ellipsis?: string; wholeRunsOnly?: boolean } = {},
): string {
	const clean = options.apiKey === undefined ? hideDeliveryToken(text) : redactText(text, options.apiKey);
	if (clean.length <= max) return clean;
	const ellipsis = options.ellipsis ?? '…';
	let end = Math.max(0, max - ellipsis.length);
	let start = end;
	while (start > 0 && KEY_CHARACTER.test(clean[start - 1])) start--;
	let stop = end;
	while (stop < clean.length && KEY_CHARACTER.test(clean[stop])) stop++;
	if (start < end && stop > end && (options.wholeRunsOnly || stop - start >= KEY_SHAPED_RUN)) end = start;
	// never half of a surrogate pair
	if (end > 0 && /[\uD800-\uDBFF]/.test(clean[end - 1])) end--;
	return `${clean.slice(0, end)}${ellipsis}`;
}

/** A short rendering of a refused value for an error message. */
export function shown(value: unknown): string {
	let text: string;
	try {
		text = typeof value === 'string' ? `"${value}"` : (JSON.stringify(value) ?? String(value));
	} catch {
		text = String(value);
	}
	// the key is not known here: no run of key characters is cut, and the node's last step removes the key itself
	const cut = shortened(text, 80, { ellipsis: '...', wholeRunsOnly: true });
	// one long run (20,000 digits) leaves nothing to quote: say how long it is
	if (cut.length <= 4 && text.length > 80)
		return typeof value === 'string' ? `a text of ${value.length} characters` : `a value of ${text.length} characters`;
	return cut;
}

/** Whether the text holds the API key in any form. */
export function holdsApiKey(text: string, apiKey: unknown): boolean {
	if (typeof apiKey !== 'string') return false;
	const short = shortKeyPattern(apiKey);
	if (short) return short.test(text);
	return forms(apiKey).some((form) => text.toLowerCase().includes(form.toLowerCase()));
}

/** The texts of an error n8n shows or keeps in the execution's data. */
const ERROR_TEXTS = ['message', 'description', 'stack'] as const;

/**
 * The error without the API key in any text it carries (message, description, stack, n8n's `messages`, its context
 * and error response, and its causes): the last step before an error leaves the node, whatever raised it. A refused
 * value a user mapped is quoted by a reader that cannot know the key; here it loses it. The same error, changed.
 */
export function withoutApiKeyInError<T>(error: T, apiKey: unknown, depth = 0): T {
	if (typeof apiKey !== 'string' || !error || typeof error !== 'object' || depth > 4) return error;
	const record = error as Record<string, unknown>;
	for (const name of ERROR_TEXTS) if (typeof record[name] === 'string') record[name] = redactText(record[name] as string, apiKey);
	if (Array.isArray(record.messages))
		record.messages = record.messages.map((text) => (typeof text === 'string' ? redactText(text, apiKey) : text));
	for (const name of ['context', 'errorResponse', 'extra'])
		if (record[name] && typeof record[name] === 'object') record[name] = withoutApiKey(record[name], apiKey);
	if (record.cause && record.cause !== error) withoutApiKeyInError(record.cause, apiKey, depth + 1);
	return error;
}

/** A subscription as output to users: its URL without the trigger's delivery token (the trigger alone needs it). */
export function withoutDeliveryToken<T extends { url?: unknown }>(subscription: T): T {
	return typeof subscription.url === 'string' ? { ...subscription, url: hideDeliveryToken(subscription.url) } : subscription;
}
