import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { filtersCollection, optionsCollection } from '../../helpers';
import { readDateFilters } from '../shared/dateFilters';
import type { DateFilter } from '../shared/dateFilters';
import { apiPath, fetchAllPages } from '../../transport';
import { sessionRecord } from '../chat/locators';
import { readPaging } from '../shared/paging';
import { readTimeOrder, timeOrderField } from '../shared/timeOrder';

/* The messages or the notes of one conversation: date windows, order, Limit or Return All. */

type Kind = 'messages' | 'notes';

const DATE_FILTERS: DateFilter[] = [
	['createdAfter', 'Sent After', 'CreatedAt.After'],
	['createdBefore', 'Sent Before', 'CreatedAt.Before'],
	['updatedAfter', 'Updated After', 'UpdatedAt.After'],
	['updatedBefore', 'Updated Before', 'UpdatedAt.Before'],
];

/** A date filter's label: notes are written, messages sent. */
const labelOf = (kind: Kind, label: string) => (kind === 'notes' ? label.replace('Sent', 'Written') : label);

/** The date filters of each kind, with the labels the editor shows. */
const DATE_FILTERS_OF: Record<Kind, DateFilter[]> = {
	messages: DATE_FILTERS,
	notes: DATE_FILTERS.map(([name, label, query]) => [name, labelOf('notes', label), query]),
};

/** The Filters and Options of Get Messages and Get Notes. */
export function historyFields(kind: Kind): INodeProperties[] {
	const what = kind === 'messages' ? 'messages' : 'notes';
	return [
		filtersCollection(
			DATE_FILTERS.map(([name, label]) => ({
				displayName: labelOf(kind, label),
				name,
				type: 'dateTime',
				default: '',
				description: `Only ${what} ${labelOf(kind, label).toLowerCase()} this moment (UTC)`,
			})),
		),
		optionsCollection([
			{
				...timeOrderField,
				description: `Oldest first reads the conversation as it happened; newest first with a Limit gives the latest ${what}`,
			},
		]),
	];
}

/** Every page the item asks for of `GET /v1/session/{id}/message` or `/note`, filters checked before any request. */
export async function fetchHistory(context: IExecuteFunctions, kind: Kind, id: string, itemIndex: number): Promise<IDataObject[]> {
	const paging = readPaging(context, itemIndex);
	const filters = context.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const qs: IDataObject = {};
	readDateFilters(context, filters, qs, itemIndex, DATE_FILTERS_OF[kind]);
	Object.assign(qs, readTimeOrder(context, options, itemIndex));
	const path = kind === 'messages' ? apiPath`/v1/session/${id}/message` : apiPath`/v1/session/${id}/note`;
	return await fetchAllPages.call(
		context,
		(PageNumber, PageSize) => ({
			service: 'chat',
			method: 'GET',
			path,
			qs: { ...qs, PageNumber, PageSize },
			itemIndex,
			records: [sessionRecord(id)],
		}),
		paging,
	);
}
