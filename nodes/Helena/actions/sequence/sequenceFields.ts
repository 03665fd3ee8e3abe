import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLocatorId, uuidLocator } from '../../helpers';
import { apiPath, sequencePage } from '../../transport';
import type { RecordRef } from '../../transport';
import type { ContactList } from '../shared/listMembers';

export const sequenceLocator: INodeProperties = uuidLocator({
	displayName: 'Sequence',
	name: 'sequence',
	description: 'The follow-up sequence: a series of messages Helena sends to its contacts over time',
	record: 'sequence',
	searchListMethod: 'searchSequences',
});

export const sequenceRecord = (id: string): RecordRef => ({
	kind: 'sequence',
	value: id,
	message: `The sequence with ID "${id}" was not found in Helena`,
});

/** Sequences as a list of contacts (chat service). */
export const sequenceContacts: ContactList = {
	noun: 'sequence',
	service: 'chat',
	contactsPath: (id) => apiPath`/v1/sequence/${id}/contact`,
	readListId: (context: IExecuteFunctions, itemIndex: number) => readLocatorId(context, sequenceLocator, itemIndex),
	record: sequenceRecord,
	listsPage: sequencePage,
	addIsRepeatable: false,
};
