// Workflows of the queue-mode test. Each starts from a production webhook, so that its execution is
// enqueued by the webhook process and runs on a worker (`n8n execute` would run it in its own process).
import { CREDENTIAL_ID, triggerWorkflow } from '../../scripts/lib/workflows.mjs';

const credentials = { helenaApi: { id: CREDENTIAL_ID, name: 'Helena sandbox' } };

/** The phone number of generated contact `index`: `+55|2196` and seven digits, so 5,000 distinct numbers. */
export const phoneOf = (index) => `+55|2196${String(index).padStart(7, '0')}`;

function chain(id, name, nodes) {
	const connections = {};
	for (let i = 0; i < nodes.length - 1; i++) connections[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
	return {
		id,
		name,
		active: false,
		settings: { executionOrder: 'v1', saveDataSuccessExecution: 'all', saveDataErrorExecution: 'all' },
		nodes,
		connections,
	};
}

/** A production webhook at `/webhook/<path>` that answers at once and hands the run to the queue. */
function webhook(path, webhookId) {
	return {
		id: `${path}-webhook`,
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		position: [0, 0],
		webhookId,
		parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
	};
}

function code(jsCode) {
	return { id: 'items', name: 'Items', type: 'n8n-nodes-base.code', typeVersion: 2, position: [220, 0], parameters: { jsCode } };
}

function helena(parameters) {
	return { id: 'helena', name: 'Helena', type: 'n8n-nodes-helena.helena', typeVersion: 1, position: [440, 0], parameters, credentials };
}

const phoneExpression = (index) => `'+55|2196' + String(${index}).padStart(7, '0')`;

/** Webhook → Code (`count` contacts) → Helena Create or Update Many. */
export function upsertManyWorkflow(count) {
	return chain('queueUpsert00001', 'queue upsert many', [
		webhook('helena-queue-upsert', '6a1f0c55-8f0e-4b61-9d6b-0c6a3c1d7e01'),
		code(
			`return Array.from({ length: ${count} }, (_, i) => ({ json: { name: 'Queue contact ' + i, phoneNumber: ${phoneExpression('i')} } }));`,
		),
		helena({ resource: 'contact', operation: 'upsertMany' }),
	]);
}

/** Webhook → Code (contacts `from`..`from + count - 1`) → Helena Update (by phone) setting the annotation to `label`. */
export function updateWorkflow(id, label, from, count) {
	const path = `helena-queue-update-${label.toLowerCase()}`;
	return chain(id, `queue update ${label}`, [
		webhook(path, `6a1f0c55-8f0e-4b61-9d6b-0c6a3c1d7e${label === 'A' ? '0a' : '0b'}`),
		code(
			`return Array.from({ length: ${count} }, (_, i) => ({ json: { phone: ${phoneExpression(`i + ${from}`)}, annotation: 'Updated by workflow ${label}' } }));`,
		),
		helena({
			resource: 'contact',
			operation: 'update',
			contact: { __rl: true, mode: 'phone', value: '={{ $json.phone }}' },
			updateFields: { annotation: '={{ $json.annotation }}' },
		}),
	]);
}

/**
 * Helena Trigger → Wait `seconds` → Received: executions that stay on a worker long enough for a worker
 * killed mid-stream to hold some of them. Its own webhook id, so it can be active next to the e2e trigger.
 */
export function slowTriggerWorkflow(id, seconds) {
	const workflow = triggerWorkflow(id, ['SESSION_NEW'], { webhookId: '3c0a6a0e-5d0b-4c53-9a55-2f1e0b7d9a12' });
	const received = workflow.nodes.find((node) => node.name === 'Received');
	received.position = [440, 0];
	const wait = {
		id: `${id}-wait`,
		name: 'Wait',
		type: 'n8n-nodes-base.wait',
		typeVersion: 1.1,
		position: [220, 0],
		webhookId: '3c0a6a0e-5d0b-4c53-9a55-2f1e0b7d9a13',
		parameters: { resume: 'timeInterval', amount: seconds, unit: 'seconds' },
	};
	return {
		...workflow,
		name: 'queue slow trigger',
		nodes: [...workflow.nodes.filter((node) => node !== received), wait, received],
		connections: {
			'Helena Trigger': { main: [[{ node: 'Wait', type: 'main', index: 0 }]] },
			Wait: { main: [[{ node: 'Received', type: 'main', index: 0 }]] },
		},
	};
}

/**
 * Helena Trigger (MESSAGE_RECEIVED) → Collect Burst (`quietSeconds`) → Answer (Send Message in the conversation,
 * naming how many messages it answers and quoting them): one answer per burst, whichever webhook process took
 * each delivery and whichever worker ran each execution.
 */
export function burstWorkflow(id, quietSeconds) {
	const workflow = triggerWorkflow(id, ['MESSAGE_RECEIVED'], { webhookId: '3c0a6a0e-5d0b-4c53-9a55-2f1e0b7d9a14' });
	const trigger = workflow.nodes.find((node) => node.name === 'Helena Trigger');
	const collect = {
		...helena({ resource: 'session', operation: 'collectBurst', quietTime: quietSeconds, options: {} }),
		id: `${id}-collect`,
		name: 'Collect Burst',
		position: [220, 0],
	};
	const answer = {
		...helena({
			resource: 'session',
			operation: 'sendMessage',
			sessionId: '={{ $json.sessionId }}',
			content: 'text',
			text: "={{ 'Recebi ' + $json.count + ': ' + $json.text }}",
			options: {},
		}),
		id: `${id}-answer`,
		name: 'Answer',
		position: [440, 0],
	};
	return chain(id, 'queue burst', [trigger, collect, answer]);
}
