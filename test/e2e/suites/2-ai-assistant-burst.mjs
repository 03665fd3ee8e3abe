// One answer per burst (examples/ai-assistant-answers-in-conversation.json, its Collect Burst set to a 2-second quiet
// time to keep the suite short): a contact writes several messages a second apart; Helena delivers MESSAGE_RECEIVED
// for each and n8n starts one execution per delivery, but only the execution of the burst's last message goes on to
// the AI Agent, whose (scripted) model answers quoting the prompt it got, so the answer shows which messages it
// carried. Deliveries sent twice or out of order (the sandbox holds them and releases them newest first) change
// nothing. Runs beside the other suites (e2e.beside), on a sandbox and n8n server of its own: most of its time
// goes into quiet times.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { loadExample } from '../../../scripts/lib/examples.mjs';
import { executionStatus } from '../../../scripts/lib/n8n.mjs';
import { CREDENTIAL_ID } from '../../../scripts/lib/workflows.mjs';
import { e2e } from '../context.mjs';
import { startScriptedModel, toolNamed } from '../scriptedModel.mjs';

const MODEL_CREDENTIAL = { id: 'scriptedModel003', name: 'Scripted model (burst)' };
const QUIET_SECONDS = 2;
/** Under a second apart: four messages within three seconds. */
const GAP_MS = 800;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The prompt of a model request: its last user message. */
function prompt(request) {
	const message = [...request.messages].reverse().find((candidate) => candidate.role === 'user');
	return typeof message?.content === 'string' ? message.content : JSON.stringify(message?.content ?? '');
}

/** The model answers in the conversation quoting its prompt, then ends. */
function decide(request) {
	const start = request.messages.map((message) => message.role).lastIndexOf('user');
	const called = request.messages.slice(start + 1).flatMap((message) => message.tool_calls ?? []);
	if (called.length === 0) {
		const send = toolNamed(request, /^Send_message_in_conversation$/).name;
		return { toolCalls: [{ name: send, arguments: { message: `Você disse: «${prompt(request)}»` } }] };
	}
	return { text: 'Answered.' };
}

/** The sandbox and n8n server of this suite's own (e2e.beside), the scripted model, and the workflow. */
let own;
let model;
let workflow;
let phones = 0;

/** A phone number no other test writes from: a conversation of its own. */
const newPhone = () => `+55|1195555${String(1000 + ++phones)}`;

/** The workflow's executions so far, newest first. */
const executionsSoFar = async () => (await own.n8n.api('GET', `/executions?workflowId=${workflow.id}&limit=250`)).data;

/**
 * Waits until the `deliveries` executions after the first `before` have ended, plus the quiet time again (an
 * execution that would answer late would show up); returns the answers the workflow wrote in the session and
 * the model requests since `modelBefore`.
 */
async function settled(sessionId, { before, deliveries, modelBefore }) {
	await own.sandbox.waitForDeliveries();
	const expected = before + deliveries;
	await own.finishedExecutions(workflow.id, expected);
	await sleep(QUIET_SECONDS * 1000 + 1000);
	const all = await own.finishedExecutions(workflow.id, expected);
	const mine = all.slice(0, all.length - before);
	assert.equal(mine.length, deliveries, `${mine.length} executions for ${deliveries} deliveries`);
	for (const execution of mine)
		assert.equal(executionStatus(execution), 'success', JSON.stringify(execution.data?.resultData?.error ?? null));
	const answers = own.sandbox.chat
		.history(sessionId)
		.filter((message) => message.direction === 'TO_HUB')
		.map((message) => message.text);
	return { answers, modelRequests: model.requests.slice(modelBefore) };
}

const quote = (texts) => `Você disse: «${texts.join('\n')}»`;

async function oneBurst() {
	const texts = ['oi', 'tudo bem?', 'queria saber do meu pedido', 'é o 4471'];
	const [before, modelBefore] = [(await executionsSoFar()).length, model.requests.length];
	const { session, messages } = await own.sandbox.chat.contactWritesBurst(newPhone(), texts, { gapMs: GAP_MS });
	const span = Date.parse(messages.at(-1).createdAt) - Date.parse(messages[0].createdAt);
	assert.ok(span < 3000, `the burst took ${span} ms`);

	const { answers, modelRequests } = await settled(session.id, { before, deliveries: 4, modelBefore });
	assert.deepEqual(answers, [quote(texts)]);
	// the model was called for one execution only: a tool call and a final text
	assert.equal(modelRequests.length, 2);
	assert.equal(prompt(modelRequests[0]), texts.join('\n'));
}

async function twoBursts() {
	const first = ['bom dia', 'vocês abrem no sábado?'];
	const second = ['e no domingo?', 'até que horas?'];
	const phone = newPhone();
	const [before, modelBefore] = [(await executionsSoFar()).length, model.requests.length];
	const { session } = await own.sandbox.chat.contactWritesBurst(phone, first, { gapMs: GAP_MS });
	await settled(session.id, { before, deliveries: 2, modelBefore });
	await own.sandbox.chat.contactWritesBurst(phone, second, { gapMs: GAP_MS });

	const { answers, modelRequests } = await settled(session.id, { before, deliveries: 4, modelBefore });
	assert.deepEqual(answers, [quote(first), quote(second)]);
	assert.equal(modelRequests.length, 4);
}

async function sentTwice() {
	const texts = ['olá', 'preciso de ajuda', 'com a minha fatura'];
	const [before, modelBefore] = [(await executionsSoFar()).length, model.requests.length];
	// Helena delivers each event twice at once (a retry racing the first attempt), then the last one again
	own.sandbox.holdDeliveries('MESSAGE_RECEIVED');
	let written;
	try {
		written = await own.sandbox.chat.contactWritesBurst(newPhone(), texts, { gapMs: GAP_MS });
	} finally {
		await own.sandbox.releaseDeliveries({ twice: true });
	}
	const { session, messages } = written;
	const last = messages.at(-1).id;
	const again = await own.sandbox.redeliver((entry) => entry.eventType === 'MESSAGE_RECEIVED' && entry.body.content.id === last);
	assert.equal(again.status, 200);

	const { answers, modelRequests } = await settled(session.id, { before, deliveries: texts.length * 2 + 1, modelBefore });
	assert.deepEqual(answers, [quote(texts)]);
	assert.equal(modelRequests.length, 2);
}

async function lateReversed() {
	const texts = ['boa tarde', 'meu pedido não chegou', 'número 5582'];
	const [before, modelBefore] = [(await executionsSoFar()).length, model.requests.length];
	own.sandbox.holdDeliveries('MESSAGE_RECEIVED');
	let session;
	try {
		({ session } = await own.sandbox.chat.contactWritesBurst(newPhone(), texts, { gapMs: GAP_MS }));
		await sleep(500);
	} finally {
		await own.sandbox.releaseDeliveries({ order: 'reversed' });
	}
	const delivered = own.sandbox.deliveries.filter((entry) => entry.eventType === 'MESSAGE_RECEIVED').slice(-texts.length);
	assert.deepEqual(
		delivered.map((entry) => entry.body.content.text),
		[...texts].reverse(),
	);

	const { answers, modelRequests } = await settled(session.id, { before, deliveries: texts.length, modelBefore });
	assert.deepEqual(answers, [quote(texts)]);
	assert.equal(modelRequests.length, 2);
}

const steps = e2e.beside(
	async (server) => {
		own = server;
		model = await startScriptedModel(Array.from({ length: 60 }, () => decide));
		await own.n8n.importCredentials([{ ...MODEL_CREDENTIAL, type: 'openAiApi', data: { apiKey: 'scripted', url: model.url } }]);
		workflow = loadExample('ai-assistant-answers-in-conversation.json', {
			credentials: { helenaApi: { id: CREDENTIAL_ID, name: 'Helena sandbox' }, openAiApi: MODEL_CREDENTIAL },
		});
		// its own workflow and webhook beside the example's own suite
		workflow.id = 'aiAssistantBurst';
		workflow.name += ' (burst)';
		const trigger = workflow.nodes.find((node) => node.type === 'n8n-nodes-helena.helenaTrigger');
		trigger.webhookId = '4b6f2c1e-8a3d-4e5f-9b0c-1d2e3f4a5b46';
		const collect = workflow.nodes.find((node) => node.parameters?.operation === 'collectBurst');
		assert.ok(collect, 'the example has no Collect Burst node');
		collect.parameters.quietTime = QUIET_SECONDS;
		await own.n8n.importWorkflow(workflow);
		await own.n8n.api('POST', `/workflows/${workflow.id}/activate`);
		assert.equal(await own.subscriptionCount(1), 1);
	},
	[oneBurst, twoBursts, sentTwice, lateReversed],
	async () => {
		await own.n8n.api('POST', `/workflows/${workflow.id}/deactivate`).catch(() => {});
		await own.subscriptionCount(0);
		await model?.close();
	},
);

describe(`one answer per burst: the AI assistant, in n8n ${e2e.version}`, () => {
	test('a burst of four messages within three seconds: one answer, quoting all four in order', steps[0]);
	test('two bursts further apart than the quiet time: two answers, each quoting its own burst', steps[1]);
	test(
		'each delivery of a burst sent twice at the same moment, the last once more later: still one answer, quoting each message once',
		steps[2],
	);
	test('the deliveries of a burst arriving late and newest first: one answer, quoting the messages in the order written', steps[3]);
});
