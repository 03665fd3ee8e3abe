'use strict';

/**
 * Two sends of the send family that are not messages of a conversation: the "typing…" indicator of a
 * conversation, and a one-time password (OTP) to a WhatsApp number, whose status is read by its ID or by
 * the sender's reference (`senderId`). Both answer their 4xx as ProblemDetails.
 */

const { newId, nowIso } = require('../ids');
const { phoneDigits } = require('../phone');
const { problem, strictBody, optUuid, optText } = require('./rules');
const { chatOf, channelAddress, channelKind } = require('./store');

const OTP_KEYS = ['code', 'templateId', 'from', 'to', 'callbackUrl', 'senderId'];
/** WhatsApp's authentication templates take a code of at most 15 characters. */
const MAX_CODE_LENGTH = 15;

/** POST /v1/send/typing: accepted for an open conversation; only CloudAPI channels show it. */
function sendTyping(ctx) {
	const body = strictBody(ctx.body, ['sessionId'], 'PublicReqSendTypingDTO', true);
	const sessionId = optUuid(body.sessionId, 'sessionId', true);
	if (!sessionId) throw problem(400, "O campo 'sessionId' é obrigatório", { field: 'sessionId' });
	const chat = chatOf(ctx.state);
	const session = chat.sessions.get(sessionId);
	if (!session) throw problem(404, `Sessão '${sessionId}' não encontrada`);
	if (session.status === 'COMPLETED') throw problem(400, `A sessão '${sessionId}' já foi concluída`, { field: 'sessionId' });
	(chat.typing ??= []).push({ sessionId, at: nowIso() });
	return undefined;
}

function otpsOf(chat) {
	return (chat.otps ??= new Map());
}

/** POST /v1/send/otp: a code (given, or 5 random digits) sent from a WhatsApp channel to a number. */
function sendOtp(ctx) {
	const body = strictBody(ctx.body, OTP_KEYS, 'PublicReqSendOtpMessageV2DTO', true);
	const chat = chatOf(ctx.state);
	for (const key of ['from', 'to']) {
		if (typeof body[key] !== 'string' || !body[key].trim()) throw problem(400, `O campo '${key}' é obrigatório`, { field: key });
	}
	const channel = [...ctx.state.channels.values()].find(
		(c) => channelKind(c).whatsapp && (c.id === body.from.toLowerCase() || channelAddress(c) === phoneDigits(body.from)),
	);
	if (!channel) throw problem(400, `Nenhum canal de WhatsApp da conta corresponde a '${body.from}'`, { field: 'from' });
	const digits = phoneDigits(body.to);
	if (digits.length < 10 || digits.length > 15 || /[a-z@]/i.test(body.to))
		throw problem(400, `O número '${body.to}' não é um telefone válido`, { field: 'to' });
	const given = optText(body.code, 'code', true);
	if (given !== undefined && (!given.trim() || given.length > MAX_CODE_LENGTH))
		throw problem(400, `O campo 'code' deve ter entre 1 e ${MAX_CODE_LENGTH} caracteres`, { field: 'code' });
	const templateId = optText(body.templateId, 'templateId', true);
	if (templateId) {
		const template = chat.templates.get(templateId.toLowerCase());
		if (!template) throw problem(400, `Modelo de mensagem '${templateId}' não encontrado`, { field: 'templateId' });
		if (template.channelId !== channel.id)
			throw problem(400, `O modelo '${template.name}' não pertence ao canal ${body.from}`, { field: 'templateId' });
	}
	const now = nowIso();
	const failure = chat.undeliverable.get(digits);
	const otp = {
		id: newId(),
		createdAt: now,
		updatedAt: now,
		code: given ?? String(Math.floor(Math.random() * 100000)).padStart(5, '0'),
		status: failure ? 'FAILED' : 'SENT',
		from: channel.number,
		templateId: templateId ?? null,
		companyId: ctx.state.companyId,
		senderId: body.senderId ?? null,
		channelId: channel.id,
		sentAt: failure ? null : now,
		receivedAt: null,
		contactPhoneNumber: `+${digits}`,
		failedReason: failure ?? null,
		callbackUrl: body.callbackUrl ?? null,
	};
	otp.statusUrl = `/chat/v1/send/otp/${otp.id}`;
	otpsOf(chat).set(otp.id, otp);
	return otp;
}

/** GET /v1/send/otp/{id}: by the OTP's ID or the sender's reference given when it was sent. */
function otpStatus(ctx) {
	const wanted = String(ctx.params.id);
	const otps = [...otpsOf(chatOf(ctx.state)).values()];
	const otp = otps.find((o) => o.id === wanted.toLowerCase()) ?? otps.reverse().find((o) => o.senderId === wanted);
	if (!otp) throw problem(404, `OTP '${wanted}' não encontrado`);
	const { from, callbackUrl, templateId, ...status } = otp;
	// the status names its template only when there was one: the reference types it as an ID, never null
	return templateId ? { ...status, templateId } : status;
}

module.exports = { sendTyping, sendOtp, otpStatus };
