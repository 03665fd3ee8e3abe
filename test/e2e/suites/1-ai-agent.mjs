// The Helena node as a tool of n8n's AI Agent, offline: examples/ai-agent-contact-assistant.json runs with
// n8n's own AI Agent and OpenAI Chat Model nodes, the model's credential pointing at a scripted
// OpenAI-compatible server instead of OpenAI. The script plays the model's part (call this tool with these
// arguments); everything else is n8n: the tool variant of the node, the tool's name, description and
// schema built from the $fromAI() parameters, their resolution, and the node's request to Helena.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';

import { loadExample, nodeNamed } from '../../../scripts/lib/examples.mjs';
import { n8nAtLeast, outputOf } from '../../../scripts/lib/n8n.mjs';
import { e2e } from '../context.mjs';
import { lastToolResult, startScriptedModel, toolNamed } from '../scriptedModel.mjs';
import { CREDENTIAL_ID } from '../../../scripts/lib/workflows.mjs';

const require = createRequire(import.meta.url);
const { demo } = require('../../sandbox/index.js');

const MODEL_CREDENTIAL = { id: 'scriptedModel001', name: 'Scripted model' };
const ASKED = 'Tag 5511999999999 as VIP';

/** The example with a Manual Trigger where the chat was, the question typed in, and our credentials. */
function agentWorkflow() {
	const workflow = loadExample('ai-agent-contact-assistant.json', {
		credentials: { helenaApi: { id: CREDENTIAL_ID, name: 'Helena sandbox' }, openAiApi: MODEL_CREDENTIAL },
	});
	workflow.id = 'e2eAiAgent000001';
	Object.assign(nodeNamed(workflow, 'When chat message received'), {
		type: 'n8n-nodes-base.manualTrigger',
		typeVersion: 1,
		parameters: {},
	});
	Object.assign(nodeNamed(workflow, 'AI Agent').parameters, { promptType: 'define', text: ASKED });
	return workflow;
}

/**
 * What n8n tells the model a Helena tool does when its Description is automatic: from 1.94 on, the
 * operation's action; before, the node's description with the resource and operation values.
 */
function autoToolDescription(action, resource, operation) {
	if (n8nAtLeast(e2e.version, '1.94.0')) return `${action} in Helena`;
	// the node as packed for this run (built before the suites run)
	const { Helena } = require('../../../dist/nodes/Helena/Helena.node.js');
	return `${new Helena().description.description}\n Resource: ${resource}\n Operation: ${operation}`;
}

const firstContact = (result) => (Array.isArray(result) ? result[0] : result);

describe(`the Helena node as an AI Agent tool in n8n ${e2e.version}`, () => {
	let model;
	let result;

	before(async () => {
		model = await startScriptedModel([
			(request) => ({
				toolCalls: [{ name: toolNamed(request, /^Find_contact_by_phone$/).name, arguments: { phone: '5511999999999' } }],
			}),
			(request) => ({
				toolCalls: [
					{
						name: toolNamed(request, /^Tag_contact$/).name,
						arguments: { contactId: firstContact(lastToolResult(request)).id, tags: 'VIP, Asked the agent' },
					},
				],
			}),
			(request) => ({ text: `Done: ${firstContact(lastToolResult(request)).name} now has the tags VIP and Asked the agent.` }),
		]);
		await e2e.n8n.importCredentials([{ ...MODEL_CREDENTIAL, type: 'openAiApi', data: { apiKey: 'scripted', url: model.url } }]);
		e2e.sandbox.clearRequests();
		result = await e2e.executeWorkflow(agentWorkflow());
	});

	after(async () => {
		await model?.close();
	});

	test('the agent offers the model both Helena tools, described by their operation, with the $fromAI() parameters as their schema', () => {
		assert.equal(result.ok, true, result.raw.stdout.slice(-3000) + result.raw.stderr.slice(-3000));
		const find = toolNamed(model.requests[0], /^Find_contact_by_phone$/);
		const tag = toolNamed(model.requests[0], /^Tag_contact$/);

		assert.equal(find.description, autoToolDescription('Get a contact', 'contact', 'get'));
		assert.equal(find.parameters.type, 'object');
		assert.deepEqual(find.parameters.required, ['phone']);
		assert.equal(find.parameters.properties.phone.type, 'string');
		assert.match(find.parameters.properties.phone.description, /country code/);

		assert.equal(tag.description, autoToolDescription('Change the tags of a contact', 'contact', 'updateTags'));
		assert.deepEqual([...tag.parameters.required].sort(), ['contactId', 'tags']);
	});

	test('each tool call resolves the $fromAI() values into the node parameters and sends Helena the right request', () => {
		const maria = demo.contactId(1);
		assert.deepEqual(
			e2e.sandbox.requests.map((request) => `${request.method} ${request.decodedPath}`),
			[`GET /core/v1/contact/phonenumber/5511999999999`, `POST /core/v1/contact/${maria}/tags`],
		);
		assert.deepEqual(e2e.sandbox.requests[1].body, {
			tagNames: ['VIP', 'Asked the agent'],
			operation: 'InsertIfNotExists',
		});
		const tags = [...e2e.sandbox.state.contacts.get(maria).tagIds].map((id) => e2e.sandbox.state.tags.get(id).name);
		assert.ok(tags.includes('Asked the agent'), tags.join(', '));
	});

	test('the tool results go back to the model, and the agent answers with what it did', () => {
		assert.equal(model.requests.length, 3);
		const found = firstContact(lastToolResult(model.requests[1]));
		assert.equal(found.id, demo.contactId(1));
		assert.equal(found.name, 'Maria Silva');
		assert.equal(firstContact(lastToolResult(model.requests[2])).id, demo.contactId(1));

		const [answer] = outputOf(result.runData, 'AI Agent');
		assert.equal(answer.output, 'Done: Maria Silva now has the tags VIP and Asked the agent.');
	});
});

const CANNOT_PAUSE = /can only run as a node of a workflow/;

/** The example's agent with one tool: Message → Send and Wait for Response, its recipient and question from the model. */
function sendAndWaitToolWorkflow(agentVersion) {
	const workflow = agentWorkflow();
	workflow.id = `e2eAiAgentWait${String(agentVersion).replace('.', '')}`.padEnd(16, '0').slice(0, 16);
	const tool = nodeNamed(workflow, 'Tag contact');
	tool.name = 'Ask the customer';
	tool.parameters = {
		descriptionType: 'auto',
		resource: 'message',
		operation: 'sendAndWait',
		sendTo: 'phone',
		phoneNumber: "={{ $fromAI('phone', 'Phone number with the country code', 'string') }}",
		message: "={{ $fromAI('question', 'The question to ask', 'string') }}",
	};
	workflow.connections['Ask the customer'] = workflow.connections['Tag contact'];
	delete workflow.connections['Tag contact'];
	nodeNamed(workflow, 'AI Agent').typeVersion = agentVersion;
	return workflow;
}

// Agent 2.2 takes its tools through n8n's tool wrapper (createNodeAsTool); Agent 3 (n8n 1.123 and later)
// has the engine run each tool call as a node on its behalf. Neither can wait for a person's answer.
for (const agentVersion of n8nAtLeast(e2e.version, '1.123.0') ? [2.2, 3] : [2.2]) {
	describe(`Send and Wait as a tool of n8n's AI Agent ${agentVersion} in n8n ${e2e.version}`, () => {
		let model;
		let result;

		before(async () => {
			model = await startScriptedModel([
				(request) => ({
					toolCalls: [
						{ name: toolNamed(request, /^Ask_the_customer$/).name, arguments: { phone: '5511999999999', question: 'Confirm Monday?' } },
					],
				}),
				(request) => ({ text: `The tool said: ${JSON.stringify(lastToolResult(request))}` }),
			]);
			await e2e.n8n.importCredentials([{ ...MODEL_CREDENTIAL, type: 'openAiApi', data: { apiKey: 'scripted', url: model.url } }]);
			e2e.sandbox.clearRequests();
			result = await e2e.executeWorkflow(sendAndWaitToolWorkflow(agentVersion));
		});

		after(async () => {
			await model?.close();
		});

		test('nothing is sent to Helena, nothing waits, and the refusal says why', () => {
			assert.deepEqual(
				e2e.sandbox.requests.filter((request) => request.method !== 'GET').map((request) => `${request.method} ${request.decodedPath}`),
				[],
			);
			const told = [JSON.stringify(model.requests.slice(1).map((request) => request.messages)), result.raw.stdout, result.raw.stderr].join(
				'\n',
			);
			assert.match(told, CANNOT_PAUSE, told.slice(-3000));
			assert.doesNotMatch(result.raw.stdout + result.raw.stderr, /"status":\s*"waiting"|waitTill/);
		});
	});
}
