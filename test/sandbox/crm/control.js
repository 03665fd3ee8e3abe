'use strict';

/** Test and demo controls of the CRM service: its cards and notes as stored, and the demo ids. */

const { crmOf, toPublicCard, demoIds } = require('./store');

const ALL = new Set(['PanelTitle', 'StepTitle', 'StepPhase', 'ResponsibleUser', 'Contacts', 'CustomFields', 'LostReason']);

/** @param {import('../index').Sandbox} sandbox */
function crmControl(sandbox) {
	return {
		cards() {
			return [...crmOf(sandbox.state).cards.values()].map((c) => toPublicCard(sandbox.state, c, ALL));
		},
		card(id) {
			const card = crmOf(sandbox.state).cards.get(id);
			return card && { ...toPublicCard(sandbox.state, card, ALL), lostReasonId: card.lostReasonId };
		},
		notes(cardId) {
			return [...crmOf(sandbox.state).notes.values()].filter((n) => !cardId || n.cardId === cardId);
		},
		tags() {
			return [...crmOf(sandbox.state).tags.values()];
		},
	};
}

/** Stable ids of the CRM demo records (panels, steps, lost reasons, custom fields, cards). */
const crmDemo = { ...demoIds };

module.exports = { crmControl, crmDemo };
