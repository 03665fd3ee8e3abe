import type { IDataObject } from 'n8n-workflow';

import type { Change, ChangeField, ChangeSource } from '../Helena/polling';
import { instantOf, timeListing } from '../Helena/polling';

export const CONVERSATION_EVENTS = {
	created: 'conversationCreated',
	updated: 'conversationUpdated',
	completed: 'conversationCompleted',
} as const;

/** The filters Helena applies itself, in its query names. */
export interface ConversationListing {
	field: ChangeField;
	statuses: string[];
	departmentId?: string;
	userId?: string;
	channelId?: string;
	includeDetails: string[];
}

/** The conversations' stream of changes: one listing, Helena filtering by status, department, user and channel. */
export function conversationSource(listing: ConversationListing): ChangeSource {
	const filters: IDataObject = {};
	if (listing.statuses.length) filters.Status = listing.statuses;
	if (listing.departmentId) filters.DepartmentId = listing.departmentId;
	if (listing.userId) filters.UserId = listing.userId;
	if (listing.channelId) filters.ChannelsId = [listing.channelId];
	if (listing.includeDetails.length) filters.IncludeDetails = listing.includeDetails;
	return timeListing(listing.field, filters, (qs) => ({ service: 'chat', method: 'GET', path: '/v2/session', qs, answer: 'page' }));
}

/** What the events compare between two versions of a conversation. */
export const statusOf = (session: IDataObject): string => String(session.status ?? '');

/**
 * The events that describe a change, most precise first. Completed: its status became COMPLETED
 * since the trigger last saw it; for a conversation it has not seen (new, or not changed for long),
 * its completion time lies in the window read.
 */
export function conversationEvents(change: Change, start: number | undefined): string[] {
	const session = change.record;
	const completed =
		session.status === 'COMPLETED' &&
		(change.previous !== undefined
			? change.previous !== 'COMPLETED'
			: start === undefined || instantOf(session.endAt) >= start || change.event === 'created');
	const kind = change.event === 'created' ? CONVERSATION_EVENTS.created : CONVERSATION_EVENTS.updated;
	return completed ? [CONVERSATION_EVENTS.completed, kind] : [kind];
}
