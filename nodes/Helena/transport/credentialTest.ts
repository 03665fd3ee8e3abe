import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	INodeCredentialTestResult,
} from 'n8n-workflow';

import { excerptOf, shapeProblem } from './answers';
import { redactText } from './redact';
import { DEFAULT_TIMEOUT_SECONDS } from './request';
import { parseBaseUrl } from './url';

/** n8n's own words for these failures, which users know from every other credential. */
const CONNECTION_MESSAGES: Record<string, string> = {
	ENOTFOUND: 'The connection cannot be established, this usually occurs due to an incorrect host (domain) value',
	EAI_AGAIN: 'The connection cannot be established, this usually occurs due to an incorrect host (domain) value',
	ECONNREFUSED: 'The service refused the connection - perhaps it is offline',
};
const WRONG_KEY = 'Authorization failed - please check your credentials';

/** The Authorization header the credential's `authenticate` sends (a key pasted with "Bearer " is not doubled). */
function authorizationOf(data: ICredentialDataDecryptedObject): string {
	const key = String(data.apiKey ?? '').trim();
	return data.authorizationFormat === 'raw' || key.toLowerCase().startsWith('bearer ') ? key : `Bearer ${key}`;
}

interface FullResponse {
	statusCode: number;
	body: unknown;
}

function failed(message: string): INodeCredentialTestResult {
	return { status: 'Error', message };
}

/** Whether the answer is Helena's event list: records that each name an event. */
function helenaEventListProblem(body: unknown): string | undefined {
	const problem = shapeProblem(body, 'list');
	if (problem) return problem;
	const events = body as Array<Record<string, unknown>>;
	if (events.length === 0 || !events.every((entry) => typeof entry.event === 'string' && entry.event !== '')) {
		return 'it is not a list of webhook events';
	}
	return undefined;
}

/**
 * Test Connection: reads Helena's webhook event list with the key, the way the node does (same Base
 * URL rules, no redirects followed, a timeout), and passes only when the answer is that list, so a
 * host that answers 200 with a web page or `{"status":"ok"}` is not mistaken for Helena.
 */
export async function testHelenaCredential(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const data = credential.data ?? {};
	const base = parseBaseUrl(data.baseUrl, data.apiKey);
	if ('problem' in base) return failed(`Base URL ${base.problem}`);
	const seconds = Number(data.timeout) > 0 ? Number(data.timeout) : DEFAULT_TIMEOUT_SECONDS;

	let response: FullResponse;
	try {
		response = (await this.helpers.request({
			method: 'GET',
			uri: `${base.url}/v1/webhook/event`,
			headers: { Authorization: authorizationOf(data), Accept: 'application/json' },
			json: true,
			resolveWithFullResponse: true,
			simple: false,
			// as in the node's transport: a redirect elsewhere would carry the key with it
			followRedirect: false,
			followAllRedirects: false,
			timeout: seconds * 1000,
		})) as FullResponse;
	} catch (error) {
		const { code, message } = error as { code?: string; message?: string };
		if (code && CONNECTION_MESSAGES[code]) return failed(CONNECTION_MESSAGES[code]);
		if (/timeout|timed out/i.test(String(message))) return failed(`Helena did not answer within ${seconds} s`);
		return failed(`Could not reach Helena at ${new URL(base.url).origin}${code ? ` (${code})` : ''}`);
	}

	const { statusCode: status, body } = response;
	if (status === 401) return failed(WRONG_KEY);
	if (status === 403) return failed('The API key is not allowed to read the webhook event list (403 Forbidden)');
	if (status >= 300 && status < 400)
		return failed(`The Base URL answered ${status}, a redirect, which is not followed (the key goes only to the Base URL's host)`);
	if (status < 200 || status >= 300) return failed(`The Base URL answered ${status} instead of Helena's webhook event list`);
	const problem = helenaEventListProblem(body);
	if (problem) {
		const excerpt = body === undefined || body === '' ? '' : ` It began: ${redactText(excerptOf(body), data.apiKey)}`;
		return failed(
			`The Base URL answered, but not as Helena does (${problem}).${excerpt} Check the Base URL, for example https://api.wts.chat.`,
		);
	}
	return { status: 'OK', message: 'Connection successful!' };
}
