import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { listWebhookEvents } from '../transport';

/** What the documented events mean, in English; Helena describes them in Portuguese. */
const EVENT_MEANINGS: Record<string, string> = {
	SESSION_NEW: 'A conversation opened',
	SESSION_UPDATE: 'A conversation changed',
	SESSION_COMPLETE: 'A conversation was completed',
	MESSAGE_RECEIVED: 'A message arrived',
	MESSAGE_UPDATED: 'A message changed',
	MESSAGE_SENT: 'A message was sent',
	CONTACT_NEW: 'A contact was created',
	CONTACT_UPDATE: 'A contact changed',
	CONTACT_TAG_UPDATE: 'The tags of a contact changed',
	PAYMENT_NEW: 'A payment was created',
	PAYMENT_UPDATE: 'A payment changed',
	PANEL_CARD_NEW: 'A card was added to a panel; the card is content, its ID content.id, its step content.stepId',
	PANEL_CARD_UPDATE: 'A panel card changed (step, status, fields); the card as changed is content',
	PANEL_CARD_STEP_CHANGE: 'A panel card moved to another step: content.stepId is the new step, content.previousStepId the old',
	PANEL_CARD_NOTE_NEW: 'A note was added to a panel card; the note is content, its card content.cardId',
	PANEL_CARD_NOTE_UPDATE: 'A note on a panel card changed',
};

/**
 * Webhook events as Helena lists them, for the events multi-selects of both nodes. Known events are
 * explained in English with Helena's own words after them; events Helena adds later keep its words.
 */
export async function getWebhookEvents(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const events = await listWebhookEvents.call(this);
	return events.map((event) => {
		const name = String(event.event);
		const helenaWords = typeof event.description === 'string' && event.description ? event.description : undefined;
		const meaning = EVENT_MEANINGS[name];
		const description = meaning && helenaWords ? `${meaning} (${helenaWords})` : (meaning ?? helenaWords);
		return { name, value: name, description };
	});
}

export { getContactCustomFields } from './contactCustomFields';
export { getTemplateParameters } from './chatSearch';
export { getPanelCustomFields } from './crmSearch';
export { getTagColors } from './listsSearch';

/** Departments by name, for a multi-select (Collect Burst's Departments the Assistant Serves). */
export { departmentsByName as getDepartments } from './departmentSearch';
