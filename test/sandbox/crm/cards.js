'use strict';

/**
 * Cards: list and get (v2), create (v2), update (v3, only the `fields` named), duplicate (v2), and
 * their notes (v1). Every change is delivered to the subscriptions of its event.
 */

const { newId, nowIso, laterThan, isUuid } = require('../ids');
const { badRequest, notFound } = require('../errors');
const { coerceCustomValue } = require('../customFields');
const { mergeMetadata } = require('../contactStore');
const { chatOf } = require('../chat/store');
const { crmOf, noteAuthorId, toPublicCard } = require('./store');
const { pageOf, windowFilter } = require('./paging');
const { panelOf } = require('./panels');

const ALL_DETAILS = new Set(['PanelTitle', 'StepTitle', 'StepPhase', 'ResponsibleUser', 'Contacts', 'CustomFields', 'LostReason']);

/** The card a path names, or Helena's "not found". */
function cardOf(ctx, id = ctx.params.id) {
	const card = isUuid(id) ? crmOf(ctx.state).cards.get(String(id).toLowerCase()) : undefined;
	if (!card) throw notFound(`Card '${id}' não encontrado`);
	return card;
}

function stepOf(ctx, id, field) {
	const step = crmOf(ctx.state).steps.get(String(id).toLowerCase());
	if (!step) throw badRequest(`Etapa '${id}' não encontrada`, field);
	return step;
}

function list(ctx) {
	const { state, query } = ctx;
	const panel = panelOf(ctx, query.get('PanelId'));
	const stepId = query.get('StepId')?.toLowerCase();
	const contactId = query.get('ContactId')?.toLowerCase();
	const responsible = query.get('ResponsibleUserId')?.toLowerCase();
	const text = (query.get('TextFilter') ?? '').toLowerCase();
	const statuses = query.getAll('Statuses');
	const details = new Set(query.getAll('IncludeDetails'));
	const inWindow = windowFilter(query);
	const cards = [...crmOf(state).cards.values()].filter(
		(c) =>
			c.panelId === panel.id &&
			(!stepId || c.stepId === stepId) &&
			(!contactId || c.contactIds.includes(contactId)) &&
			(!responsible || c.responsibleUserId === responsible) &&
			(!text || `${c.title} ${c.description ?? ''}`.toLowerCase().includes(text)) &&
			(statuses.length ? statuses.includes(c.status) : c.status !== 'ARCHIVED') &&
			inWindow(c),
	);
	return pageOf(query, cards, (c) => toPublicCard(state, c, details));
}

function get(ctx) {
	return toPublicCard(ctx.state, cardOf(ctx), new Set(ctx.query.getAll('IncludeDetails')));
}

/** The panel's tag ids for ids and names (names not yet on the panel are created, as Helena does). */
function tagIdsOf(ctx, panelId, body) {
	const crm = crmOf(ctx.state);
	if (body.tagIds) {
		for (const id of body.tagIds) {
			const tag = crm.tags.get(id.toLowerCase());
			if (!tag || tag.panelId !== panelId) throw badRequest(`Etiqueta '${id}' não pertence ao painel`, 'tagIds');
		}
		return body.tagIds.map((id) => id.toLowerCase());
	}
	return (body.tagNames ?? []).map((name) => {
		const found = [...crm.tags.values()].find((t) => t.panelId === panelId && t.name.toLowerCase() === name.trim().toLowerCase());
		if (found) return found.id;
		const now = nowIso();
		const tag = {
			id: newId(),
			createdAt: now,
			updatedAt: now,
			companyId: ctx.state.companyId,
			panelId,
			name: name.trim(),
			nameColor: '#FFFFFF',
			bgColor: '#5C6BC0',
		};
		crm.tags.set(tag.id, tag);
		return tag.id;
	});
}

/** Values by custom field key, each checked against the panel's definition. */
function customValues(ctx, panelId, values) {
	const defs = [...crmOf(ctx.state).customFields.values()].filter((d) => d.scopeId === panelId);
	const result = {};
	for (const [key, value] of Object.entries(values)) {
		const def = defs.find((d) => d.key === key);
		if (!def) throw badRequest(`O painel não tem o campo personalizado '${key}'`, `customFields.${key}`);
		if (value === null) {
			result[key] = null;
			continue;
		}
		const stored = coerceCustomValue(def, value);
		if (stored === undefined) throw badRequest(`Valor inválido para o campo personalizado '${key}' (${def.type})`, `customFields.${key}`);
		result[key] = stored;
	}
	return result;
}

function checkUser(ctx, id) {
	if (id && !ctx.state.users.has(id.toLowerCase())) throw badRequest(`Usuário '${id}' não encontrado`, 'responsibleUserId');
	return id ? id.toLowerCase() : null;
}

function checkContacts(ctx, ids) {
	for (const id of ids) {
		if (!isUuid(id) || !ctx.state.contacts.has(id.toLowerCase())) throw badRequest(`Contato '${id}' não encontrado`, 'contactIds');
	}
	return ids.map((id) => id.toLowerCase());
}

function checkSession(ctx, id) {
	if (id && !chatOf(ctx.state).sessions.has(id.toLowerCase())) throw badRequest(`Sessão '${id}' não encontrada`, 'sessionId');
	return id ? id.toLowerCase() : null;
}

const eventCard =
	(ctx, card, extra = {}) =>
	() => ({ ...toPublicCard(ctx.state, card, ALL_DETAILS), ...extra });

function create(ctx) {
	const body = ctx.body;
	const step = stepOf(ctx, body.stepId, 'stepId');
	if (!body.title.trim()) throw badRequest("O campo 'title' não pode ser vazio", 'title');
	const crm = crmOf(ctx.state);
	const now = nowIso();
	const card = {
		id: newId(),
		createdAt: now,
		updatedAt: now,
		companyId: ctx.state.companyId,
		panelId: step.panelId,
		stepId: step.id,
		position: body.position ?? [...crm.cards.values()].filter((c) => c.stepId === step.id).length,
		title: body.title,
		description: body.description ?? null,
		key: null,
		number: crm.cardNumber + 1,
		dueDate: body.dueDate ?? null,
		tagIds: tagIdsOf(ctx, step.panelId, body),
		sessionId: checkSession(ctx, body.sessionId),
		monetaryAmount: body.monetaryAmount ?? null,
		responsibleUserId: checkUser(ctx, body.responsibleUserId),
		contactIds: checkContacts(ctx, body.contactIds ?? []),
		customFields: customValues(ctx, step.panelId, body.customFields ?? {}),
		metadata: mergeMetadata({}, body.metadata ?? {}),
		status: 'OPEN',
		lostReasonId: null,
	};
	crm.cardNumber++;
	crm.cards.set(card.id, card);
	ctx.notify('PANEL_CARD_NEW', eventCard(ctx, card));
	return toPublicCard(ctx.state, card, ALL_DETAILS);
}

/** Body key of each `fields` name; `Archived` and `Status` act on the status. */
const KEY_OF_FIELD = {
	StepId: 'stepId',
	Title: 'title',
	Description: 'description',
	Position: 'position',
	DueDate: 'dueDate',
	ResponsibleUserId: 'responsibleUserId',
	TagIds: 'tagIds',
	ContactIds: 'contactIds',
	SessionId: 'sessionId',
	MonetaryAmount: 'monetaryAmount',
	CustomFields: 'customFields',
	Metadata: 'metadata',
	Status: 'status',
};
/** Body keys that travel with a field of another name. */
const COMPANION_OF_KEY = { tagNames: 'TagIds', lostReasonId: 'Status', options: 'TagIds' };

function applyStatus(ctx, card, body) {
	const status = body.status ?? 'OPEN';
	const crm = crmOf(ctx.state);
	if (status === 'LOST') {
		const panel = crm.panels.get(card.panelId);
		const reasonId = body.lostReasonId?.toLowerCase();
		const reason = reasonId ? crm.lostReasons.get(reasonId) : undefined;
		if (reasonId && (!reason || reason.panelId !== card.panelId))
			throw badRequest(`Motivo de perda '${body.lostReasonId}' não pertence ao painel`, 'lostReasonId');
		if (panel.type === 'SALES' && !reason)
			throw badRequest('Informe o motivo de perda (lostReasonId) para marcar o card como perdido', 'lostReasonId');
		card.lostReasonId = reason?.id ?? null;
	} else {
		card.lostReasonId = null;
	}
	card.status = status;
}

/** PUT /v3/panel/card/{id}: only the named fields change; a named field without its key is cleared. */
function update(ctx) {
	const card = cardOf(ctx);
	const body = ctx.body;
	const fields = body.fields ?? Object.keys(KEY_OF_FIELD).filter((field) => body[KEY_OF_FIELD[field]] !== undefined);
	for (const key of Object.keys(body)) {
		if (key === 'fields') continue;
		const field = COMPANION_OF_KEY[key] ?? Object.keys(KEY_OF_FIELD).find((name) => KEY_OF_FIELD[name] === key);
		if (body.fields && !body.fields.includes(field))
			throw badRequest(`A propriedade '${key}' foi enviada, mas '${field}' não está em 'fields': Helena a ignoraria`, key);
	}
	const next = { ...card, tagIds: [...card.tagIds], contactIds: [...card.contactIds], customFields: { ...card.customFields } };
	const previousStepId = card.stepId;
	for (const field of fields) {
		const value = body[KEY_OF_FIELD[field]];
		switch (field) {
			case 'StepId': {
				const step = stepOf(ctx, value, 'stepId');
				if (step.panelId !== card.panelId) throw badRequest(`A etapa '${value}' é de outro painel`, 'stepId');
				next.stepId = step.id;
				break;
			}
			case 'Title':
				if (!value || !value.trim()) throw badRequest("O campo 'title' não pode ser vazio", 'title');
				next.title = value;
				break;
			case 'TagIds': {
				const ids = tagIdsOf(ctx, card.panelId, body);
				const operation = body.options?.upsertTagOperation ?? 'ReplaceAll';
				if (operation === 'InsertIfNotExists') next.tagIds = [...new Set([...card.tagIds, ...ids])];
				else if (operation === 'DeleteIfExists') next.tagIds = card.tagIds.filter((id) => !ids.includes(id));
				else next.tagIds = ids;
				break;
			}
			case 'ContactIds':
				next.contactIds = checkContacts(ctx, value ?? []);
				break;
			case 'ResponsibleUserId':
				next.responsibleUserId = checkUser(ctx, value);
				break;
			case 'SessionId':
				next.sessionId = checkSession(ctx, value);
				break;
			case 'CustomFields':
				next.customFields = { ...card.customFields, ...customValues(ctx, card.panelId, value ?? {}) };
				break;
			case 'Metadata':
				next.metadata = mergeMetadata(card.metadata, value ?? {});
				break;
			case 'Status':
				applyStatus(ctx, next, body);
				break;
			case 'Archived':
				break;
			default:
				next[KEY_OF_FIELD[field]] = value ?? null;
		}
	}
	next.updatedAt = laterThan(card.updatedAt);
	Object.assign(card, next);
	ctx.notify('PANEL_CARD_UPDATE', eventCard(ctx, card));
	if (card.stepId !== previousStepId) ctx.notify('PANEL_CARD_STEP_CHANGE', eventCard(ctx, card, { previousStepId }));
	return toPublicCard(ctx.state, card, ALL_DETAILS);
}

/** What each duplicate option copies; `All` (or none chosen) copies everything. */
const COPIED_BY = {
	Amount: ['monetaryAmount'],
	MonetaryAmount: ['monetaryAmount'],
	DueDate: ['dueDate'],
	Tags: ['tagIds'],
	Contacts: ['contactIds'],
	ResponsibleUser: ['responsibleUserId'],
	CustomFields: ['customFields'],
};

function duplicate(ctx) {
	const original = cardOf(ctx);
	const body = ctx.body ?? {};
	const step = body.copyToStepId ? stepOf(ctx, body.copyToStepId, 'copyToStepId') : crmOf(ctx.state).steps.get(original.stepId);
	const chosen = (body.options?.fields ?? []).filter((f) => f !== 'Undefined');
	const all = chosen.length === 0 || chosen.includes('All');
	const copies = (key) => all || chosen.some((f) => (COPIED_BY[f] ?? []).includes(key));
	const crm = crmOf(ctx.state);
	const now = nowIso();
	const samePanel = step.panelId === original.panelId;
	const card = {
		...original,
		id: newId(),
		createdAt: now,
		updatedAt: now,
		panelId: step.panelId,
		stepId: step.id,
		number: ++crm.cardNumber,
		status: 'OPEN',
		lostReasonId: null,
		monetaryAmount: copies('monetaryAmount') ? original.monetaryAmount : null,
		dueDate: copies('dueDate') ? original.dueDate : null,
		tagIds: copies('tagIds') && samePanel ? [...original.tagIds] : [],
		contactIds: copies('contactIds') ? [...original.contactIds] : [],
		responsibleUserId: copies('responsibleUserId') ? original.responsibleUserId : null,
		customFields: copies('customFields') && samePanel ? { ...original.customFields } : {},
		metadata: { ...original.metadata },
	};
	crm.cards.set(card.id, card);
	if (all || chosen.includes('Notes')) {
		for (const note of [...crm.notes.values()].filter((n) => n.cardId === original.id))
			crm.notes.set(newId(), { ...note, id: newId(), cardId: card.id, panelId: card.panelId });
	}
	if (body.options?.archiveOriginalCard) {
		original.status = 'ARCHIVED';
		original.updatedAt = laterThan(original.updatedAt);
		ctx.notify('PANEL_CARD_UPDATE', eventCard(ctx, original));
	}
	ctx.notify('PANEL_CARD_NEW', eventCard(ctx, card));
	return toPublicCard(ctx.state, card, ALL_DETAILS);
}

function listNotes(ctx) {
	const card = cardOf(ctx, ctx.params.cardId);
	const inWindow = windowFilter(ctx.query);
	const notes = [...crmOf(ctx.state).notes.values()].filter((n) => n.cardId === card.id && inWindow(n));
	return pageOf(ctx.query, notes, (n) => ({ ...n, files: n.files.map((f) => ({ ...f })) }));
}

function fileOf(ctx, url) {
	let parsed;
	try {
		parsed = new URL(url);
	} catch {
		throw badRequest(`'${url}' não é uma URL pública válida`, 'fileUrls');
	}
	const name = decodeURIComponent(parsed.pathname.split('/').pop() || 'arquivo');
	const extension = name.includes('.') ? name.split('.').pop().toLowerCase() : '';
	const type =
		{ pdf: 'PDF', png: 'IMAGE', jpg: 'IMAGE', jpeg: 'IMAGE', xlsx: 'EXCEL', docx: 'WORD', mp3: 'AUDIO', mp4: 'VIDEO' }[extension] ??
		'UNDEFINED';
	return {
		id: newId(),
		companyId: ctx.state.companyId,
		userId: null,
		name,
		extension,
		mimeType: null,
		type,
		publicUrl: url,
		publicUrlDownload: url,
		size: 0,
		isThumbnail: false,
		thumbnail: null,
	};
}

function addNote(ctx) {
	const card = cardOf(ctx, ctx.params.cardId);
	const text = ctx.body.text ?? null;
	const urls = ctx.body.fileUrls ?? [];
	if (!(text ?? '').trim() && urls.length === 0) throw badRequest('Informe o texto ou ao menos um arquivo da anotação', 'text');
	const now = nowIso();
	const note = {
		id: newId(),
		createdAt: now,
		updatedAt: now,
		companyId: ctx.state.companyId,
		panelId: card.panelId,
		cardId: card.id,
		userId: noteAuthorId(ctx.state),
		text,
		files: urls.map((url) => fileOf(ctx, url)),
		isFromPublicApi: true,
	};
	crmOf(ctx.state).notes.set(note.id, note);
	ctx.notify('PANEL_CARD_NOTE_NEW', () => ({ ...note }));
	return { ...note };
}

function deleteNote(ctx) {
	const card = cardOf(ctx, ctx.params.cardId);
	const notes = crmOf(ctx.state).notes;
	const note = notes.get(String(ctx.params.noteId).toLowerCase());
	if (!note || note.cardId !== card.id) throw notFound(`Anotação '${ctx.params.noteId}' não encontrada`);
	notes.delete(note.id);
	return undefined;
}

module.exports = { list, get, create, update, duplicate, listNotes, addNote, deleteNote };
