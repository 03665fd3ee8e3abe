'use strict';

/**
 * The sandbox's stand-in chat model, an OpenAI-compatible API at `<sandbox>/v1`, so the AI examples run without a
 * key of one's own: n8n's OpenAI Chat Model with an OpenAI credential whose Base URL is `<sandbox>/v1` (`npm start`
 * creates it: "Sandbox model").
 *   GET  /v1/models                the one model, `sandbox-model` (n8n's credential test and model list)
 *   POST /v1/chat/completions      a decision of the script (assistant.js), tool calls included, streamed or not
 *   POST /v1/audio/transcriptions  every recording is heard as TRANSCRIPTION
 * Any API key is accepted (there is nothing to protect; the credential's key is not a secret). Like the page, not in
 * the request log of the Helena API; its own log is `sandbox.model.requests` and `.transcriptions`.
 */

const { decide } = require('./assistant');
const { audioFile, modelList, openAiError, readAll, sendCompletion, sendJson } = require('./openAiWire');

/** The model's routes: any other /v1/… is Helena's, missing its service (/core, /chat, /crm). */
const MODEL_PATHS = /^\/v1\/(models(\/[^/]+)?|chat\/completions|audio\/transcriptions)\/*$/;
const MODEL_ID = 'sandbox-model';
/** What the stand-in hears in any recording. */
const TRANSCRIPTION = 'Vocês fazem entrega no meu bairro?';

/** Whether a request is the model's. @param {string} pathname */
const isModelRequest = (pathname) => MODEL_PATHS.test(pathname);

class SandboxModel {
	constructor() {
		/** @type {any[]} the chat completion requests, parsed, in order */
		this.requests = [];
		/** @type {Array<{ model: string, fileName: string, contentType: string, bytes: number }>} */
		this.transcriptions = [];
	}

	/** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
	async handle(req, res, method, pathname) {
		const body = await readAll(req);
		const route = `${method} ${pathname.replace(/\/+$/, '')}`;
		if (route === 'GET /v1/models') return sendJson(res, 200, modelList(MODEL_ID, 'helena-sandbox'));
		if (route === `GET /v1/models/${MODEL_ID}`) return sendJson(res, 200, modelList(MODEL_ID, 'helena-sandbox').data[0]);
		if (route === 'POST /v1/audio/transcriptions') {
			const file = audioFile(String(req.headers['content-type'] ?? ''), body);
			if (!file) return sendJson(res, 400, openAiError('No file part in the multipart body'));
			this.transcriptions.push({ model: file.model, fileName: file.fileName, contentType: file.contentType, bytes: file.bytes.length });
			return sendJson(res, 200, { text: TRANSCRIPTION });
		}
		if (route !== 'POST /v1/chat/completions')
			return sendJson(
				res,
				404,
				openAiError(
					`The sandbox model has no route ${method} ${pathname}: it answers /v1/chat/completions, /v1/models and /v1/audio/transcriptions`,
				),
			);
		let request;
		try {
			request = JSON.parse(body.toString('utf8'));
		} catch {
			return sendJson(res, 400, openAiError('The body is not valid JSON'));
		}
		if (!Array.isArray(request?.messages) || !request.messages.length)
			return sendJson(res, 400, openAiError("'messages' must be a non-empty array"));
		this.requests.push(request);
		let decision;
		try {
			decision = decide({ tools: request.tools ?? [], messages: request.messages });
		} catch (error) {
			return sendJson(
				res,
				500,
				openAiError(`The sandbox model's script failed: ${error instanceof Error ? error.message : error}`, 'server_error'),
			);
		}
		return sendCompletion(res, request, decision, this.requests.length);
	}
}

module.exports = { MODEL_ID, SandboxModel, TRANSCRIPTION, isModelRequest };
