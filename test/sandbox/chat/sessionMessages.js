'use strict';

/**
 * The messages and notes of one session: its history (both directions, with files), sends into it
 * (`POST /v1/session/{id}/message`, and `/sync`, which answers once the channel has taken the message),
 * and its internal notes read and deleted by ID. These routes are not of the send family: their 4xx
 * carry the API's usual error body.
 */

const { nowIso } = require('../ids');
const { ApiError, badRequest, notFound } = require('../errors');
const { optEnum, optDate, queryInt, pageBounds } = require('../validate');
const { strictBody, optUuid, optText } = require('./rules');
const { chatOf, toPublicMessage } = require('./store');
const { sessionOf } = require('./sessions');
const { messageView } = require('./messageRecords');
const {
	MEDIA_RULES,
	advanceMessage,
	assertWindowOpen,
	checkMedia,
	checkTemplateParameters,
	recordOutgoing,
	scheduleSteps,
} = require('./messages');

const BODY_KEYS = ['text', 'templateId', 'parameters', 'fileUrl', 'fileId', 'refId'];
const DATE_FILTERS = ['CreatedAt', 'UpdatedAt'].flatMap((name) => [`${name}.Before`, `${name}.After`]);

/** The send family's ProblemDetails refusals (shared checks) as this route's usual error body. */
function asUsualError(check) {
	try {
		return check();
	} catch (error) {
		if (error instanceof ApiError && error.problem) throw badRequest(error.problem.detail, error.problem.field);
		throw error;
	}
}

/**
 * One page of records ordered by creation, with the date windows and paging of the reference; each record as
 * `view` shows it (a message's file as the message endpoints show it).
 */
function pageOf(records, query, view = toPublicMessage) {
	const bounds = DATE_FILTERS.map((name) => [name, optDate(query.get(name), name)]).filter(([, value]) => value);
	const { pageNumber, pageSize } = pageBounds(queryInt(query.get('PageNumber'), 'PageNumber'), queryInt(query.get('PageSize'), 'PageSize'));
	const direction = optEnum(query.get('OrderDirection'), ['ASCENDING', 'DESCENDING'], 'OrderDirection') ?? 'ASCENDING';
	const matches = records.filter((record) =>
		bounds.every(([name, value]) => {
			const at = name.startsWith('CreatedAt') ? record.createdAt : record.updatedAt;
			return name.endsWith('Before') ? at < value : at > value;
		}),
	);
	matches.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0) * (direction === 'DESCENDING' ? -1 : 1));
	const totalPages = Math.ceil(matches.length / pageSize);
	const start = (pageNumber - 1) * pageSize;
	return {
		pageNumber,
		pageSize,
		orderBy: query.get('OrderBy') ?? null,
		orderDirection: direction,
		items: matches.slice(start, start + pageSize).map((record) => view(record)),
		totalItems: matches.length,
		totalPages,
		hasMorePages: pageNumber < totalPages,
	};
}

function listMessages(ctx) {
	const session = sessionOf(ctx);
	const messages = [...chatOf(ctx.state).messages.values()].filter((message) => message.sessionId === session.id);
	return pageOf(messages, ctx.query, (message) => messageView(ctx.sandbox, message));
}

/** The media route a file goes out as: by the MIME type of a stored file, or the extension of a URL. */
function kindOf(chat, value) {
	const kinds = Object.keys(MEDIA_RULES);
	const file = chat.files.get(String(value).toLowerCase());
	if (file) return kinds.find((kind) => MEDIA_RULES[kind].mimeTypes?.includes(file.mimeType)) ?? 'document';
	let extension = '';
	try {
		extension = new URL(value).pathname.split('.').pop()?.toLowerCase() ?? '';
	} catch {
		extension = '';
	}
	return kinds.find((kind) => MEDIA_RULES[kind].extensions?.includes(extension)) ?? 'document';
}

/** What a send into the session carries: text, a template with its parameters, a file (URL or ID), or a file with a caption. */
function readContent(chat, session, body) {
	const text = optText(body.text, 'text', false);
	const fileUrl = optText(body.fileUrl, 'fileUrl', false, { min: 1 });
	const fileId = optUuid(body.fileId, 'fileId', false);
	if (fileUrl && fileId) throw badRequest("Informe 'fileUrl' ou 'fileId', não os dois", 'fileId');
	const fileRef = fileUrl ?? fileId;
	const field = fileUrl ? 'fileUrl' : 'fileId';
	if (body.templateId !== undefined && body.templateId !== null) {
		const templateId = optText(body.templateId, 'templateId', false, { min: 1 });
		const template = chat.templates.get(templateId.toLowerCase());
		if (!template) throw badRequest(`Modelo de mensagem '${templateId}' não encontrado`, 'templateId');
		if (template.channelId !== session.channelId)
			throw badRequest(`O modelo '${template.name}' não pertence ao canal da sessão`, 'templateId');
		if (template.status !== 'Approved')
			throw badRequest(`O modelo '${template.name}' não está aprovado (status ${template.status})`, 'templateId');
		if (text) throw badRequest("Um modelo de mensagem não leva 'text'", 'text');
		const parameters = asUsualError(() => checkTemplateParameters(template, body.parameters));
		if (template.fileType === 'UNDEFINED' && fileRef) throw badRequest(`O modelo '${template.name}' não tem cabeçalho de mídia`, field);
		if (template.fileType !== 'UNDEFINED' && !fileRef)
			throw badRequest(`O modelo '${template.name}' exige um arquivo (${template.fileType}) em 'fileUrl' ou 'fileId'`, 'fileUrl');
		const media = fileRef ? asUsualError(() => checkMedia(chat, fileRef, template.fileType.toLowerCase(), field)) : {};
		return {
			free: false,
			type: template.fileType === 'UNDEFINED' ? 'TEXT' : template.fileType,
			text: template.text.replace(/\{\{(\w+)\}\}/g, (_, name) => parameters[name] ?? ''),
			templateId: template.id,
			media,
		};
	}
	if (body.parameters !== undefined && body.parameters !== null) throw badRequest("'parameters' só vale com 'templateId'", 'parameters');
	if (fileRef) {
		const kind = kindOf(chat, fileRef);
		const media = asUsualError(() => checkMedia(chat, fileRef, kind, field));
		return { free: `um arquivo (${kind})`, type: MEDIA_RULES[kind].fileType, text: text ?? null, templateId: null, media };
	}
	if (!text || !text.trim()) throw badRequest("Informe 'text', 'templateId', 'fileUrl' ou 'fileId'", 'text');
	return { free: 'uma mensagem de texto', type: 'TEXT', text, templateId: null, media: {} };
}

/** POST /v1/session/{id}/message(/sync): the message joins the session's history (MESSAGE_SENT). */
function sendInto({ sync }) {
	return (ctx) => {
		const session = sessionOf(ctx);
		const chat = chatOf(ctx.state);
		const body = strictBody(ctx.body, BODY_KEYS, 'PublicQuickSendBodyDTO', false);
		const refId = optUuid(body.refId, 'refId', false);
		if (refId && chat.messages.get(refId)?.sessionId !== session.id)
			throw badRequest(`A mensagem '${refId}' não pertence a esta sessão`, 'refId');
		const content = readContent(chat, session, body);
		if (session.status === 'COMPLETED')
			throw badRequest(`A sessão '${session.id}' já foi concluída; envie para o número do contato para abrir outra`);
		const channel = ctx.state.channels.get(session.channelId);
		if (content.free) asUsualError(() => assertWindowOpen(chat, session.contactId, channel, content.free));
		const contact = ctx.state.contacts.get(session.contactId);
		const message = recordOutgoing(
			ctx.state,
			{ session, channel, contact },
			{
				type: content.type,
				text: content.text,
				templateId: content.templateId,
				refId: refId ?? null,
				fileId: content.media.fileId ?? null,
				details: { file: content.media.file ?? (content.media.fileUrl ? { publicUrl: content.media.fileUrl } : null), errors: [] },
			},
		);
		ctx.notify('MESSAGE_SENT', () => toPublicMessage(message));
		if (sync) {
			// the channel reports the message sent (or failed) before the answer
			advanceMessage(ctx.state, message, ctx.notify);
			scheduleSteps(ctx, message);
			return toPublicMessage(message);
		}
		scheduleSteps(ctx, message);
		return {
			id: message.id,
			createdAt: message.createdAt,
			updatedAt: message.updatedAt,
			sessionId: session.id,
			senderId: message.senderId,
			status: message.status,
			statusUrl: `/chat/v1/message/${message.id}/status`,
			failureReason: message.failedReason,
		};
	};
}

function listNotes(ctx) {
	const session = sessionOf(ctx);
	const notes = [...chatOf(ctx.state).notes.values()].filter((note) => note.sessionId === session.id);
	return pageOf(notes, ctx.query);
}

function noteOf(ctx) {
	const id = optUuid(ctx.params.id, 'id', false);
	const note = chatOf(ctx.state).notes.get(id);
	if (!note) throw notFound(`Nota '${ctx.params.id}' não encontrada`);
	return note;
}

function getNote(ctx) {
	return toPublicMessage(noteOf(ctx));
}

function deleteNote(ctx) {
	const note = noteOf(ctx);
	chatOf(ctx.state).notes.delete(note.id);
	return toPublicMessage({ ...note, status: 'DELETED', updatedAt: nowIso() });
}

module.exports = {
	listMessages,
	sendMessage: sendInto({ sync: false }),
	sendMessageSync: sendInto({ sync: true }),
	listNotes,
	getNote,
	deleteNote,
};
