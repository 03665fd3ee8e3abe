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
import { API_KEY, e2e } from '../context.mjs';
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

const HANDOFF_TEXT = 'Vou te passar para uma pessoa da equipe.';

/**
 * The model answers in the conversation quoting its prompt, then ends; asked for a person, it says so once and calls
 * Transfer to a person, as the example's instructions tell it to.
 */
function decide(request) {
	const start = request.messages.map((message) => message.role).lastIndexOf('user');
	const called = request.messages.slice(start + 1).flatMap((message) => message.tool_calls ?? []);
	const send = toolNamed(request, /^Send_message_in_conversation$/).name;
	const transfer = /pessoa/.test(prompt(request));
	if (called.length === 0)
		return { toolCalls: [{ name: send, arguments: { message: transfer ? HANDOFF_TEXT : `Você disse: «${prompt(request)}»` } }] };
	if (transfer && called.length === 1) return { toolCalls: [{ name: toolNamed(request, /^Transfer_to_a_person$/).name, arguments: {} }] };
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

async function duplicateStorm() {
	const texts = ['oi', 'vocês têm o tênis 42?', 'na cor preta'];
	const [before, modelBefore] = [(await executionsSoFar()).length, model.requests.length];
	// every delivery goes out twice at once
	own.sandbox.deliverTwice((eventType) => eventType === 'MESSAGE_RECEIVED');
	let written;
	try {
		written = await own.sandbox.chat.contactWritesBurst(newPhone(), texts, { gapMs: GAP_MS });
	} finally {
		own.sandbox.deliverTwice(undefined);
	}
	const { session, messages } = written;
	// and each message once more, the three at once
	const again = await Promise.all(
		messages.map((message) =>
			own.sandbox.redeliver((entry) => entry.eventType === 'MESSAGE_RECEIVED' && entry.body.content.id === message.id),
		),
	);
	assert.deepEqual(
		again.map((result) => result.status ?? result.error),
		again.map(() => 200),
	);

	const { answers, modelRequests } = await settled(session.id, { before, deliveries: texts.length * 3, modelBefore });
	assert.deepEqual(answers, [quote(texts)]);
	assert.equal(modelRequests.length, 2);
}

/** Why the executions since `before` went on with nothing (Collect Burst's custom data), newest first. */
async function reasonsSince(before) {
	const all = await executionsSoFar();
	const mine = all.slice(0, all.length - before);
	const reasons = [];
	for (const { id } of mine) {
		const execution = await own.n8n.api('GET', `/executions/${id}?includeData=true`);
		reasons.push(execution.customData?.collectBurst ?? execution.data?.resultData?.metadata?.collectBurst);
	}
	return reasons;
}

async function handoff() {
	const phone = newPhone();
	const [before, modelBefore] = [(await executionsSoFar()).length, model.requests.length];
	const { session } = await own.sandbox.chat.contactWritesBurst(phone, ['quero falar com uma pessoa'], { gapMs: GAP_MS });
	const transferred = await settled(session.id, { before, deliveries: 1, modelBefore });
	assert.deepEqual(transferred.answers, [HANDOFF_TEXT]);
	const held = own.sandbox.chat.session(session.id);
	assert.equal(held.status, 'PENDING');
	assert.ok(held.departmentId, 'the conversation was transferred to a department');

	// the contact writes while the conversation waits for the people: the assistant is silent
	const waiting = (await executionsSoFar()).length;
	await own.sandbox.chat.contactWritesBurst(phone, ['alô?', 'tem alguém aí?'], { gapMs: GAP_MS });
	const silent = await settled(session.id, { before, deliveries: 3, modelBefore });
	assert.deepEqual(silent.answers, [HANDOFF_TEXT], 'the assistant answered while the conversation waited for a person');
	assert.equal(silent.modelRequests.length, 3, 'the model was called again after the transfer');
	const reasons = await reasonsSince(waiting);
	assert.ok(
		reasons.some((reason) => /waits in department/.test(String(reason))),
		`no execution said why nothing went on: ${JSON.stringify(reasons)}`,
	);

	// the team completes it; the contact writes again: a new conversation, the assistant's again
	const completed = await fetch(`${own.sandbox.url}/chat/v1/session/${session.id}/complete`, {
		method: 'PUT',
		headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
		body: '{}',
	});
	assert.equal(completed.status, 200, await completed.text());
	const { session: reopened } = await own.sandbox.chat.contactWritesBurst(phone, ['oi de novo'], { gapMs: GAP_MS });
	assert.notEqual(reopened.id, session.id);
	const again = await settled(reopened.id, { before, deliveries: 4, modelBefore });
	assert.deepEqual(again.answers, [quote(['oi de novo'])]);
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
	[oneBurst, twoBursts, sentTwice, lateReversed, duplicateStorm, handoff],
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
	test(
		'a duplicate storm (each delivery twice at once, then all three once more at once): one answer, quoting each message once',
		steps[4],
	);
	test(
		'the assistant transfers to a person: the contact is told once, and the assistant is silent while the conversation waits; completed and reopened, it answers again',
		steps[5],
	);
});
