'use strict';

/**
 * The state of tags (colour and dates beside the core registry's id and name), sequences and their
 * contacts, portfolios' settings and their contacts, kept beside the core state and created on first
 * use, so a reset of the core state resets it too. Membership itself lives on the contact records
 * (`sequenceIds`, `portfolioIds`), which contact create and update write as well; this store keeps
 * the membership records' own fields (ID, dates, origin). Demo records get name-based ids.
 */

const { stableId, newId, nowIso, laterThan } = require('../ids');
const { phoneDigits, formatPhone } = require('../phone');
const { TAG_COLORS } = require('../contract');
const { storeBeside } = require('../besideState');

const SEED_DATE = '2025-12-01T09:00:00.000Z';
/** Helena creates a tag without a colour in this one. */
const DEFAULT_TAG_COLOR = 'GRAY_600';

const DEMO_TAG_COLORS = { Cliente: 'GREEN_500', Lead: 'BLUE_300', VIP: 'YELLOW_500', Newsletter: 'PURPLE_300' };

/** [name, enabled, demo contact numbers (1-based)] */
const SEQUENCES = [
	['Boas-vindas', true, [2, 6, 10]],
	['Pós-venda', true, [1, 3]],
	['Reativação', false, []],
];

/** [name, type, automatic attribution, months to expire, departments [name, users]] */
const PORTFOLIOS = {
	'Carteira Sul': ['MULTIPLE', false, 0, [['Vendas', ['Carla Mendes', 'Diego Alves']]]],
	'Carteira Norte': ['SINGLE', true, 6, [['Suporte', ['Ana Souza']]]],
};

const sequenceId = (name) => stableId('sequence', name);

/** Hex shades of each colour family, lightest to darkest. */
const FAMILY_HEX = {
	BROWN: ['#EFEBE9', '#D7CCC8', '#BCAAA4', '#A1887F', '#795548', '#4E342E'],
	PURPLE: ['#F3E5F5', '#E1BEE7', '#CE93D8', '#AB47BC', '#8E24AA', '#6A1B9A'],
	PINK: ['#FCE4EC', '#F8BBD0', '#F48FB1', '#EC407A', '#D81B60', '#AD1457'],
	RED: ['#FFEBEE', '#FFCDD2', '#EF9A9A', '#EF5350', '#E53935', '#C62828'],
	YELLOW: ['#FFFDE7', '#FFF9C4', '#FFF59D', '#FFEE58', '#FDD835', '#F9A825'],
	GREEN: ['#E8F5E9', '#C8E6C9', '#A5D6A7', '#66BB6A', '#43A047', '#2E7D32'],
	BLUE: ['#E3F2FD', '#BBDEFB', '#90CAF9', '#42A5F5', '#1E88E5', '#1565C0'],
	SKY: ['#E1F5FE', '#B3E5FC', '#81D4FA', '#29B6F6', '#039BE5', '#0277BD'],
	GRAY: ['#FAFAFA', '#EEEEEE', '#E0E0E0', '#BDBDBD', '#757575', '#424242'],
};

/** GET /v1/tag/color: the palette, each colour with its background and text hex. */
function palette() {
	return TAG_COLORS.map((color) => {
		const [family, shade] = color.split('_');
		const index = Number(shade) / 100 - 1;
		return { color, bgColor: FAMILY_HEX[family][index], textColor: index >= 3 ? '#FFFFFF' : '#212121' };
	});
}

/** @type {(state: import('../state').SandboxState) => ReturnType<typeof createLists>} */
const listsOf = storeBeside('lists', (state) => createLists(state));

function createLists(state) {
	const lists = {
		sequences: new Map(),
		/** `${sequenceId}|${contactId}` -> the membership record's own fields */
		sequenceMembers: new Map(),
		/** portfolio id -> settings the core registry does not hold */
		portfolioSettings: new Map(),
		/** `${portfolioId}|${contactId}` -> the membership record's own fields */
		portfolioMembers: new Map(),
	};
	for (const tag of state.tags.values()) {
		tag.color ??= DEMO_TAG_COLORS[tag.name] ?? DEFAULT_TAG_COLOR;
	}
	const base = { createdAt: SEED_DATE, updatedAt: SEED_DATE, companyId: state.companyId, active: true };
	for (const [name, enabled, members] of SEQUENCES) {
		const id = sequenceId(name);
		lists.sequences.set(id, { ...base, id, name, enabled });
		for (const n of members) {
			const contact = state.contacts.get(stableId('contact', n));
			if (contact && !contact.sequenceIds.includes(id)) contact.sequenceIds.push(id);
		}
	}
	const user = (name) => stableId('user', name);
	for (const [name, [type, automaticAttribution, months, departments]] of Object.entries(PORTFOLIOS)) {
		lists.portfolioSettings.set(stableId('portfolio', name), {
			type,
			automaticAttribution,
			expirationDurationInMonths: months,
			departments: departments.map(([department, users]) => ({
				departmentId: stableId('department', department),
				userIds: users.map(user),
			})),
		});
	}
	return lists;
}

/** The membership record of a contact in a list (a sequence or a portfolio), made when first asked for. */
function memberRecord(members, listId, contact, origin = 'API') {
	const key = `${listId}|${contact.id}`;
	let record = members.get(key);
	if (!record) {
		record = { id: newId(), createdAt: contact.createdAt, updatedAt: contact.createdAt, lastAddedAt: null, origin };
		members.set(key, record);
	}
	return record;
}

/** A fresh membership (a contact added now); re-adding a member moves its lastAddedAt on. */
function touchMember(members, listId, contact, isNew) {
	const key = `${listId}|${contact.id}`;
	const now = nowIso();
	const record = members.get(key);
	if (isNew || !record) {
		const fresh = { id: newId(), createdAt: now, updatedAt: now, lastAddedAt: now, origin: 'API' };
		members.set(key, fresh);
		return fresh;
	}
	record.updatedAt = laterThan(record.updatedAt);
	record.lastAddedAt = record.updatedAt;
	return record;
}

/** @param {import('../state').SandboxState} state */
function toPublicTag(state, tag) {
	listsOf(state);
	return {
		id: tag.id,
		createdAt: tag.createdAt ?? SEED_DATE,
		updatedAt: tag.updatedAt ?? tag.createdAt ?? SEED_DATE,
		name: tag.name,
		color: tag.color ?? DEFAULT_TAG_COLOR,
	};
}

function contactsIn(state, field, listId) {
	return [...state.contacts.values()].filter((c) => c[field].includes(listId));
}

function toPublicSequence(state, sequence, details) {
	const executing = details.has('ContactExecutingCount') ? contactsIn(state, 'sequenceIds', sequence.id).length : 0;
	return { ...sequence, contactExecutingCount: executing };
}

function toPublicSequenceMember(state, sequence, contact, details = new Set(['ContactDetails'])) {
	const record = memberRecord(listsOf(state).sequenceMembers, sequence.id, contact);
	return {
		id: record.id,
		active: true,
		createdAt: record.createdAt,
		updatedAt: record.updatedAt,
		companyId: state.companyId,
		sequenceId: sequence.id,
		contactId: contact.id,
		contactName: contact.name,
		origin: record.origin,
		addedByUserId: null,
		addedByChatbotId: null,
		lastAddedAt: record.lastAddedAt,
		contactDetails: details.has('ContactDetails')
			? {
					id: contact.id,
					name: contact.name,
					phonenumber: contact.phoneNumber,
					phonenumberFormatted: formatPhone(contact.phoneNumber),
					instagram: contact.instagram,
					email: contact.email,
					pictureUrl: contact.pictureUrl ?? null,
				}
			: null,
	};
}

function toPublicPortfolio(state, portfolio, details) {
	const settings = listsOf(state).portfolioSettings.get(portfolio.id) ?? {
		type: 'MULTIPLE',
		automaticAttribution: false,
		expirationDurationInMonths: 0,
		departments: [],
	};
	return {
		id: portfolio.id,
		createdAt: portfolio.createdAt ?? SEED_DATE,
		updatedAt: portfolio.updatedAt ?? SEED_DATE,
		active: true,
		companyId: state.companyId,
		name: portfolio.name,
		automaticAttribution: settings.automaticAttribution,
		expirationDurationInMonths: settings.expirationDurationInMonths,
		contactsCount: details.has('ContactCount') ? contactsIn(state, 'portfolioIds', portfolio.id).length : 0,
		type: settings.type,
		departments: details.has('Departments') ? settings.departments.map((d) => ({ ...d, userIds: [...d.userIds] })) : null,
	};
}

function toPublicPortfolioMember(state, portfolioId, contact) {
	const record = memberRecord(listsOf(state).portfolioMembers, portfolioId, contact);
	return {
		id: record.id,
		createdAt: record.createdAt,
		updatedAt: record.updatedAt,
		active: true,
		companyId: state.companyId,
		portfolioId,
		contactId: contact.id,
		contactDetails: {
			id: contact.id,
			name: contact.name,
			phonenumber: contact.phoneNumber,
			phonenumberFormatted: formatPhone(contact.phoneNumber),
			instagram: contact.instagram,
			nameMessenger: contact.nameMessenger,
			email: contact.email,
			annotation: contact.annotation,
		},
	};
}

const samePhone = (a, b) => phoneDigits(a) !== '' && phoneDigits(a) === phoneDigits(b);

module.exports = {
	listsOf,
	palette,
	memberRecord,
	touchMember,
	toPublicTag,
	toPublicSequence,
	toPublicSequenceMember,
	toPublicPortfolio,
	toPublicPortfolioMember,
	contactsIn,
	samePhone,
	sequenceId,
	DEFAULT_TAG_COLOR,
	SEED_DATE,
};
