'use strict';

/**
 * OpenAI's wire format for a stand-in model, written once: the sandbox's model (model/index.js) and the e2e suites'
 * scripted model (test/e2e/scriptedModel.mjs) both answer with it. A decision is either
 * `{ toolCalls: [{ name, arguments }] }` or `{ text }`; it goes out as a chat completion, or streamed (server-sent
 * events: one delta chunk, then `[DONE]`) when the request asks for `stream`, as n8n's OpenAI Chat Model may.
 */

/** @typedef {{ toolCalls: Array<{ name: string, arguments: Record<string, unknown> }> } | { text: string }} Decision */

/** @param {import('node:http').ServerResponse} res @param {number} status @param {unknown} body */
function sendJson(res, status, body) {
	const text = JSON.stringify(body);
	res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) });
	res.end(text);
}

/** `GET /v1/models`: one model, named `id`. */
const modelList = (id, ownedBy) => ({ object: 'list', data: [{ id, object: 'model', created: 0, owned_by: ownedBy }] });

/** An error as OpenAI words it. */
const openAiError = (message, type = 'invalid_request_error') => ({ error: { message, type, param: null, code: null } });

/**
 * Answers `body` (a parsed chat completion request) with `decision`; `turn` numbers the ids.
 * @param {import('node:http').ServerResponse} res @param {any} body @param {Decision} decision @param {number} turn
 */
function sendCompletion(res, body, decision, turn) {
	const message =
		'toolCalls' in decision
			? {
					role: 'assistant',
					content: null,
					tool_calls: decision.toolCalls.map((call, index) => ({
						id: `call_${turn}_${index}`,
						type: 'function',
						function: { name: call.name, arguments: JSON.stringify(call.arguments) },
					})),
				}
			: { role: 'assistant', content: decision.text };
	const reply = {
		id: `chatcmpl-${turn}`,
		object: 'chat.completion',
		created: Math.floor(Date.now() / 1000),
		model: body.model,
		choices: [{ index: 0, message, finish_reason: 'toolCalls' in decision ? 'tool_calls' : 'stop' }],
		usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
	};
	if (!body.stream) return sendJson(res, 200, reply);
	res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
	const delta = { ...message };
	if (delta.tool_calls) delta.tool_calls = delta.tool_calls.map((call, index) => ({ index, ...call }));
	const chunk = {
		...reply,
		object: 'chat.completion.chunk',
		choices: [{ index: 0, delta, finish_reason: reply.choices[0].finish_reason }],
	};
	delete chunk.usage;
	res.write(`data: ${JSON.stringify(chunk)}\n\n`);
	if (body.stream_options?.include_usage) res.write(`data: ${JSON.stringify({ ...chunk, choices: [], usage: reply.usage })}\n\n`);
	res.end('data: [DONE]\n\n');
}

/**
 * The `file` part (and the `model` field) of a multipart/form-data body, as OpenAI's transcription route reads it.
 * @param {string} contentType @param {Buffer} body
 * @returns {{ model: string, fileName: string, contentType: string, bytes: Buffer } | undefined}
 */
function audioFile(contentType, body) {
	const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
	if (!boundary) return undefined;
	const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
	const parts = [];
	for (let start = body.indexOf(delimiter); start !== -1;) {
		const next = body.indexOf(delimiter, start + delimiter.length);
		if (next === -1) break;
		parts.push(body.subarray(start + delimiter.length + 2, next - 2)); // after CRLF, before CRLF
		start = next;
	}
	/** @type {Record<string, string>} */
	const fields = {};
	let file;
	for (const part of parts) {
		const headerEnd = part.indexOf('\r\n\r\n');
		const headers = part.subarray(0, headerEnd).toString('utf8');
		const content = part.subarray(headerEnd + 4);
		const name = /name="([^"]*)"/.exec(headers)?.[1];
		if (name === 'file') {
			file = {
				fileName: /filename="([^"]*)"/.exec(headers)?.[1] ?? '',
				contentType: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1] ?? '',
				bytes: content,
			};
		} else if (name) fields[name] = content.toString('utf8');
	}
	return file && { model: fields.model ?? '', ...file };
}

/** @param {import('node:http').IncomingMessage} req */
async function readAll(req) {
	const chunks = [];
	for await (const chunk of req) chunks.push(chunk);
	return Buffer.concat(chunks);
}

module.exports = { audioFile, modelList, openAiError, readAll, sendCompletion, sendJson };
