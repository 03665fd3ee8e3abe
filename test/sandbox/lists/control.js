'use strict';

/** Test and demo controls of tags, sequences and portfolios: the records as stored, the demo ids, how portfolio listings page. */

const { stableId } = require('../ids');
const { listsOf, toPublicTag, toPublicSequence } = require('./store');

/** @param {import('../index').Sandbox} sandbox */
function listsControl(sandbox) {
	const state = () => sandbox.state;
	return {
		tags() {
			return [...state().tags.values()].map((tag) => toPublicTag(state(), tag));
		},
		sequences() {
			return [...listsOf(state()).sequences.values()].map((s) => toPublicSequence(state(), s, new Set(['ContactExecutingCount'])));
		},
		/** The IDs of the contacts in a sequence or a portfolio. */
		sequenceContacts(sequenceId) {
			return [...state().contacts.values()].filter((c) => c.sequenceIds.includes(sequenceId)).map((c) => c.id);
		},
		portfolioContacts(portfolioId) {
			return [...state().contacts.values()].filter((c) => c.portfolioIds.includes(portfolioId)).map((c) => c.id);
		},
		/**
		 * How the portfolio contact listing answers an unknown portfolio: as Helena's "not found" or an empty page.
		 * @param {{ unknownPortfolio?: 'notFound' | 'emptyPage' }} settings
		 */
		setPortfolioListing({ unknownPortfolio } = {}) {
			const lists = listsOf(state());
			if (unknownPortfolio) lists.unknownPortfolioAnswer = unknownPortfolio;
		},
	};
}

const listsDemo = {
	sequenceId: (name) => stableId('sequence', name),
};

module.exports = { listsControl, listsDemo };
