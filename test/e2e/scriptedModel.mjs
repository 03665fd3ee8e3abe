// A stand-in for an OpenAI-compatible chat model, so n8n's AI Agent can run offline. It answers
// POST /v1/chat/completions the way the real API does, but its "decisions" are a script: each turn is
// a function of the request (the tools the agent offers and the messages so far) that returns either
// tool calls or a final text. It records every request, so a test sees exactly what the model was
// shown: each tool's name, description and JSON schema, and the tool results.
import { createServer } from 'node:http';

/**
 * @typedef {{ tools: Array<{ type: string, function: { name: string, description: string, parameters: any } }>, messages: any[] }} ChatRequest
 * @typedef {{ toolCalls: Array<{ name: string, arguments: Record<string, unknown> }> } | { text: string }} Turn
 * @param {Array<(request: ChatRequest) => Turn>} script  one entry per model call, in order
 * @param {{ transcribe?: (file: AudioFile) => string }} [options]  how POST /v1/audio/transcriptions (OpenAI's
 *   Transcribe a recording) answers; each such request is recorded in `transcriptions`
 * @typedef {{ model: string, fileName: string, contentType: string, bytes: Buffer }} AudioFile
 */
export async function startScriptedModel(script, { transcribe } = {}) {
	const requests = [];
	/** @type {AudioFile[]} */
	const transcriptions = [];
	let turn = 0;
	const server = createServer(async (req, res) => {
		const chunks = [];
		for await (const chunk of req) chunks.push(chunk);
		const raw = Buffer.concat(chunks).toString('utf8');
		const send = (status, body) => {
			res.writeHead(status, { 'content-type': 'application/json' });
			res.end(JSON.stringify(body));
		};
		if (req.method === 'GET' && req.url.endsWith('/models')) {
			return send(200, { object: 'list', data: [{ id: 'scripted-model', object: 'model', owned_by: 'e2e' }] });
		}
		if (req.method === 'POST' && req.url.endsWith('/audio/transcriptions') && transcribe) {
			const file = audioFile(req.headers['content-type'] ?? '', Buffer.concat(chunks));
			if (!file) return send(400, { error: { message: 'No file part in the multipart body' } });
			transcriptions.push(file);
			return send(200, { text: transcribe(file) });
		}
		if (req.method !== 'POST' || !req.url.endsWith('/chat/completions')) {
			return send(404, { error: { message: `No route ${req.method} ${req.url}` } });
		}
		const body = JSON.parse(raw);
		requests.push(body);
		const step = script[turn++];
		if (!step) return send(500, { error: { message: `The script has no turn ${turn}` } });
		let decision;
		try {
			decision = step({ tools: body.tools ?? [], messages: body.messages ?? [] });
		} catch (error) {
			return send(500, { error: { message: `Script turn ${turn} failed: ${error.message}` } });
		}
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
		if (!body.stream) return send(200, reply);
		// streamed: the same answer as one delta chunk, then [DONE]
		res.writeHead(200, { 'content-type': 'text/event-stream' });
		const delta = { ...message };
		if (delta.tool_calls) delta.tool_calls = delta.tool_calls.map((call, index) => ({ index, ...call }));
		const chunk = {
			...reply,
			object: 'chat.completion.chunk',
			choices: [{ index: 0, delta, finish_reason: reply.choices[0].finish_reason }],
		};
		res.write(`data: ${JSON.stringify(chunk)}\n\n`);
		res.end('data: [DONE]\n\n');
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	const url = `http://127.0.0.1:${server.address().port}/v1`;
	return {
		url,
		requests,
		transcriptions,
		close: () => new Promise((resolve) => server.close(resolve)),
	};
}

/** The `file` part (and the `model` field) of a multipart/form-data body, as OpenAI's transcription route reads it. */
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

/** The tool whose name matches `pattern` in a request, or an error listing what was offered. */
export function toolNamed(request, pattern) {
	const tool = request.tools.find((candidate) => pattern.test(candidate.function.name));
	if (!tool) throw new Error(`No tool matching ${pattern} among ${request.tools.map((t) => t.function.name).join(', ')}`);
	return tool.function;
}

/** The parsed content of the last tool result in the conversation. */
export function lastToolResult(request) {
	const message = [...request.messages].reverse().find((candidate) => candidate.role === 'tool');
	if (!message) throw new Error('No tool result in the conversation yet');
	const content = typeof message.content === 'string' ? message.content : JSON.stringify(message.content);
	try {
		return JSON.parse(content);
	} catch {
		return content;
	}
}
