import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLocatorId, uuidLocator } from '../../helpers';
import { apiPath, portfolioPage } from '../../transport';
import type { RecordRef } from '../../transport';
import type { ContactList } from '../shared/listMembers';

export const portfolioLocator: INodeProperties = uuidLocator({
	displayName: 'Portfolio',
	name: 'portfolio',
	description: "The portfolio: a salesperson's or a team's book of contacts",
	record: 'portfolio',
	searchListMethod: 'searchPortfolios',
});

export const portfolioRecord = (id: string): RecordRef => ({
	kind: 'portfolio',
	value: id,
	message: `The portfolio with ID "${id}" was not found in Helena`,
});

/** Portfolios as a list of contacts (core). */
export const portfolioContacts: ContactList = {
	noun: 'portfolio',
	service: 'core',
	contactsPath: (id) => apiPath`/v1/portfolio/${id}/contact`,
	readListId: (context: IExecuteFunctions, itemIndex: number) => readLocatorId(context, portfolioLocator, itemIndex),
	record: portfolioRecord,
	listsPage: portfolioPage,
	// a contact in a portfolio is there once, however often it is added
	addIsRepeatable: true,
};
