'use strict';

/**
 * The batch sends (`/chat/v1/send/template/batch`, `/chat/v1/send/chatbot/batch`): what every message
 * shares is checked once (a wrong template, channel or chatbot refuses the whole request, as a 400
 * ProblemDetails); then each message is sent as the single send would send it, and a message the single
 * send would refuse (a bad number, a missing parameter) becomes a FAILED result with its reason. The
 * answer lists one result per message, in the order of `messages`.
 */

const { ApiError } = require('../errors');
const { newId, nowIso } = require('../ids');
const { problem, strictBody, optUuid } = require('./rules');
const { chatOf, channelAddress, phoneDigits, toSendReceipt } = require('./store');
const messages = require('./messages');

/** The reference's cap for the template batch; the chatbot batch states none, the sandbox holds it to the same. */
const MAX_MESSAGES = 100;

function readMessages(body) {
	const list = body.messages;
	if (!Array.isArray(list) || list.length === 0)
		throw problem(400, "O campo 'messages' deve ter ao menos uma mensagem", { field: 'messages' });
	if (list.length > MAX_MESSAGES)
		throw problem(400, `É possível enviar até ${MAX_MESSAGES} mensagens por requisição; recebidas ${list.length}`, { field: 'messages' });
	return list;
}

/** A message the single send refused, as the batch reports it: FAILED with the reason. */
function failedResult(ctx, message, error) {
	if (!(error instanceof ApiError)) throw error;
	const now = nowIso();
	return toSendReceipt(ctx.state, {
		id: newId(),
		createdAt: now,
		updatedAt: now,
		sessionId: null,
		status: 'FAILED',
		senderId: message?.senderId ?? null,
		sentAt: null,
		failedReason: error.problem?.detail ?? error.message,
		callbackUrl: message?.callbackUrl ?? null,
	});
}

function eachMessage(ctx, list, send) {
	return {
		results: list.map((message) => {
			try {
				return send(message);
			} catch (error) {
				return failedResult(ctx, message, error);
			}
		}),
	};
}

/** What every message of the batch shares, checked once: a refusal here refuses the whole request. */
function checkShared(ctx, body) {
	const { state } = ctx;
	const options = body.options ?? {};
	if (options.user?.id && !state.users.get(String(options.user.id).toLowerCase()))
		throw problem(400, `Usuário '${options.user.id}' não encontrado`, { field: 'options.user' });
	if (options.department?.id && !state.departments.get(String(options.department.id).toLowerCase()))
		throw problem(400, `Departamento '${options.department.id}' não encontrado`, { field: 'options.department' });
	if (body.from === undefined || body.from === null) return undefined;
	const wanted = String(body.from).trim();
	const channel = [...state.channels.values()].find((candidate) => {
		const address = channelAddress(candidate);
		return address.startsWith('@') ? address.toLowerCase() === wanted.toLowerCase() : phoneDigits(wanted) === address;
	});
	if (!channel) throw problem(400, `Nenhum canal da conta tem o número '${wanted}'`, { field: 'from' });
	return channel;
}

function sendTemplateBatch(ctx) {
	const body = strictBody(ctx.body, ['from', 'templateId', 'options', 'messages'], 'PublicReqSendTemplateBatchDTO', true);
	const list = readMessages(body);
	const chat = chatOf(ctx.state);
	const template = typeof body.templateId === 'string' ? chat.templates.get(body.templateId.toLowerCase()) : undefined;
	if (!template)
		throw problem(400, `Modelo de mensagem '${body.templateId}' não encontrado (informe o ID do modelo)`, { field: 'templateId' });
	const channel = checkShared(ctx, body);
	if (!channel) throw problem(400, "O campo 'from' é obrigatório", { field: 'from' });
	if (template.channelId !== channel.id)
		throw problem(400, `O modelo '${template.name}' não pertence ao canal ${body.from}`, { field: 'templateId' });
	if (template.status !== 'Approved')
		throw problem(400, `O modelo '${template.name}' não está aprovado (status ${template.status})`, { field: 'templateId' });
	const shared = { from: body.from, templateId: body.templateId, ...(body.options ? { options: body.options } : {}) };
	return eachMessage(ctx, list, (message) => messages.sendTemplate({ ...ctx, body: { ...message, ...shared } }));
}

function sendChatbotBatch(ctx) {
	const body = strictBody(ctx.body, ['botKey', 'from', 'options', 'messages'], 'PublicReqSendBotBatchDTO', true);
	const list = readMessages(body);
	const botKey = optUuid(body.botKey, 'botKey', true);
	if (!botKey) throw problem(400, "O campo 'botKey' é obrigatório", { field: 'botKey' });
	if (![...chatOf(ctx.state).chatbots.values()].some((bot) => bot.key === botKey))
		throw problem(400, `Nenhum chatbot tem a chave '${botKey}'`, { field: 'botKey' });
	checkShared(ctx, body);
	list.forEach((message, position) => {
		if (!message?.to && !message?.sessionId)
			throw problem(400, `A mensagem ${position} deve ter 'to' ou 'sessionId'`, { field: `messages[${position}]` });
	});
	const shared = { botKey, ...(body.from ? { from: body.from } : {}), ...(body.options ? { options: body.options } : {}) };
	return eachMessage(ctx, list, (message) => messages.sendChatbot({ ...ctx, body: { ...message, ...shared } }));
}

module.exports = { sendTemplateBatch, sendChatbotBatch, MAX_MESSAGES };
