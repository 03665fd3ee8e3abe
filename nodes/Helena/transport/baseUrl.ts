/**
 * The one reading of the credential's Base URL: `{scheme}://{host}{:port}{path}` with a pasted service and version
 * (`/core`, `/chat/v1`, `/CRM/V2/`, `/v1`) and trailing slashes dropped, the scheme and host in lower case and a
 * default port left out; undefined when the text is not such an address (a query, a fragment, a user name, a space,
 * a port past 65535). The node's transport and the credential's Test Connection both use it: the credential runs it
 * inside an n8n expression (from its source text), where there are no imports, no `URL` class and no `}}` may appear.
 * A host is what a URL's host may be: a name (letters of any script, digits, `-`, `_`, `.`), an IPv4 address or an
 * IPv6 address in brackets; a name in another script is sent as written (n8n's HTTP client encodes it on the wire).
 */
export function baseUrlOf(baseUrl: unknown): string | undefined {
	const text = typeof baseUrl === 'string' ? baseUrl.trim() : '';
	for (const character of text) if (character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f) return undefined;
	const parts = /^(https?):\/\/([^\s/?#@:[\]\\<>^|%]+|\[[0-9a-f:.]+\])(?::(\d{1,5}))?(\/[^\s?#\\]*)?$/i.exec(text);
	if (!parts || /(^|\/)\.\.?(\/|$)/.test(parts[4] || '')) return undefined;
	const scheme = parts[1].toLowerCase();
	const port = parts[3] === undefined ? undefined : Number(parts[3]);
	if (port !== undefined && port > 65535) return undefined;
	const shownPort = port === undefined || port === (scheme === 'https' ? 443 : 80) ? '' : ':' + port;
	const path = (parts[4] || '').replace(/\/+$/, '').replace(/(?:\/(?:core|chat|crm))?(?:\/v\d+)?\/*$/i, '');
	return scheme + '://' + parts[2].toLowerCase() + shownPort + path;
}
