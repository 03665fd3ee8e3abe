import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { fetchAllPages } from '../Helena/transport';
import type { Change, ChangeField, ChangeSource } from '../Helena/polling';
import { MAX_KNOWN, timeListing } from '../Helena/polling';

export const CARD_EVENTS = {
	created: 'cardCreated',
	updated: 'cardUpdated',
	moved: 'cardMoved',
	won: 'cardWon',
	lost: 'cardLost',
} as const;

export const CARD_STATUSES = ['OPEN', 'WON', 'LOST', 'ARCHIVED'];

/** The filters Helena applies itself, in its query names. */
export interface CardListing {
	field: ChangeField;
	panelId: string;
	stepId?: string;
	statuses: string[];
	includeDetails: string[];
}

const cardPage = (qs: IDataObject) => ({
	service: 'crm' as const,
	method: 'GET' as const,
	path: '/v2/panel/card',
	qs,
	answer: 'page' as const,
});

/** The cards' stream of changes: one listing of the panel, Helena filtering by step and status. */
export function cardSource(listing: CardListing): ChangeSource {
	const filters: IDataObject = { PanelId: listing.panelId };
	if (listing.stepId) filters.StepId = listing.stepId;
	if (listing.statuses.length) filters.Statuses = listing.statuses;
	if (listing.includeDetails.length) filters.IncludeDetails = listing.includeDetails;
	return timeListing(listing.field, filters, cardPage);
}

/**
 * Every card of the panel in any status and step (the most recently changed MAX_KNOWN), newest first:
 * the step and status each had when the trigger started, so that a card moved into the watched
 * step from another one, or won, is reported as such.
 */
export async function panelSnapshot(context: IPollFunctions, panelId: string): Promise<IDataObject[]> {
	return await fetchAllPages.call(
		context,
		(PageNumber, PageSize) =>
			cardPage({ PanelId: panelId, Statuses: CARD_STATUSES, OrderBy: 'updatedAt', OrderDirection: 'DESCENDING', PageNumber, PageSize }),
		{ returnAll: false, limit: MAX_KNOWN },
	);
}

/** What the events compare between two versions of a card: its step and its status. */
export const placeOf = (card: IDataObject): string => `${String(card.stepId ?? '')} ${String(card.status ?? '')}`;

/** The step and status a change started from, when the trigger knew the card. */
export function previousPlace(change: Pick<Change, 'previous'>): { stepId: string | null; status: string | null } {
	if (change.previous === undefined) return { stepId: null, status: null };
	const [stepId, status] = change.previous.split(' ');
	return { stepId: stepId || null, status: status || null };
}

/**
 * The events that describe a change, most precise first: won or lost (its status became WON or
 * LOST), moved (its step differs from the one the trigger knew), then created or updated. A card the
 * trigger did not know (not changed for long, or changed before a Start From replay) is only
 * created or updated: nothing says where it was before.
 */
export function cardEvents(change: Change): string[] {
	const card = change.record;
	const before = previousPlace(change);
	const isNew = change.event === 'created';
	const known = change.previous !== undefined;
	const events: string[] = [];
	if (card.status === 'WON' && (isNew || (known && before.status !== 'WON'))) events.push(CARD_EVENTS.won);
	if (card.status === 'LOST' && (isNew || (known && before.status !== 'LOST'))) events.push(CARD_EVENTS.lost);
	if (!isNew && known && before.stepId !== String(card.stepId ?? '')) events.push(CARD_EVENTS.moved);
	events.push(isNew ? CARD_EVENTS.created : CARD_EVENTS.updated);
	return events;
}
