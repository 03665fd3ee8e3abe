'use strict';

/**
 * What the pickers read: channels, templates and chatbots (chat service); tags and the file upload
 * (core service). The users list is the account's (../account/users.js).
 */

const { newId, nowIso, isUuid } = require('../ids');
const { badRequest, notFound } = require('../errors');
const { optEnum, queryInt, queryBool, pageBounds } = require('../validate');
const { strictBody, optUuid } = require('./rules');
const { chatOf, channelKind, channelAddress } = require('./store');
const { formatPhone } = require('../phone');
const { list: listTags } = require('../lists/tags');

function page(items, query) {
	const { pageNumber, pageSize } = pageBounds(queryInt(query.get('PageNumber'), 'PageNumber'), queryInt(query.get('PageSize'), 'PageSize'));
	const totalPages = Math.ceil(items.length / pageSize);
	const start = (pageNumber - 1) * pageSize;
	return {
		pageNumber,
		pageSize,
		orderBy: query.get('OrderBy') ?? null,
		orderDirection: query.get('OrderDirection') ?? 'ASCENDING',
		items: items.slice(start, start + pageSize),
		totalItems: items.length,
		totalPages,
		hasMorePages: pageNumber < totalPages,
	};
}

function channels(ctx) {
	const type = optEnum(ctx.query.get('ChannelType'), ['All', 'Whatsapp', 'Messenger', 'Instagram'], 'ChannelType') ?? 'All';
	return [...ctx.state.channels.values()]
		.filter((c) => type === 'All' || channelKind(c).platform.toLowerCase() === type.toLowerCase())
		.map((c) => ({
			id: c.id,
			createdAt: '2025-12-01T09:00:00.000Z',
			updatedAt: '2025-12-01T09:00:00.000Z',
			active: true,
			type: channelKind(c).type,
			number: channelAddress(c),
			numberFormatted: channelKind(c).whatsapp ? formatPhone(c.number) : channelAddress(c),
			identity: {
				humanId: channelAddress(c),
				platform: channelKind(c).platform,
				provider: 'CloudAPI',
				providerVariable: null,
				pictureUrl: null,
				displayName: c.name,
			},
		}));
}

function templates(ctx) {
	const { query } = ctx;
	const channelId = optUuid(query.get('ChannelId'), 'ChannelId', false);
	const name = query.get('Name')?.toLowerCase();
	const text = query.get('SearchableText')?.toLowerCase();
	const approvedOnly = queryBool(query.get('ApprovedOnly'), 'ApprovedOnly') ?? false;
	const details = query.getAll('IncludeDetails').map((value) => optEnum(value, ['All', 'Params', 'File', 'Interactive'], 'IncludeDetails'));
	const withParams = details.includes('All') || details.includes('Params');
	const items = [...chatOf(ctx.state).templates.values()]
		.filter((t) => !channelId || t.channelId === channelId)
		.filter((t) => !name || t.name.toLowerCase().includes(name))
		.filter((t) => !text || t.text.toLowerCase().includes(text))
		.filter((t) => !approvedOnly || t.status === 'Approved')
		.map((t) => ({ ...t, params: withParams ? t.params : null }));
	return page(items, query);
}

function chatbots(ctx) {
	const name = ctx.query.get('Name')?.toLowerCase();
	const items = [...chatOf(ctx.state).chatbots.values()].filter((b) => !name || b.name.toLowerCase().includes(name));
	return page(items, ctx.query);
}

/** GET /core/v1/tag: the tag store's list (lists/tags.js). */
function tags(ctx) {
	return listTags(ctx);
}

const FILE_TYPES = ['UNDEFINED', 'PDF', 'EXCEL', 'WORD', 'IMAGE', 'AUDIO', 'VIDEO', 'DOCUMENT'];
/** A presigned upload address stays valid this long. */
const UPLOAD_TTL_MS = 15 * 60 * 1000;

/** GET /core/v2/file: an upload slot whose `urlUpload` is the sandbox's storage (no API key there). */
function fileSlot(ctx) {
	const type = optEnum(ctx.query.get('Type'), FILE_TYPES, 'Type');
	const name = ctx.query.get('Name');
	if (!type) throw badRequest("O parâmetro 'Type' é obrigatório", 'Type');
	if (!name || !/\.\w+$/.test(name)) throw badRequest("O parâmetro 'Name' é obrigatório e deve ter uma extensão (ex.: foto.jpg)", 'Name');
	const tempFileId = newId();
	const mimeType = ctx.query.get('MimeType') ?? 'application/octet-stream';
	chatOf(ctx.state).uploads.set(tempFileId, { tempFileId, name, type, mimeType, bytes: undefined, expiresAt: Date.now() + UPLOAD_TTL_MS });
	return { tempFileId, urlUpload: `${ctx.sandbox.url}/__storage/${tempFileId}?X-Amz-Signature=${newId().replace(/-/g, '')}` };
}

/** POST /core/v2/file: the uploaded bytes become a file. */
function fileConfirm(ctx) {
	const body = strictBody(ctx.body, ['tempFileId'], 'PublicReqFileV2DTO', false);
	const tempFileId = optUuid(body.tempFileId, 'tempFileId', false);
	if (!tempFileId) throw badRequest("O campo 'tempFileId' é obrigatório", 'tempFileId');
	const chat = chatOf(ctx.state);
	const existing = [...chat.files.values()].find((f) => f.tempFileId === tempFileId);
	if (existing) return existing.public;
	const upload = chat.uploads.get(tempFileId);
	if (!upload) throw notFound(`Arquivo temporário '${tempFileId}' não encontrado`);
	if (!upload.bytes) throw badRequest(`Nenhum conteúdo foi enviado para '${tempFileId}'`, 'tempFileId');
	const id = newId();
	const extension = upload.name.split('.').pop().toLowerCase();
	const file = {
		id,
		tempFileId,
		mimeType: upload.mimeType,
		size: upload.bytes.length,
		bytes: upload.bytes,
		public: {
			id,
			companyId: ctx.state.companyId,
			userId: null,
			name: upload.name,
			extension,
			mimeType: upload.mimeType,
			type: upload.type,
			key: `files/${id}.${extension}`,
			size: upload.bytes.length,
		},
	};
	chat.files.set(id, file);
	return file.public;
}

/**
 * PUT /__storage/<tempFileId>: the object store behind `urlUpload`. Answers like S3: 200 with an
 * empty body, 403 for an unknown or expired address.
 * @param {import('../index').Sandbox} sandbox
 */
function storagePut(sandbox, tempFileId, bytes) {
	const upload = isUuid(tempFileId) ? chatOf(sandbox.state).uploads.get(tempFileId) : undefined;
	if (!upload || upload.expiresAt < Date.now()) return 403;
	upload.bytes = bytes;
	upload.uploadedAt = nowIso();
	return 200;
}

module.exports = { channels, templates, chatbots, tags, fileSlot, fileConfirm, storagePut };
