'use strict';

/**
 * The CRM service's state (panels with their steps, tags, lost reasons and custom fields; cards and
 * their notes), kept beside the core state it reads (users, contacts) and created on first use, so a
 * reset of the core state resets it too. Demo records get name-based ids like the core seed.
 */

const { stableId, nowIso } = require('../ids');
const { storeBeside } = require('../besideState');

const SEED_DATE = '2025-12-01T09:00:00.000Z';

/** [title, type, steps, lost reasons, custom fields [name, key, type, options?]] */
const PANELS = [
	[
		'Funil de Vendas',
		'SALES',
		['Leads', 'Qualificação', 'Proposta', 'Negociação', 'Fechamento'],
		['Preço alto', 'Escolheu concorrente', 'Sem resposta'],
		[
			['Origem do lead', 'origem-lead', 'STRING'],
			['Plano de interesse', 'plano-interesse', 'SINGLESELECT', ['Básico', 'Pro', 'Enterprise']],
			['Usuários', 'usuarios', 'INTEGER'],
		],
	],
	['Suporte Técnico', 'MANAGEMENT', ['Aberto', 'Em andamento', 'Resolvido'], [], [['Prioridade', 'prioridade', 'STRING']]],
];

/** [panel, step, title, contact number (1-based demo contact) or null, responsible user, amount, status] */
const CARDS = [
	['Funil de Vendas', 'Leads', 'Maria Silva - Plano Pro', 1, 'Ana Souza', 1490, 'OPEN'],
	['Funil de Vendas', 'Proposta', 'João Santos - Plano Enterprise', 2, 'Bruno Lima', 8900, 'OPEN'],
	['Funil de Vendas', 'Fechamento', 'Empresa Alfa - renovação', 3, 'Ana Souza', 4200, 'WON'],
	['Suporte Técnico', 'Aberto', 'Erro ao emitir nota fiscal', 1, 'Carla Mendes', null, 'OPEN'],
];

const panelId = (title) => stableId('panel', title);
const stepId = (panel, step) => stableId('panel-step', panel, step);
const lostReasonId = (panel, reason) => stableId('lost-reason', panel, reason);
const panelFieldId = (key) => stableId('panel-custom-field', key);
const cardId = (title) => stableId('card', title);

/** @type {(state: import('../state').SandboxState) => ReturnType<typeof createCrm>} */
const crmOf = storeBeside('crm', (state) => createCrm(state));

function createCrm(state) {
	const crm = {
		panels: new Map(),
		steps: new Map(),
		/** panel tags: cards take tags of their panel */
		tags: new Map(),
		lostReasons: new Map(),
		customFields: new Map(),
		cards: new Map(),
		notes: new Map(),
		cardNumber: 0,
	};
	const base = { createdAt: SEED_DATE, updatedAt: SEED_DATE, companyId: state.companyId };
	for (const [title, type, steps, reasons, fields] of PANELS) {
		const id = panelId(title);
		crm.panels.set(id, { ...base, id, title, type, description: null, key: title.slice(0, 3).toUpperCase(), archived: false });
		steps.forEach((step, position) => {
			crm.steps.set(stepId(title, step), {
				...base,
				id: stepId(title, step),
				panelId: id,
				archived: false,
				position,
				title: step,
				isInitial: position === 0,
				isFinal: position === steps.length - 1,
			});
		});
		for (const reason of reasons)
			crm.lostReasons.set(lostReasonId(title, reason), { ...base, id: lostReasonId(title, reason), panelId: id, description: reason });
		fields.forEach(([name, key, fieldType, options], position) => {
			crm.customFields.set(panelFieldId(key), {
				...base,
				id: panelFieldId(key),
				parentId: null,
				type: fieldType,
				entityType: 'PANEL',
				scopeId: id,
				name,
				key,
				position,
				required: false,
				visible: true,
				isValueRange: false,
				options: options ? options.map((option) => ({ id: stableId('panel-custom-field-option', key, option), name: option })) : null,
			});
		});
	}
	const user = (name) => [...state.users.values()].find((u) => u.name === name)?.id ?? null;
	const contact = (n) => (n ? [...state.contacts.values()][n - 1]?.id : undefined);
	for (const [panel, step, title, contactNumber, responsible, amount, status] of CARDS) {
		const id = cardId(title);
		const contactId = contact(contactNumber);
		crm.cards.set(id, {
			...base,
			id,
			panelId: panelId(panel),
			stepId: stepId(panel, step),
			position: crm.cards.size,
			title,
			description: null,
			key: null,
			number: ++crm.cardNumber,
			dueDate: null,
			tagIds: [],
			sessionId: null,
			monetaryAmount: amount,
			responsibleUserId: user(responsible),
			contactIds: contactId ? [contactId] : [],
			customFields: {},
			metadata: {},
			status,
			lostReasonId: null,
		});
	}
	return crm;
}

/** Phase of a step, as cards report it. */
function phaseOf(step) {
	if (!step) return 'NONE';
	return step.isInitial ? 'INITIAL' : step.isFinal ? 'FINAL' : 'NONE';
}

/** A card as the CRM answers it (PublicPanelCardDTOV2); related records only with their detail. */
function toPublicCard(state, card, details = new Set()) {
	const crm = crmOf(state);
	const step = crm.steps.get(card.stepId);
	const panel = crm.panels.get(card.panelId);
	const responsible = card.responsibleUserId ? state.users.get(card.responsibleUserId) : undefined;
	const reason = card.lostReasonId ? crm.lostReasons.get(card.lostReasonId) : undefined;
	return {
		id: card.id,
		createdAt: card.createdAt,
		updatedAt: card.updatedAt,
		companyId: card.companyId,
		panelId: card.panelId,
		panelTitle: details.has('PanelTitle') ? (panel?.title ?? null) : null,
		stepId: card.stepId,
		stepTitle: details.has('StepTitle') ? (step?.title ?? null) : null,
		stepPhase: details.has('StepPhase') ? phaseOf(step) : null,
		position: card.position,
		title: card.title,
		description: card.description,
		key: card.key,
		number: card.number,
		dueDate: card.dueDate,
		isOverdue: Boolean(card.dueDate && card.status === 'OPEN' && Date.parse(card.dueDate) < Date.now()),
		tagIds: [...card.tagIds],
		sessionId: card.sessionId,
		monetaryAmount: card.monetaryAmount,
		responsibleUserId: card.responsibleUserId,
		responsibleUser: details.has('ResponsibleUser') && responsible ? { id: responsible.id, name: responsible.name } : null,
		contactIds: [...card.contactIds],
		contacts: details.has('Contacts') ? card.contactIds.map((id) => ({ id, name: state.contacts.get(id)?.name ?? null })) : null,
		customFields: details.has('CustomFields') ? { ...card.customFields } : null,
		metadata: { ...card.metadata },
		status: card.status,
		lostReason: details.has('LostReason') && reason ? { id: reason.id, name: reason.description } : null,
	};
}

function toPublicStep(crm, step) {
	const cards = [...crm.cards.values()].filter((c) => c.stepId === step.id && c.status !== 'ARCHIVED');
	return {
		...step,
		cardCount: cards.length,
		overdueCardCount: 0,
		monetaryAmount: cards.reduce((sum, c) => sum + (c.monetaryAmount ?? 0), 0),
		fields: null,
		cards: null,
	};
}

/** A panel as the CRM answers it (PublicPanelDTO); steps and tags only with their detail. */
function toPublicPanel(state, panel, details = new Set()) {
	const crm = crmOf(state);
	const steps = [...crm.steps.values()].filter((s) => s.panelId === panel.id).sort((a, b) => a.position - b.position);
	return {
		id: panel.id,
		createdAt: panel.createdAt,
		updatedAt: panel.updatedAt,
		companyId: panel.companyId,
		archived: panel.archived,
		scope: 'COMPANY',
		departmentIds: [],
		userId: null,
		title: panel.title,
		description: panel.description,
		thumbnailId: null,
		thumbnailFile: null,
		key: panel.key,
		overdueCardCount: 0,
		stepTitles: steps.map((s) => s.title),
		tags: details.has('Tags') ? [...crm.tags.values()].filter((t) => t.panelId === panel.id) : null,
		steps: details.has('Steps') ? steps.map((s) => toPublicStep(crm, s)) : null,
		type: panel.type,
		autoLossDays: null,
	};
}

const demoIds = { panelId, stepId, lostReasonId, panelFieldId, cardId };

const ALL_DETAILS = new Set(['PanelTitle', 'StepTitle', 'StepPhase', 'ResponsibleUser', 'Contacts', 'CustomFields', 'LostReason']);
const SAMPLE_CARD = 'João Santos - Plano Enterprise';

/** The content of a sample PANEL_CARD_* event: a demo card in Proposta, with every detail. */
function sampleCard(state, card = crmOf(state).cards.get(cardId(SAMPLE_CARD))) {
	return toPublicCard(state, card, ALL_DETAILS);
}

/** The step the sample card came from, for PANEL_CARD_STEP_CHANGE. */
function samplePreviousStepId() {
	return stepId('Funil de Vendas', 'Qualificação');
}

/** The content of a sample PANEL_CARD_NOTE_* event. */
function sampleNote(state) {
	const card = crmOf(state).cards.get(cardId(SAMPLE_CARD));
	const now = nowIso();
	return {
		id: stableId('card-note', 'sample'),
		createdAt: now,
		updatedAt: now,
		companyId: state.companyId,
		panelId: card.panelId,
		cardId: card.id,
		userId: noteAuthorId(state),
		text: 'Cliente pediu retorno amanhã.',
		files: [],
		isFromPublicApi: false,
	};
}

/**
 * The user a card note is written by. The reference types a note's userId as an ID, never null; a note made through
 * the API is written in the name of the account's first user (the key's owner, in the demo data).
 */
function noteAuthorId(state) {
	return state.users.keys().next().value ?? null;
}

module.exports = {
	noteAuthorId,
	crmOf,
	toPublicCard,
	toPublicPanel,
	demoIds,
	sampleCard,
	sampleNote,
	samplePreviousStepId,
	SEED_DATE,
};
