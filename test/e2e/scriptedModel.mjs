// A stand-in for an OpenAI-compatible chat model, so n8n's AI Agent can run offline. It answers
// POST /v1/chat/completions the way the real API does (the wire format is the sandbox model's,
// test/sandbox/model/openAiWire.js), but its "decisions" are a script: each turn is a function of the request (the
// tools the agent offers and the messages so far) that returns either tool calls or a final text. It records every
// request, so a test sees exactly what the model was shown: each tool's name, description and JSON schema, and the
// tool results.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { audioFile, modelList, openAiError, readAll, sendCompletion, sendJson } = require('../sandbox/model/openAiWire.js');
export const { lastToolResult, toolNamed } = require('../sandbox/model/assistant.js');

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
		const raw = await readAll(req);
		if (req.method === 'GET' && req.url.endsWith('/models')) return sendJson(res, 200, modelList('scripted-model', 'e2e'));
		if (req.method === 'POST' && req.url.endsWith('/audio/transcriptions') && transcribe) {
			const file = audioFile(req.headers['content-type'] ?? '', raw);
			if (!file) return sendJson(res, 400, openAiError('No file part in the multipart body'));
			transcriptions.push(file);
			return sendJson(res, 200, { text: transcribe(file) });
		}
		if (req.method !== 'POST' || !req.url.endsWith('/chat/completions')) {
			return sendJson(res, 404, openAiError(`No route ${req.method} ${req.url}`));
		}
		const body = JSON.parse(raw.toString('utf8'));
		requests.push(body);
		const step = script[turn++];
		if (!step) return sendJson(res, 500, openAiError(`The script has no turn ${turn}`));
		let decision;
		try {
			decision = step({ tools: body.tools ?? [], messages: body.messages ?? [] });
		} catch (error) {
			return sendJson(res, 500, openAiError(`Script turn ${turn} failed: ${error.message}`));
		}
		sendCompletion(res, body, decision, turn);
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
