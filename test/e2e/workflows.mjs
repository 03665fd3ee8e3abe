// Workflows the e2e suite imports into n8n, built the way the editor saves them.
export const CREDENTIAL_ID = 'helenaSandbox001';
const credentials = { helenaApi: { id: CREDENTIAL_ID, name: 'Helena sandbox' } };

export function credentialFor(sandbox, overrides = {}) {
	return {
		id: CREDENTIAL_ID,
		name: 'Helena sandbox',
		type: 'helenaApi',
		data: { baseUrl: sandbox.url, apiKey: sandbox.apiKey, authorizationFormat: 'bearer', ...overrides },
	};
}

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

export const TRIGGER_WEBHOOK_ID = '3c0a6a0e-5d0b-4c53-9a55-2f1e0b7d9a11';

/** Helena Trigger (SESSION_NEW) → No Operation. */
export function triggerWorkflow(id, events = ['SESSION_NEW']) {
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
				webhookId: TRIGGER_WEBHOOK_ID,
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
