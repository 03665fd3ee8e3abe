'use strict';

/**
 * Seed data. Demo records get name-based ids (stableId), so they are the same on every run;
 * the demo contacts are dated in 2026-01/02, before anything a test creates.
 */

const { stableId, nowIso } = require('./ids');
const { createState } = require('./state');
const { addCustomField } = require('./customFields');
const { blankContact, insertContact, toPublicContact, ALL_DETAILS } = require('./contactStore');
const { dedupeAgents } = require('./departments');
const { EVENTS } = require('./webhooks');

const COMPANY_ID = stableId('company');
const SEED_DATE = '2025-12-01T09:00:00.000Z';
const SEEDS = /** @type {const} */ (['demo', 'empty']);

const USERS = [
	['Ana Souza', 'ana.souza@empresa-demo.com.br'],
	['Bruno Lima', 'bruno.lima@empresa-demo.com.br'],
	['Carla Mendes', 'carla.mendes@empresa-demo.com.br'],
	['Diego Alves', 'diego.alves@empresa-demo.com.br'],
];
const CHANNELS = [
	['WhatsApp Comercial', '5511940000001', 'WHATSAPP'],
	['WhatsApp Suporte', '5511940000002', 'WHATSAPP'],
	['Instagram Loja', 'loja.demo', 'INSTAGRAM'],
];
const TAGS = ['Cliente', 'Lead', 'VIP', 'Newsletter'];
const PORTFOLIOS = ['Carteira Sul', 'Carteira Norte'];

/** Account fixtures every seed has: events, custom field definitions, users, channels. */
function seedFixtures(state) {
	state.events = EVENTS.map((e) => ({ ...e }));
	for (const [name, email] of USERS) {
		const id = stableId('user', name);
		state.users.set(id, { id, name, email });
	}
	for (const [name, number, type] of CHANNELS) {
		const id = stableId('channel', name);
		state.channels.set(id, { id, number, name, type });
	}
	seedCustomFields(state);
}

function seedCustomFields(state) {
	let position = 0;
	const def = (type, name, key, extra = {}) => {
		const d = {
			id: stableId('custom-field', key ?? name),
			createdAt: SEED_DATE,
			updatedAt: SEED_DATE,
			parentId: null,
			type,
			entityType: 'CONTACT',
			scopeId: null,
			companyId: state.companyId,
			name,
			key,
			position: position++,
			required: false,
			visible: true,
			isValueRange: false,
			options: null,
			...extra,
		};
		addCustomField(state, d);
		return d;
	};
	const options = (key, names) => names.map((name) => ({ id: stableId('custom-field-option', key, name), name }));
	const group = def('GROUP', 'Dados pessoais', null);
	def('STRING', 'CPF', 'cpf', { parentId: group.id, position: 0 });
	def('DATE', 'Data de nascimento', 'data_nascimento', { parentId: group.id, position: 1 });
	position = 1;
	def('SINGLESELECT', 'Plano', 'plano', { options: options('plano', ['Básico', 'Pro', 'Enterprise']) });
	def('INTEGER', 'Pontos', 'pontos');
	def('BOOLEAN', 'Aceita marketing', 'aceita_marketing');
	def('MULTISELECT', 'Interesses', 'interesses', { options: options('interesses', ['Promoções', 'Lançamentos', 'Eventos']) });
	def('FLOAT', 'Ticket médio', 'ticket_medio');
}

/** @type {[string, string|null, string|null, string[], Record<string, any>][]} name, email, instagram, tags, extra */
const DEMO_CONTACTS = [
	[
		'Maria Silva',
		'maria.silva@example.com',
		'maria.silva',
		['Cliente', 'VIP'],
		{
			customFields: { cpf: '123.456.789-09', plano: 'Pro', pontos: 120, aceita_marketing: true },
			metadata: { crmId: 'CRM-0001' },
			portfolios: ['Carteira Sul'],
		},
	],
	['João Santos', 'joao.santos@example.com', null, ['Lead'], { customFields: { plano: 'Básico', pontos: 10 } }],
	[
		'Ana Oliveira',
		'ana.oliveira@example.com',
		'anaoliveira',
		['Cliente'],
		{ customFields: { aceita_marketing: false }, utm: { source: 'google', medium: 'cpc', campaign: 'verao-2026' } },
	],
	['Pedro Costa', null, null, [], { origin: 'CREATED_FROM_HUB' }],
	['Juliana Pereira', 'juliana.pereira@example.com', null, ['Newsletter'], { customFields: { interesses: ['Promoções'] } }],
	['Lucas Rodrigues', 'lucas.rodrigues@example.com', null, ['Lead', 'Newsletter'], { origin: 'IMPORTED' }],
	[
		'Fernanda Almeida',
		'fernanda.almeida@example.com',
		'fe.almeida',
		['Cliente'],
		{ customFields: { plano: 'Enterprise', ticket_medio: 2890.5 }, portfolios: ['Carteira Norte'] },
	],
	['Rafael Nascimento', null, null, [], { origin: 'CREATED_FROM_HUB' }],
	['Camila Lima', 'camila.lima@example.com', null, ['VIP'], { metadata: { crmId: 'CRM-0009', segmento: 'varejo' } }],
	['Gabriel Araújo', 'gabriel.araujo@example.com', null, ['Lead'], { origin: 'IMPORTED' }],
	[
		'Beatriz Ribeiro',
		'beatriz.ribeiro@example.com',
		'bia.ribeiro',
		['Cliente', 'Newsletter'],
		{ customFields: { cpf: '987.654.321-00', data_nascimento: '1990-04-12' } },
	],
	['Thiago Carvalho', null, null, [], { origin: 'CREATED_FROM_HUB' }],
	['Larissa Gomes', 'larissa.gomes@example.com', null, ['Lead'], {}],
	['Matheus Martins', 'matheus.martins@example.com', null, ['Cliente'], { customFields: { pontos: 45 }, portfolios: ['Carteira Sul'] }],
	['Patrícia Rocha', 'patricia.rocha@example.com', null, [], { annotation: 'Prefere contato pela manhã.' }],
	['Rodrigo Barbosa', null, 'rodrigo.barbosa', ['Lead'], { origin: 'CREATED_FROM_HUB' }],
	['Aline Freitas', 'aline.freitas@example.com', null, ['Newsletter'], { origin: 'IMPORTED' }],
	['Eduardo Teixeira', 'eduardo.teixeira@example.com', null, ['Cliente'], { status: 'ARCHIVED' }],
	['Vanessa Moreira', 'vanessa.moreira@example.com', null, [], { status: 'ARCHIVED' }],
	['Felipe Cardoso', 'felipe.cardoso@example.com', null, ['Lead'], { status: 'BLOCKED' }],
];

/** Demo phone of contact n (1-based): n=1 is the canonical +55|11999999999. */
function demoPhone(n) {
	return n === 1 ? '+55|11999999999' : `+55|11988${String(n).padStart(6, '0')}`;
}

function seedDemoContacts(state) {
	const base = Date.parse('2026-01-05T12:00:00.000Z');
	const tagId = (name) => stableId('tag', name);
	const portfolioId = (name) => stableId('portfolio', name);
	DEMO_CONTACTS.forEach(([name, email, instagram, tags, extra], i) => {
		const n = i + 1;
		const created = new Date(base + i * 86400000 + n * 37 * 60000);
		const c = blankContact(state, created.toISOString());
		c.id = /** @type {any} */ (stableId('contact', n));
		c.updatedAt = n % 2 === 0 ? new Date(created.getTime() + 2 * 86400000).toISOString() : c.createdAt;
		Object.assign(c, {
			name,
			phoneNumber: demoPhone(n),
			email,
			instagram,
			annotation: extra.annotation ?? null,
			tagIds: tags.map(tagId),
			status: extra.status ?? 'ACTIVE',
			origin: extra.origin ?? 'CREATED_BY_USER',
			customFields: { ...(extra.customFields ?? {}) },
			metadata: { ...(extra.metadata ?? {}) },
			portfolioIds: (extra.portfolios ?? []).map(portfolioId),
			utm: extra.utm
				? {
						sourceId: null,
						source: null,
						clid: null,
						medium: null,
						campaign: null,
						content: null,
						headline: null,
						term: null,
						referralUrl: null,
						...extra.utm,
					}
				: null,
		});
		if (c.origin === 'CREATED_FROM_HUB') c.nameWhatsapp = name;
		if (c.origin === 'IMPORTED') c.importedAt = c.createdAt;
		insertContact(state, c);
	});
}

function seedDemoDepartments(state) {
	const user = (name) => stableId('user', name);
	const channel = (name) => stableId('channel', name);
	const dept = (name, props) => {
		const id = stableId('department', name);
		state.departments.set(id, {
			id,
			companyId: state.companyId,
			createdAt: SEED_DATE,
			updatedAt: SEED_DATE,
			name,
			description: null,
			isDefault: false,
			isPrivate: false,
			restrictionType: 'NONE',
			distributionConfig: { expirationIsEnabled: false, maximumDurationInMinutes: 0, inactivityTimeInMinutes: 0 },
			directLinks: null,
			distributionEnabled: false,
			agents: [],
			channelsConfig: { scope: 'ALL', channels: [] },
			...props,
		});
	};
	dept('Suporte', {
		description: 'Atendimento de suporte técnico',
		isDefault: true,
		agents: dedupeAgents([
			{ userId: user('Ana Souza'), isAgent: true, isSupervisor: true },
			{ userId: user('Bruno Lima'), isAgent: true, isSupervisor: false },
		]),
		channelsConfig: { scope: 'SELECTED', channels: [channel('WhatsApp Suporte')] },
	});
	dept('Vendas', {
		description: 'Equipe comercial',
		distributionEnabled: true,
		distributionConfig: { expirationIsEnabled: true, maximumDurationInMinutes: 60, inactivityTimeInMinutes: 15 },
		agents: [
			{ userId: user('Carla Mendes'), isAgent: true, isSupervisor: true },
			{ userId: user('Diego Alves'), isAgent: true, isSupervisor: false },
		],
		channelsConfig: { scope: 'SELECTED', channels: [channel('WhatsApp Comercial'), channel('Instagram Loja')] },
	});
	dept('Financeiro', {
		restrictionType: 'DEPARTMENT_RESTRICTION',
		agents: [{ userId: user('Ana Souza'), isAgent: false, isSupervisor: true }],
		channelsConfig: { scope: 'NONE', channels: [] },
	});
}

/**
 * @param {'demo'|'empty'} seed
 * @returns {import('./state').SandboxState}
 */
function buildState(seed = 'demo') {
	if (!SEEDS.includes(seed)) throw new Error(`Unknown seed '${seed}' (use ${SEEDS.join(' | ')})`);
	const state = createState(COMPANY_ID);
	seedFixtures(state);
	if (seed === 'demo') {
		for (const name of TAGS) state.tags.set(stableId('tag', name), { id: stableId('tag', name), name });
		for (const name of PORTFOLIOS) state.portfolios.set(stableId('portfolio', name), { id: stableId('portfolio', name), name });
		seedDemoContacts(state);
		seedDemoDepartments(state);
	}
	return state;
}

/**
 * Add `n` generated contacts (unique phones +55|119xxxxxxxx, skipping numbers already taken).
 * Bypasses the HTTP layer and sends no webhooks.
 * @param {import('./state').SandboxState} state
 * @param {number} n
 * @param {{ prefix?: string }} [options]
 */
function seedContacts(state, n, { prefix = 'Contato' } = {}) {
	if (!Number.isInteger(n) || n < 0) throw new Error('seedContacts: n must be a non-negative integer');
	const created = [];
	const now = nowIso();
	for (let i = 0; i < n; i++) {
		let digits;
		do {
			state.phoneSeq++;
			digits = `55119${String(state.phoneSeq).padStart(8, '0')}`;
		} while (state.index.phone.has(digits));
		const c = blankContact(state, now);
		c.name = `${prefix} ${state.phoneSeq}`;
		c.phoneNumber = `+55|${digits.slice(2)}`;
		insertContact(state, c);
		created.push(toPublicContact(state, c, ALL_DETAILS));
	}
	return created;
}

module.exports = { buildState, seedContacts, demoPhone, COMPANY_ID, SEEDS };
