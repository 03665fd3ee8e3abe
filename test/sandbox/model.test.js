'use strict';

const http = require('node:http');
const { startSandbox } = require('./index');
const { TRANSCRIPTION } = require('./model');

/*
 * The sandbox's stand-in chat model (model/): OpenAI's chat completions with tool calls, streamed or not, as n8n's
 * OpenAI Chat Model sends them to a credential whose Base URL is `<sandbox>/v1`. Each test plays n8n's AI Agent:
 * it offers the examples' tools, runs what the model calls (here: a canned tool result) and asks again, until the
 * model answers with a text.
 */

/** @type {import('./index').Sandbox} */
let sb;
beforeAll(async () => {
	sb = await startSandbox({ port: 0 });
});
afterAll(async () => {
	await sb.close();
});

const tool = (name, properties = {}) => ({
	type: 'function',
	function: { name, description: name, parameters: { type: 'object', properties } },
});
/** n8n wraps a tool behind an approval gate: its own input goes in `toolParameters`. */
const gated = (name) => tool(name, { toolParameters: { type: 'object' }, hitlParameters: { type: 'object' } });
const CONVERSATION_TOOLS = [
	tool('Get_conversation_history', { count: { type: 'number' } }),
	tool('Send_message_in_conversation', { message: { type: 'string' } }),
	tool('Transfer_to_a_person'),
	tool('Complete_conversation'),
];

async function complete(body, { stream = false, headers = {} } = {}) {
	const response = await fetch(`${sb.url}/v1/chat/completions`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', authorization: 'Bearer any-key', ...headers },
		body: JSON.stringify({ model: 'gpt-4.1-mini', ...body, ...(stream ? { stream: true } : {}) }),
	});
	if (!stream) return { status: response.status, body: await response.json() };
	const text = await response.text();
	const chunks = text
		.split('\n\n')
		.filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
		.map((line) => JSON.parse(line.slice(6)));
	return { status: response.status, text, chunks, contentType: response.headers.get('content-type') };
}

/**
 * The agent's loop: asks the model, runs each tool it calls with `run(name, args)`, until a text comes; returns the
 * calls in order and the text.
 */
async function agentRun(tools, userText, run = () => '{"ok":true}', { stream = false } = {}) {
	const messages = [
		{ role: 'system', content: 'You answer customers.' },
		{ role: 'user', content: userText },
	];
	const calls = [];
	for (let turn = 0; turn < 10; turn++) {
		const answer = await complete({ messages, tools }, { stream });
		expect(answer.status).toBe(200);
		const message = stream ? answer.chunks[0].choices[0].delta : answer.body.choices[0].message;
		if (!message.tool_calls) return { calls, text: message.content };
		messages.push({ role: 'assistant', content: null, tool_calls: message.tool_calls });
		for (const call of message.tool_calls) {
			const args = JSON.parse(call.function.arguments);
			calls.push(`${call.function.name} ${JSON.stringify(args)}`);
			messages.push({ role: 'tool', tool_call_id: call.id, content: run(call.function.name, args) });
		}
	}
	throw new Error('the model never answered with a text');
}

test('a question: it reads the history, then answers in the conversation', async () => {
	const run = await agentRun(CONVERSATION_TOOLS, 'Oi! Vocês abrem no sábado?');
	expect(run.calls).toEqual([
		'Get_conversation_history {"count":20}',
		'Send_message_in_conversation {"message":"Sim! Abrimos no sábado, das 9h às 13h."}',
	]);
	expect(run.text).toBe('Done (hours).');
});

test('asked for a person it answers and transfers; told goodbye it answers and completes; anything else is echoed with what it can do', async () => {
	expect((await agentRun(CONVERSATION_TOOLS, 'Quero falar com uma pessoa')).calls.slice(1)).toEqual([
		'Send_message_in_conversation {"message":"Claro, vou te passar para um atendente agora."}',
		'Transfer_to_a_person {}',
	]);
	expect((await agentRun(CONVERSATION_TOOLS, 'oi\nobrigado, tchau!')).calls.slice(1)).toEqual([
		'Send_message_in_conversation {"message":"Obrigado pelo contato, até logo!"}',
		'Complete_conversation {}',
	]);
	const other = await agentRun(CONVERSATION_TOOLS, 'qual é a cor do céu?');
	expect(other.calls[1]).toMatch(
		/^Send_message_in_conversation \{"message":"Recebi: \\"qual é a cor do céu\?\\"\. Sou o modelo de demonstração do sandbox/,
	);
});

test('streamed, as n8n may ask: the same decisions as server-sent events, one delta chunk and [DONE]', async () => {
	const answer = await complete({ messages: [{ role: 'user', content: 'tchau' }], tools: CONVERSATION_TOOLS }, { stream: true });
	expect(answer.contentType).toBe('text/event-stream');
	expect(answer.text.endsWith('data: [DONE]\n\n')).toBe(true);
	expect(answer.chunks[0]).toMatchObject({
		object: 'chat.completion.chunk',
		choices: [
			{
				delta: { tool_calls: [{ index: 0, type: 'function', function: { name: 'Get_conversation_history' } }] },
				finish_reason: 'tool_calls',
			},
		],
	});
	const run = await agentRun(CONVERSATION_TOOLS, 'tchau', undefined, { stream: true });
	expect(run.calls.map((call) => call.split(' ')[0])).toEqual([
		'Get_conversation_history',
		'Send_message_in_conversation',
		'Complete_conversation',
	]);
});

test('behind an approval gate (the manager example): the gated Transfer is called through the gate, and a declined one is told to the contact', async () => {
	const tools = [
		tool('Send_message_in_conversation', { message: { type: 'string' } }),
		gated('Transfer_to_a_person'),
		gated('Complete_conversation'),
	];
	const approved = await agentRun(tools, 'Uma pessoa, por favor', (name) =>
		name === 'Transfer_to_a_person' ? '[{"id":"s1","departmentId":"d1"}]' : '{}',
	);
	expect(approved.calls).toEqual([
		'Send_message_in_conversation {"message":"Claro! Vou pedir a um gerente para te passar para um atendente; um momento."}',
		'Transfer_to_a_person {"toolParameters":{},"hitlParameters":{}}',
	]);
	expect(approved.text).toBe('Done (person, approved).');
	const declined = await agentRun(tools, 'Uma pessoa, por favor', (name) =>
		name === 'Transfer_to_a_person' ? 'User rejected the tool call to Transfer to a person' : '{}',
	);
	expect(declined.calls.at(-1)).toBe(
		'Send_message_in_conversation {"message":"Não consegui fazer isso agora: o gerente não aprovou. Posso ajudar em algo mais?"}',
	);
	expect(declined.text).toBe('Done (person, not approved).');
});

test('the contact assistant: "Tag 5511999999999 as Gold" finds the contact by phone, then tags it with the ID found', async () => {
	const tools = [
		tool('Find_contact_by_phone', { phone: { type: 'string' } }),
		tool('Tag_contact', { contactId: { type: 'string' }, tags: { type: 'string' } }),
	];
	const run = await agentRun(tools, 'Tag 5511999999999 as Gold', (name) =>
		name === 'Find_contact_by_phone' ? '[{"id":"c-1","name":"Maria Silva"}]' : '[{"id":"c-1"}]',
	);
	expect(run.calls).toEqual(['Find_contact_by_phone {"phone":"5511999999999"}', 'Tag_contact {"contactId":"c-1","tags":"Gold"}']);
	expect(run.text).toBe('Done: Maria Silva now has the tag Gold.');
});

test('a request with no tools it knows: a text that says what it is; GET /v1/models lists it; a recording is heard as a fixed sentence', async () => {
	const { body } = await complete({ messages: [{ role: 'user', content: 'hello' }] });
	expect(body.choices[0].message.content).toMatch(/^I am the Helena sandbox's stand-in model.+You wrote: "hello"/);
	const models = await (await fetch(`${sb.url}/v1/models`)).json();
	expect(models.data.map((model) => model.id)).toEqual(['sandbox-model']);
	const form = new FormData();
	form.append('model', 'whisper-1');
	form.append('file', new Blob([Buffer.from('ogg bytes')], { type: 'audio/ogg' }), 'voz.ogg');
	const heard = await (await fetch(`${sb.url}/v1/audio/transcriptions`, { method: 'POST', body: form })).json();
	expect(heard).toEqual({ text: TRANSCRIPTION });
	expect(sb.model.transcriptions.at(-1)).toEqual({ model: 'whisper-1', fileName: 'voz.ogg', contentType: 'audio/ogg', bytes: 9 });
});

test('it follows the sandbox’s Origin and Host rules: a page on another site, or another host name, is refused', async () => {
	const port = Number(new URL(sb.url).port);
	const raw = (headers) =>
		new Promise((resolve, reject) => {
			const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/v1/chat/completions', headers }, (res) => {
				res.resume();
				res.on('end', () => resolve(res.statusCode));
			});
			req.on('error', reject);
			req.end('{"messages":[]}');
		});
	expect(await raw({ host: `127.0.0.1:${port}`, origin: 'http://evil.example', 'content-type': 'application/json' })).toBe(403);
	expect(await raw({ host: `rebound.example:${port}`, 'content-type': 'application/json' })).toBe(403);
	expect(await raw({ host: `127.0.0.1:${port}`, 'content-type': 'application/json' })).toBe(400);
	expect(sb.server.address().address).toBe('127.0.0.1');
});
