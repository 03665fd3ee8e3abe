import type {
	IAuthenticate,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { baseUrlOf } from '../nodes/Helena/transport/baseUrl';

/** The Base URL as the node reads it: the transport's own reader, run from its source text (an expression cannot import). */
const TEST_BASE_URL = `((${baseUrlOf.toString()})($credentials.baseUrl) || "http://base-url-not-usable.invalid") + "/core"`;

/**
 * The Authorization header: `Bearer <key>`, as the vendor documents, or the key alone when the credential
 * says so. A key pasted with "Bearer " in front is sent unchanged, never as "Bearer Bearer …".
 */
function authorizationOf(credentials: ICredentialDataDecryptedObject): string {
	const key = String(credentials.apiKey ?? '').trim();
	return credentials.authorizationFormat === 'raw' || key.toLowerCase().startsWith('bearer ') ? key : `Bearer ${key}`;
}

export class HelenaApi implements ICredentialType {
	name = 'helenaApi';

	displayName = 'Helena API';

	icon = { light: 'file:../nodes/Helena/helena.svg', dark: 'file:../nodes/Helena/helena.dark.svg' } as const;

	documentationUrl = 'https://github.com/helena-n8n/n8n-nodes-helena#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'https://api.wts.chat',
			placeholder: 'https://api.wts.chat',
			required: true,
			description:
				'Address of the Helena API. Keep the default unless your account runs on a white-label host (for example https://api.helena.run). The /core prefix is added for you.',
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'Token created in Helena under Settings → Integrations → API integration (it starts with pn_)',
		},
		{
			displayName: 'Authorization Format',
			name: 'authorizationFormat',
			type: 'options',
			default: 'bearer',
			options: [
				{
					name: 'Bearer <Key> (Recommended)',
					value: 'bearer',
					description: 'Send "Authorization: Bearer <key>", as the vendor documents',
				},
				{
					name: 'Key as Is',
					value: 'raw',
					description: 'Send the key alone in the Authorization header',
				},
			],
			description: 'How the key is written into the Authorization header',
		},
		{
			displayName: 'Request Pacing',
			name: 'requestPacing',
			type: 'options',
			default: 'vendorLimits',
			options: [
				{
					name: "Stay Under Helena's Limits (Recommended)",
					value: 'vendorLimits',
					description:
						'At most 190 requests per 5 seconds and 1,000 per 5 minutes from this n8n process, fewer while Helena answers 429 (other processes share the account)',
				},
				{
					name: 'Off',
					value: 'off',
					description: 'Send as fast as n8n runs; only for accounts whose limits Helena has raised. A 429 answer is still retried.',
				},
			],
			description:
				'Helena allows 200 requests per 5 seconds and 1,000 per 5 minutes per account. Pacing waits before sending instead of provoking 429 answers.',
		},
		{
			displayName: 'Timeout (Seconds)',
			name: 'timeout',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 600 },
			default: 60,
			description:
				'How long one request waits for Helena to answer. A read that gets no answer is tried again (3 attempts at most); a plain create is not repeated, since Helena may have applied it.',
		},
	];

	// A function, not a generic expression: n8n would evaluate an expression for every request (about
	// 0.2 ms each, a fifth of a request's cost in n8n's HTTP helper for one-request-per-item operations).
	authenticate: IAuthenticate = async (credentials: ICredentialDataDecryptedObject, requestOptions: IHttpRequestOptions) => ({
		...requestOptions,
		headers: { ...requestOptions.headers, Authorization: authorizationOf(credentials) },
	});

	/*
	 * Test Connection reads Helena's webhook event list at the address the node's first request uses (the
	 * node's reader, `baseUrlOf`); a Base URL the node refuses is sent nowhere (a reserved .invalid host, so
	 * n8n reports an incorrect host and the key goes nowhere). The rule fails a 200 that is not the event
	 * list (a web page, {"status":"ok"}).
	 */
	test: ICredentialTestRequest = {
		request: {
			baseURL: `={{ ${TEST_BASE_URL} }}`,
			url: '/v1/webhook/event',
			method: 'GET',
			// as in the node's transport: a redirect elsewhere would carry the key with it
			disableFollowRedirect: true,
			sendCredentialsOnCrossOriginRedirect: false,
		},
		rules: [
			{
				type: 'responseSuccessBody',
				properties: {
					// the first entry of Helena's event list names an event; other hosts' answers do not
					key: 'event',
					value: undefined,
					message: "The Base URL answered, but not with Helena's webhook event list. Check the Base URL, for example https://api.wts.chat.",
				},
			},
		],
	};
}
