// examples/ai-assistant-asks-manager-before-transfer.json in a running n8n 2.x: n8n's AI Agent 3.1 (its model the
// scripted server, see scriptedModel.mjs) answers a contact; its Transfer and Complete tools sit behind the Helena
// node's approval gate (n8n-nodes-helena.helenaHitlTool, "Request human approval for tools"), which asks the manager
// on WhatsApp and waits. The approval request reaching the sandbox, the wait, Approve (the tool runs once), Decline
// (nothing runs), two gated calls in one model turn, the time limit, and a request whose outcome is unknown (Helena
// took it, its answer was lost) are checked as a user meets them. n8n 1.x has
// no such node type: the suite says so and skips; Send and Wait as a plain tool of the Agent is refused on both lines
// (1-ai-agent.mjs).
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';

import { loadExample, nodeNamed } from '../../../scripts/lib/examples.mjs';
import { CREDENTIAL_ID, sentLinks } from '../../../scripts/lib/workflows.mjs';
import { e2e } from '../context.mjs';
import { lastToolResult, startScriptedModel, toolNamed } from '../scriptedModel.mjs';

const require = createRequire(import.meta.url);
const { demo } = require('../../sandbox/index.js');

const GATE_TYPE = 'n8n-nodes-helena.helenaHitlTool';
const MODEL_CREDENTIAL = { id: 'scriptedModel003', name: 'Scripted model (approval gate)' };
const CONTACT = '+55|11955550808';
const MANAGER = '+55 11 99999-9999';

/** The contact's message in a model request: the last user message. */
function contactText(request) {
	const message = [...request.messages].reverse().find((candidate) => candidate.role === 'user');
	return typeof message?.content === 'string' ? message.content : JSON.stringify(message?.content ?? '');
}

/**
 * The model's part: asked for a person, it calls the gated Transfer; told goodbye too, it calls Transfer and
 * Complete in one turn; once the tools answered, a final text that quotes what they returned.
 */
function decide(request) {
	const lastRole = request.messages.at(-1)?.role;
	if (lastRole === 'tool') {
		const results = request.messages.filter((message) => message.role === 'tool').map((message) => message.content);
		return { text: `Tools answered: ${results.join(' | ')}` };
	}
	const gated = (pattern) => ({ name: toolNamed(request, pattern).name, arguments: { toolParameters: {}, hitlParameters: {} } });
	const text = contactText(request);
	const calls = [gated(/^Transfer_to_a_person$/)];
	if (/tchau/i.test(text)) calls.push(gated(/^Complete_conversation$/));
	return { toolCalls: calls };
}

const hasGate = async () => {
	const response = await fetch(`${e2e.n8n.url}/types/nodes.json`, { headers: { cookie: e2e.n8n.cookie } });
	return (await response.json()).some((type) => type.name === GATE_TYPE);
};

describe(`the Helena approval gate (${GATE_TYPE}) in n8n ${e2e.version}`, () => {
	let model;
	let gateAvailable = false;
	const credentials = { helenaApi: { id: CREDENTIAL_ID, name: 'Helena sandbox' }, openAiApi: MODEL_CREDENTIAL };
	const workflow = loadExample('ai-assistant-asks-manager-before-transfer.json', { credentials });
	// the same workflow with a time limit of 1.2 s, activated on its own for the time-limit test
	const late = loadExample('ai-assistant-asks-manager-before-transfer.json', { credentials });
	late.id = 'e2eGateTimeLimit';
	nodeNamed(late, 'Contact writes').webhookId = 'c9e6a3b2-4d5f-4a71-8b2c-3d4e5f6a7b81';
	Object.assign(nodeNamed(late, 'Ask the manager to transfer').parameters, { resumeAmount: 0.02, resumeUnit: 'minutes' });
	// both tools behind one gate, to show what n8n does with two calls through the same gate in one model turn
	const oneGate = loadExample('ai-assistant-asks-manager-before-transfer.json', { credentials });
	oneGate.id = 'e2eGateOneForTwo';
	nodeNamed(oneGate, 'Contact writes').webhookId = 'd0f7b4c3-5e6a-4b82-9c3d-4e5f6a7b8c92';
	oneGate.connections['Complete conversation'] = oneGate.connections['Transfer to a person'];
	oneGate.nodes = oneGate.nodes.filter((node) => node.name !== 'Ask the manager to close');
	delete oneGate.connections['Ask the manager to close'];

	before(async () => {
		model = await startScriptedModel(Array.from({ length: 40 }, () => decide));
		await e2e.n8n.importCredentials([{ ...MODEL_CREDENTIAL, type: 'openAiApi', data: { apiKey: 'scripted', url: model.url } }]);
		await e2e.server();
		gateAvailable = await hasGate();
		if (!gateAvailable) return;
		await e2e.n8n.importWorkflows([workflow, late, oneGate]);
	});

	after(async () => {
		for (const each of [workflow, late, oneGate]) await e2e.n8n.api('POST', `/workflows/${each.id}/deactivate`).catch(() => {});
		await e2e.subscriptionCount(0);
		await model?.close();
	});

	const skip = (t) => {
		if (gateAvailable) return false;
		t.skip(`n8n ${e2e.version} has no ${GATE_TYPE} node type: n8n makes the approval gate from Send and Wait from n8n 2.x on`);
		return true;
	};

	/** Only `each` of the three is active: each contact message starts one execution. */
	const activate = async (each) => {
		for (const other of [workflow, late, oneGate]) {
			if (other !== each) await e2e.n8n.api('POST', `/workflows/${other.id}/deactivate`).catch(() => {});
		}
		await e2e.subscriptionCount(0);
		await e2e.n8n.api('POST', `/workflows/${each.id}/activate`);
		assert.equal(await e2e.subscriptionCount(1), 1);
	};

	/** The approval requests the manager has received so far. */
	const requestsToManager = () =>
		e2e.sandbox.requests.filter((request) => request.path === '/chat/v1/send/text' && request.body?.to === MANAGER);

	/** Waits for the `n`-th approval request to the manager; its text and links, and the execution waiting for it. */
	async function nthApprovalRequest(n) {
		const sent = await e2e.eventually(requestsToManager, (list) => list.length >= n, { timeoutMs: 60_000 });
		assert.ok(sent.length >= n, `approval request ${n} did not reach Helena (${sent.length} sent)`);
		const text = String(sent[n - 1].body.text);
		const links = text.match(/https?:\/\/\S+/g) ?? [];
		const id = new URL(links[0]).pathname.split('/')[2];
		const execution = await e2e.eventually(
			() => e2e.n8n.api('GET', `/executions/${id}`),
			(value) => value.status === 'waiting' && Boolean(value.stoppedAt),
		);
		assert.equal(execution.status, 'waiting');
		return { text, links, id };
	}

	/** Which nodes ran, with their status, and the execution's error: said when a test fails. */
	async function summary(id) {
		const execution = await e2e.n8n.api('GET', `/executions/${id}?includeData=true`);
		const runs = Object.entries(execution.data?.resultData?.runData ?? {}).map(
			([name, list]) =>
				`${name}: ${list.map((run) => `${run.executionStatus ?? '?'}${run.error ? ` (${run.error.message})` : ''} ${JSON.stringify(run.data ?? {}).slice(0, 300)}`).join(' | ')}`,
		);
		return `execution ${id} ${execution.status}\n${runs.join('\n')}\nerror: ${JSON.stringify(execution.data?.resultData?.error ?? null)}`;
	}

	async function finished(id) {
		const execution = await e2e.eventually(
			() => e2e.n8n.api('GET', `/executions/${id}?includeData=true`),
			(value) => value.finished || ['error', 'success', 'crashed'].includes(value.status),
			{ timeoutMs: 90_000, intervalMs: 500 },
		);
		assert.equal(execution.status, 'success', await summary(id));
		return execution;
	}

	const agentAnswer = (execution) => execution.data.resultData.runData['AI Agent'].at(-1).data.main[0][0].json.output;
	const open = (url) => fetch(url, { headers: { 'user-agent': 'Mozilla/5.0 (e2e)' } });
	const transfers = () => e2e.sandbox.requests.filter((request) => /\/transfer$/.test(request.decodedPath));
	const completes = () => e2e.sandbox.requests.filter((request) => /\/complete$/.test(request.decodedPath));

	test('the gate is in n8n’s node list as "Request human approval for tools", with the Helena credential and only its Send and Wait fields', async (t) => {
		if (skip(t)) return;
		const types = await (await fetch(`${e2e.n8n.url}/types/nodes.json`, { headers: { cookie: e2e.n8n.cookie } })).json();
		const gate = types.find((type) => type.name === GATE_TYPE);
		assert.equal(gate.description, 'Request human approval for tools');
		assert.deepEqual(
			gate.credentials.map((credential) => credential.name),
			['helenaApi'],
		);
		const byName = (name) => gate.properties.filter((property) => property.name === name);
		assert.deepEqual(
			byName('responseType').map((property) => [property.type, property.default]),
			[['hidden', 'approval']],
		);
		assert.deepEqual(
			byName('operation').map((property) => property.default),
			byName('operation').map(() => 'sendAndWait'),
		);
		assert.match(byName('message')[0].default, /\{\{ \$tool\.name \}\}/);
		assert.deepEqual(
			byName('formFields').map((property) => property.displayOptions.show.responseType),
			[['customForm']],
		);

		// the Channel picker of the gate lists the sandbox's channels through the gate's own Helena credential
		const response = await fetch(`${e2e.n8n.url}/rest/dynamic-node-parameters/resource-locator-results`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', cookie: e2e.n8n.cookie },
			body: JSON.stringify({
				path: 'channel',
				methodName: 'searchChannels',
				nodeTypeAndVersion: { name: GATE_TYPE, version: 1 },
				currentNodeParameters: { resource: 'message', operation: 'sendAndWait', sendTo: 'phone' },
				credentials: { helenaApi: { id: CREDENTIAL_ID, name: 'Helena sandbox' } },
			}),
		});
		const body = await response.json();
		assert.equal(response.status, 200, JSON.stringify(body));
		const names = (body.data ?? body).results.map((result) => result.name).join(' | ');
		assert.match(names, /WhatsApp Comercial/);
	});

	test('Approve: the manager gets the request with the tool’s name, its input and two links; the execution waits; Approve runs Transfer once and the agent answers', async (t) => {
		if (skip(t)) return;
		await activate(workflow);
		e2e.sandbox.clearRequests();
		const sent = e2e.sandbox.chat.contactWrites(CONTACT, 'Quero falar com uma pessoa #G1');
		const sessionId = sent.sessionId ?? sent.id;

		const { text, links, id } = await nthApprovalRequest(1);
		assert.match(
			text,
			/^The assistant wants to run this tool: Transfer_to_a_person\nThe contact wrote: "Quero falar com uma pessoa #G1"\n\nInput:\n\{\}\n\n/,
		);
		assert.match(text, /\n\nApprove: http\S+approved=true\S*\nDecline: http\S+approved=false\S*$/);
		assert.equal(links.length, 2);
		assert.deepEqual(transfers(), [], 'the transfer ran before anyone approved it');

		assert.equal((await open(links[0])).status, 200);
		const execution = await finished(id);
		assert.equal(transfers().length, 1);
		assert.equal(e2e.sandbox.chat.session(sessionId).departmentId, demo.departmentId('Suporte'));
		assert.match(agentAnswer(execution), /^Tools answered: /);
		assert.doesNotMatch(agentAnswer(execution), /rejected/);
		assert.equal((await open(links[0])).status, 200);
		assert.equal(transfers().length, 1, 'a second click ran the tool again');
	});

	test('Decline: nothing runs, and the model is told the call was declined', async (t) => {
		if (skip(t)) return;
		await activate(workflow);
		e2e.sandbox.clearRequests();
		e2e.sandbox.chat.contactWrites(CONTACT, 'Uma pessoa, por favor #G2');
		const { links, id } = await nthApprovalRequest(1);
		assert.equal((await open(links[1])).status, 200);
		const execution = await finished(id);
		assert.deepEqual(transfers(), []);
		assert.match(agentAnswer(execution), /User rejected the tool call to Transfer to a person/);
	});

	test('two gated calls in one model turn, each behind its own gate: two approval requests, one after the other; each approved tool runs once', async (t) => {
		if (skip(t)) return;
		await activate(workflow);
		e2e.sandbox.clearRequests();
		e2e.sandbox.chat.contactWrites(CONTACT, 'Uma pessoa, e tchau #G3');
		const first = await nthApprovalRequest(1);
		assert.match(first.text, /run this tool: Transfer_to_a_person/);
		assert.equal((await open(first.links[0])).status, 200);
		await e2e.eventually(requestsToManager, (list) => list.length >= 2, { timeoutMs: 30_000 });
		assert.equal(requestsToManager().length, 2, await summary(first.id));
		const second = await nthApprovalRequest(2);
		assert.match(second.text, /run this tool: Complete_conversation/);
		assert.equal(second.id, first.id);
		assert.equal((await open(second.links[0])).status, 200);
		const execution = await finished(first.id);
		assert.equal(transfers().length, 1);
		assert.equal(completes().length, 1);
		assert.doesNotMatch(agentAnswer(execution), /rejected/);
	});

	test('two calls through one gate in one model turn: n8n asks about the first only; the second is never asked nor run, and the model gets no answer for it', async (t) => {
		if (skip(t)) return;
		await activate(oneGate);
		e2e.sandbox.clearRequests();
		e2e.sandbox.chat.contactWrites(CONTACT, 'Uma pessoa, e tchau #G5');
		const first = await nthApprovalRequest(1);
		assert.equal((await open(first.links[0])).status, 200);
		const execution = await finished(first.id);
		assert.equal(requestsToManager().length, 1);
		assert.equal(transfers().length, 1);
		assert.deepEqual(completes(), []);
		const lastModelRequest = model.requests.at(-1);
		assert.deepEqual(
			lastModelRequest.messages.filter((message) => message.role === 'tool').map((message) => /"departmentId"/.test(message.content)),
			[true],
		);
		assert.match(agentAnswer(execution), /^Tools answered: \[\{"id"/);
	});

	// Helena took the approval request but its answer was lost: the manager may hold the message, so the execution
	// waits as for a sent request (the request is never sent again), a click still counts, and the time limit tells
	// the model the request may not have reached the reviewer.
	test('the approval request’s outcome is unknown (a gateway answered 502 after Helena stored it): sent once, the execution waits, and Approve still runs Transfer once', async (t) => {
		if (skip(t)) return;
		await activate(workflow);
		e2e.sandbox.clearRequests();
		e2e.sandbox.misbehaviour.next({ loseAnswer: 502, method: 'POST', path: '/chat/v1/send/text' });
		e2e.sandbox.chat.contactWrites(CONTACT, 'Quero falar com uma pessoa #G6');

		const { links, id } = await nthApprovalRequest(1);
		assert.equal(e2e.sandbox.requests.find((request) => request.path === '/chat/v1/send/text')?.status, 502);
		assert.equal((await open(links[0])).status, 200);
		const execution = await finished(id);
		assert.equal(requestsToManager().length, 1, 'the approval request was sent again');
		assert.equal(transfers().length, 1);
		assert.doesNotMatch(agentAnswer(execution), /rejected|not sent/);
	});

	test('the approval request’s outcome is unknown (the connection broke after Helena stored it) and nobody answers: the model is told it may not have reached the reviewer', async (t) => {
		if (skip(t)) return;
		await activate(late);
		e2e.sandbox.clearRequests();
		e2e.sandbox.misbehaviour.next({ loseAnswer: true, method: 'POST', path: '/chat/v1/send/text' });
		e2e.sandbox.chat.contactWrites(CONTACT, 'Uma pessoa #G7');

		const { id } = await nthApprovalRequest(1);
		const execution = await finished(id);
		assert.equal(requestsToManager().length, 1, 'the approval request was sent again');
		assert.deepEqual(transfers(), []);
		assert.match(
			agentAnswer(execution),
			/Nobody answered the approval request before its time limit \([^)]+\), and it may not have reached the reviewer: the approval request may have been sent, but Helena's answer was lost \(The connection to Helena broke during POST \/chat\/v1\/send\/text/,
		);
		assert.doesNotMatch(agentAnswer(execution), /was not sent/);
	});

	test('the time limit: nobody answers; nothing runs and the model is told nobody answered in time', async (t) => {
		if (skip(t)) return;
		await activate(late);
		e2e.sandbox.clearRequests();
		e2e.sandbox.chat.contactWrites(CONTACT, 'Uma pessoa #G4');
		const { id } = await nthApprovalRequest(1);
		const execution = await finished(id);
		assert.deepEqual(transfers(), []);
		assert.match(agentAnswer(execution), /Nobody answered the approval request before its time limit/);
	});
});
