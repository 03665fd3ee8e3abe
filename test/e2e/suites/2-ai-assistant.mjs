// examples/ai-assistant-answers-in-conversation.json in a running n8n: Helena delivers MESSAGE_RECEIVED, n8n's
// AI Agent (its model a scripted OpenAI-compatible server, see scriptedModel.mjs) reads the conversation with a
// Helena tool and answers in it, transfers it when the contact asks for a person, and completes it when the
// contact says goodbye; an audio goes through the trigger's Attach Media and OpenAI's transcription (the scripted
// server answers that too) before the agent answers it. The script plays only the model's decisions; the tools, their schemas, the node's
// requests and Helena's conversation are real. Its Collect Burst runs with a 1-second quiet time here (the example's 5 s,
// four times, would only lengthen the run); bursts of several messages have their own suite (2-ai-assistant-burst.mjs).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';

import { loadExample } from '../../../scripts/lib/examples.mjs';
import { executionStatus, outputOf } from '../../../scripts/lib/n8n.mjs';
import { CREDENTIAL_ID } from '../../../scripts/lib/workflows.mjs';
import { e2e } from '../context.mjs';
import { lastToolResult, startScriptedModel, toolNamed } from '../scriptedModel.mjs';

const require = createRequire(import.meta.url);
const { demo } = require('../../sandbox/index.js');
// the model's part is the sandbox model's (`npm start`'s): read the history first, then answer, transfer or complete
// by the contact's words, one tool per turn, a final text when done
const { ANSWERS, contactText, decide } = require('../../sandbox/model/assistant.js');

const MODEL_CREDENTIAL = { id: 'scriptedModel002', name: 'Scripted model (assistant)' };
const PHONE = '+55|11955550707';
/** What the contact says in the audio, as the scripted transcription hears it. */
const SPOKEN = 'Vocês fazem entrega no meu bairro?';
/** An Ogg file as far as its first bytes go (the trigger checks that a body claimed to be audio/ogg begins as one). */
const AUDIO = Buffer.concat([
	Buffer.from('OggS\0\x02', 'latin1'),
	Buffer.from(Array.from({ length: 48_000 }, (_, index) => (index * 31) % 256)),
]);
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

describe(`the AI assistant that answers in the conversation, in n8n ${e2e.version}`, () => {
	let model;
	let workflow;
	let sessionId;
	/** The model requests of one run, counted from the first request of that run. */
	let requestsBefore = 0;

	before(async () => {
		model = await startScriptedModel(
			Array.from({ length: 40 }, () => decide),
			{ transcribe: () => SPOKEN },
		);
		await e2e.n8n.importCredentials([{ ...MODEL_CREDENTIAL, type: 'openAiApi', data: { apiKey: 'scripted', url: model.url } }]);
		workflow = loadExample('ai-assistant-answers-in-conversation.json', {
			credentials: { helenaApi: { id: CREDENTIAL_ID, name: 'Helena sandbox' }, openAiApi: MODEL_CREDENTIAL },
		});
		const collect = workflow.nodes.find((node) => node.parameters?.operation === 'collectBurst');
		assert.ok(collect, 'the example has no Collect Burst node');
		collect.parameters.quietTime = 1;
		await e2e.n8n.importWorkflow(workflow);
		await e2e.server();
		await e2e.n8n.api('POST', `/workflows/${workflow.id}/activate`);
		assert.equal(await e2e.subscriptionCount(1), 1);
		assert.deepEqual([...e2e.sandbox.state.subscriptions.values()][0].events, ['MESSAGE_RECEIVED']);
	});

	after(async () => {
		await e2e.n8n.api('POST', `/workflows/${workflow.id}/deactivate`).catch(() => {});
		await e2e.subscriptionCount(0);
		await model?.close();
	});

	/** The contact writes; the run it starts, finished; the requests the workflow sent to Helena. */
	async function contactWrites(text, runs) {
		return await contactSends(() => e2e.sandbox.chat.contactWrites(PHONE, text), runs);
	}

	async function contactSends(send, runs) {
		requestsBefore = model.requests.length;
		e2e.sandbox.clearRequests();
		const sent = send();
		sessionId = sent.sessionId ?? sent.id;
		await e2e.sandbox.waitForDeliveries();
		const executions = await e2e.finishedExecutions(workflow.id, runs);
		const messageId = (each) => outputOf(each.data.resultData.runData, 'Contact writes')[0]?.content?.id;
		const newest = e2e.sandbox.chat
			.history(sessionId)
			.filter((message) => message.direction === 'FROM_HUB')
			.at(-1);
		const execution = executions.find((each) => messageId(each) === newest.id);
		assert.equal(executionStatus(execution), 'success', JSON.stringify(execution?.data?.resultData?.error ?? null));
		const requests = e2e.sandbox.requests
			.filter((request) => request.decodedPath.startsWith('/chat/'))
			.map((request) => `${request.method} ${request.decodedPath}`);
		return { execution, requests, modelRequests: model.requests.slice(requestsBefore) };
	}

	/** Collect Burst's requests for a burst of one message: the newest page, the conversation, the claim, the notes and the confirmation. */
	const collected = () => [
		`GET /chat/v1/session/${sessionId}/message`,
		`GET /chat/v2/session/${sessionId}`,
		`POST /chat/v1/session/${sessionId}/note`,
		`GET /chat/v1/session/${sessionId}/note`,
		`POST /chat/v1/session/${sessionId}/note`,
	];

	const lastSent = () =>
		e2e.sandbox.chat
			.history(sessionId)
			.filter((message) => message.direction === 'TO_HUB')
			.at(-1);

	test('a question: the agent reads the conversation and answers in it', async () => {
		const { requests, modelRequests } = await contactWrites('Oi! Vocês abrem no sábado?', 1);

		assert.deepEqual(requests, [...collected(), `GET /chat/v1/session/${sessionId}/message`, `POST /chat/v1/session/${sessionId}/message`]);
		const history = e2e.sandbox.requests.filter((request) => request.method === 'GET' && request.decodedPath.endsWith('/message'))[1];
		assert.equal(history.query.OrderDirection, 'DESCENDING');
		assert.equal(history.query.PageSize, '100');
		// what the model saw: the four tools with their descriptions, and the history with the contact's message
		const offered = modelRequests[0].tools.map((entry) => entry.function.name).sort();
		assert.deepEqual(offered, [
			'Complete_conversation',
			'Get_conversation_history',
			'Send_message_in_conversation',
			'Transfer_to_a_person',
		]);
		const send = toolNamed(modelRequests[0], /^Send_message_in_conversation$/);
		assert.match(send.description, /only way the contact sees an answer/);
		assert.deepEqual(send.parameters.required, ['message']);
		const read = lastToolResult(modelRequests[1]);
		const messages = Array.isArray(read) ? read : [read];
		// the simplified message of Conversation → Get Messages, the same keys as Message → Get Many
		assert.deepEqual(
			{ ...messages[0], id: undefined, createdAt: undefined },
			{
				id: undefined,
				createdAt: undefined,
				sessionId,
				direction: 'received',
				author: 'contact',
				userId: null,
				type: 'TEXT',
				text: 'Oi! Vocês abrem no sábado?',
				transcription: null,
				file: null,
				status: 'DELIVERED',
				replyTo: null,
			},
		);
		assert.deepEqual(
			{ direction: lastSent().direction, text: lastSent().text, sessionId: lastSent().sessionId },
			{ direction: 'TO_HUB', text: ANSWERS.hours, sessionId },
		);
	});

	test('an audio: the trigger attaches it, OpenAI transcription hears it, the agent answers what was said', async () => {
		const transcribedBefore = model.transcriptions.length;
		const { execution, requests, modelRequests } = await contactSends(
			() => e2e.sandbox.chat.contactSendsFile(PHONE, { name: 'pergunta.ogg', mimeType: 'audio/ogg', bytes: AUDIO }),
			2,
		);

		// the file reached the transcription byte for byte, with its name and type, and no key reached its host
		const heard = model.transcriptions.slice(transcribedBefore);
		assert.equal(heard.length, 1);
		assert.deepEqual(
			{ sha: sha256(heard[0].bytes), fileName: heard[0].fileName, contentType: heard[0].contentType },
			{ sha: sha256(AUDIO), fileName: 'pergunta.ogg', contentType: 'audio/ogg' },
		);
		assert.deepEqual(e2e.sandbox.media.keyLeaks(), []);
		assert.deepEqual(outputOf(execution.data.resultData.runData, 'Transcribe the audio'), [{ text: SPOKEN }]);
		assert.equal(contactText(modelRequests[0]), SPOKEN);
		assert.deepEqual(requests, [...collected(), `GET /chat/v1/session/${sessionId}/message`, `POST /chat/v1/session/${sessionId}/message`]);
		assert.equal(lastSent().text, ANSWERS.delivery);
	});

	test('the contact says goodbye: the agent says goodbye and completes the conversation', async () => {
		const { requests } = await contactWrites('Obrigado, tchau!', 3);

		assert.deepEqual(requests, [
			...collected(),
			`GET /chat/v1/session/${sessionId}/message`,
			`POST /chat/v1/session/${sessionId}/message`,
			`PUT /chat/v1/session/${sessionId}/complete`,
		]);
		assert.equal(lastSent().text, ANSWERS.goodbye);
		assert.equal(e2e.sandbox.chat.session(sessionId).status, 'COMPLETED');
	});

	test('completed, the contact writes again and asks for a person: the agent says so and transfers the conversation to the department', async () => {
		const { requests } = await contactWrites('Quero falar com uma pessoa, por favor', 4);

		assert.deepEqual(requests, [
			...collected(),
			`GET /chat/v1/session/${sessionId}/message`,
			`POST /chat/v1/session/${sessionId}/message`,
			`PUT /chat/v1/session/${sessionId}/transfer`,
		]);
		assert.equal(lastSent().text, ANSWERS.person);
		const session = e2e.sandbox.chat.session(sessionId);
		assert.equal(session.departmentId, demo.departmentId('Suporte'));
		assert.equal(session.status, 'PENDING');
	});

	test('transferred, the contact writes again: the assistant is silent while the conversation waits for the people, and says why', async () => {
		const { execution, requests, modelRequests } = await contactWrites('Tem alguém aí?', 5);

		// Collect Burst reads the page and the conversation, and steps aside: no claim, no model, no answer
		assert.deepEqual(requests, [`GET /chat/v1/session/${sessionId}/message`, `GET /chat/v2/session/${sessionId}`]);
		assert.deepEqual(modelRequests, []);
		const full = await e2e.n8n.api('GET', `/executions/${execution.id}?includeData=true`);
		const reason = full.customData?.collectBurst ?? full.data?.resultData?.metadata?.collectBurst;
		assert.equal(
			reason,
			`the conversation waits in department ${demo.departmentId('Suporte')}, which is not one of the Departments the Assistant Serves`,
		);
		const history = e2e.sandbox.chat.history(sessionId).map((message) => `${message.direction} ${message.text}`);
		assert.deepEqual(history, [
			'FROM_HUB Oi! Vocês abrem no sábado?',
			`TO_HUB ${ANSWERS.hours}`,
			'FROM_HUB null',
			`TO_HUB ${ANSWERS.delivery}`,
			'FROM_HUB Obrigado, tchau!',
			`TO_HUB ${ANSWERS.goodbye}`,
			'FROM_HUB Quero falar com uma pessoa, por favor',
			`TO_HUB ${ANSWERS.person}`,
			'FROM_HUB Tem alguém aí?',
		]);
	});
});
