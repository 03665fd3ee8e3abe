'use strict';

/**
 * Messages by ID (`/chat/v1/message`): get one with its file, list a conversation's, delete one. A
 * deleted message stays, as DELETED without its text and file (the answer is the message); deleting it
 * again is refused with words that say it was done already. Files carry the addresses of the media
 * origin (mediaOrigin.js), another host than the API.
 */

const { nowIso } = require('../ids');
const { badRequest, notFound } = require('../errors');
const { optDate, queryInt, pageBounds, optEnum } = require('../validate');
const { optUuid } = require('./rules');
const { chatOf, toPublicMessage } = require('./store');

const DATE_FILTERS = ['CreatedAt.Before', 'CreatedAt.After', 'UpdatedAt.Before', 'UpdatedAt.After'];

/** PublicFileDTO of a stored file, with the media origin's addresses. */
function publicFile(sandbox, file) {
	return {
		userId: null,
		isThumbnail: false,
		thumbnail: null,
		...file.public,
		...(sandbox.media ? sandbox.media.addressesOf(file) : {}),
	};
}

/**
 * A message as the message endpoints answer it: a file sent by its Helena ID is stored as the chat
 * store's record; it is shown as PublicFileDTO.
 */
function messageView(sandbox, message) {
	const view = toPublicMessage(message);
	const file = message.details?.file;
	if (file && file.public) view.details = { ...message.details, file: publicFile(sandbox, file) };
	return view;
}

function messageOf(ctx) {
	const id = optUuid(ctx.params.id, 'id', false);
	const message = chatOf(ctx.state).messages.get(id);
	if (!message) throw notFound(`Mensagem '${ctx.params.id}' não encontrada`);
	return message;
}

function get(ctx) {
	return messageView(ctx.sandbox, messageOf(ctx));
}

function remove(ctx) {
	const message = messageOf(ctx);
	if (message.status === 'DELETED') throw badRequest(`A mensagem '${message.id}' já foi excluída`, 'id');
	Object.assign(message, { status: 'DELETED', text: null, fileId: null, updatedAt: nowIso() });
	message.details = { ...message.details, file: null };
	ctx.notify('MESSAGE_UPDATED', () => toPublicMessage(message));
	return messageView(ctx.sandbox, message);
}

function list(ctx) {
	const { query } = ctx;
	const chat = chatOf(ctx.state);
	const sessionId = optUuid(query.get('SessionId'), 'SessionId', false);
	if (!sessionId) throw badRequest("O parâmetro 'SessionId' é obrigatório", 'SessionId');
	if (!chat.sessions.has(sessionId)) throw notFound(`Sessão '${query.get('SessionId')}' não encontrada`);
	const bounds = DATE_FILTERS.map((name) => [name, optDate(query.get(name), name)]).filter(([, value]) => value);
	const { pageNumber, pageSize } = pageBounds(queryInt(query.get('PageNumber'), 'PageNumber'), queryInt(query.get('PageSize'), 'PageSize'));
	const direction = optEnum(query.get('OrderDirection'), ['ASCENDING', 'DESCENDING'], 'OrderDirection') ?? 'ASCENDING';
	const orderBy = query.get('OrderBy') ?? 'createdAt';
	if (!['createdAt', 'updatedAt', 'timestamp'].includes(orderBy))
		throw badRequest(`Não é possível ordenar mensagens por '${orderBy}'`, 'OrderBy');
	const matches = [...chat.messages.values()].filter((message) => {
		if (message.sessionId !== sessionId) return false;
		return bounds.every(([name, value]) => {
			const [field, side] = name.split('.');
			const at = message[field === 'CreatedAt' ? 'createdAt' : 'updatedAt'];
			return side === 'Before' ? at < value : at > value;
		});
	});
	// equal times keep the order the messages were stored in
	const order = [...chat.messages.keys()];
	matches.sort(
		(a, b) =>
			(a[orderBy] < b[orderBy] ? -1 : a[orderBy] > b[orderBy] ? 1 : order.indexOf(a.id) - order.indexOf(b.id)) *
			(direction === 'DESCENDING' ? -1 : 1),
	);
	const start = (pageNumber - 1) * pageSize;
	const totalPages = Math.ceil(matches.length / pageSize);
	return {
		pageNumber,
		pageSize,
		orderBy,
		orderDirection: direction,
		items: matches.slice(start, start + pageSize).map((message) => messageView(ctx.sandbox, message)),
		totalItems: matches.length,
		totalPages,
		hasMorePages: pageNumber < totalPages,
	};
}

module.exports = { get, remove, list, publicFile, messageView };
