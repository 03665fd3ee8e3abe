// Workflows and the sandbox credential as the editor saves them: used by `npm start`, the e2e, queue and editor suites.
export const CREDENTIAL_ID = 'helenaSandbox001';
const credentials = { helenaApi: { id: CREDENTIAL_ID, name: 'Helena sandbox' } };

/** The OpenAI credential of the sandbox's stand-in chat model (test/sandbox/model/): the AI examples' model in `npm start`. */
export const MODEL_CREDENTIAL = { id: 'sandboxModel0001', name: 'Sandbox model' };

export function modelCredentialFor(sandbox) {
	// any key does: the stand-in checks none, and this one is no secret
	return { ...MODEL_CREDENTIAL, type: 'openAiApi', data: { apiKey: 'sandbox-model', url: `${sandbox.url}/v1` } };
}

export function credentialFor(sandbox, overrides = {}) {
	return {
		id: CREDENTIAL_ID,
		name: 'Helena sandbox',
		type: 'helenaApi',
		data: { baseUrl: sandbox.url, apiKey: sandbox.apiKey, authorizationFormat: 'bearer', ...overrides },
	};
}

/**
 * The bearer token of the MCP Server Trigger example (examples/mcp-server-helena-tools.json) in `npm start` and the
 * e2e suite: a local demo token, like the sandbox key, for an n8n that listens on 127.0.0.1 only.
 */
export const MCP_TOKEN_CREDENTIAL = {
	id: 'mcpClientToken01',
	name: 'MCP client token',
	type: 'httpBearerAuth',
	data: { token: 'helena-sandbox-mcp-token' },
};

const manualTrigger = {
	id: 'manual-trigger',
	name: 'Start',
	type: 'n8n-nodes-base.manualTrigger',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/** Manual trigger → one Helena node with `parameters`. */
export function helenaWorkflow(id, parameters, { nodeName = 'Helena', extraNodes = [], connections = {} } = {}) {
	return {
		id,
		name: `e2e ${id}`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			manualTrigger,
			{
				id: `${id}-helena`,
				name: nodeName,
				type: 'n8n-nodes-helena.helena',
				typeVersion: 1,
				position: [220, 0],
				parameters,
				credentials,
			},
			...extraNodes,
		],
		connections: {
			Start: { main: [[{ node: nodeName, type: 'main', index: 0 }]] },
			...connections,
		},
	};
}

/**
 * Manual trigger → one Helena node per step, in a chain. Each runs once (whatever the items before
 * it) and, with Continue On Fail, turns its error into an output item so that the next step runs.
 * A step is { name, parameters, credentialId?, continueOnFail? }.
 */
export function helenaChainWorkflow(id, steps) {
	const nodes = steps.map((step, index) => ({
		id: `${id}-${index}`,
		name: step.name,
		type: 'n8n-nodes-helena.helena',
		typeVersion: 1,
		position: [220 * (index + 1), 0],
		parameters: step.parameters,
		credentials: { helenaApi: { id: step.credentialId ?? CREDENTIAL_ID, name: step.credentialId ?? 'Helena sandbox' } },
		executeOnce: true,
		...(step.continueOnFail === false ? {} : { onError: 'continueRegularOutput' }),
	}));
	const names = ['Start', ...steps.map((step) => step.name)];
	return {
		id,
		name: `e2e ${id}`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [manualTrigger, ...nodes],
		connections: Object.fromEntries(
			names.slice(0, -1).map((name, index) => [name, { main: [[{ node: names[index + 1], type: 'main', index: 0 }]] }]),
		),
	};
}

export const TRIGGER_WEBHOOK_ID = '3c0a6a0e-5d0b-4c53-9a55-2f1e0b7d9a11';

/** Helena Trigger (SESSION_NEW) → No Operation. */
export function triggerWorkflow(id, events = ['SESSION_NEW'], { webhookId = TRIGGER_WEBHOOK_ID } = {}) {
	return {
		id,
		name: 'e2e new conversations',
		active: false,
		settings: { executionOrder: 'v1', saveDataSuccessExecution: 'all' },
		nodes: [
			{
				id: `${id}-trigger`,
				name: 'Helena Trigger',
				type: 'n8n-nodes-helena.helenaTrigger',
				typeVersion: 1,
				position: [0, 0],
				webhookId,
				parameters: { events },
				credentials,
			},
			{
				id: `${id}-noop`,
				name: 'Received',
				type: 'n8n-nodes-base.noOp',
				typeVersion: 1,
				position: [220, 0],
				parameters: {},
			},
		],
		connections: { 'Helena Trigger': { main: [[{ node: 'Received', type: 'main', index: 0 }]] } },
	};
}

/**
 * Webhook (POST /webhook/<path>) → Ask (Helena Message → Send and Wait for Response with `parameters`) → Done:
 * a production execution that waits on Ask until a response link is opened or the time limit passes.
 */
export function sendAndWaitWorkflow(id, path, webhookId, parameters) {
	return {
		id,
		name: `send and wait ${path}`,
		active: false,
		settings: { executionOrder: 'v1', saveDataSuccessExecution: 'all', saveDataErrorExecution: 'all' },
		nodes: [
			{
				id: `${id}-webhook`,
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId,
				parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
			},
			{
				id: `${id}-ask`,
				name: 'Ask',
				type: 'n8n-nodes-helena.helena',
				typeVersion: 1,
				position: [220, 0],
				parameters: { resource: 'message', operation: 'sendAndWait', ...parameters },
				credentials,
			},
			{ id: `${id}-done`, name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [440, 0], parameters: {} },
		],
		connections: {
			Webhook: { main: [[{ node: 'Ask', type: 'main', index: 0 }]] },
			Ask: { main: [[{ node: 'Done', type: 'main', index: 0 }]] },
		},
	};
}

/** The links of the message Helena last received whose text contains `marker` (the sandbox records every request). */
export function sentLinks(sandbox, marker) {
	const sent = sandbox.requests.filter(
		(request) => request.path === '/chat/v1/send/text' && String(request.body?.text ?? '').includes(marker),
	);
	const text = String(sent.at(-1)?.body?.text ?? '');
	return { text, links: text.match(/https?:\/\/\S+/g) ?? [] };
}
