import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLocatorId, uuidLocator } from '../../helpers';
import type { RecordRef } from '../../transport';

/* Pickers and IDs shared by the Panel and Card resources. */

export const panelLocator: INodeProperties = uuidLocator({
	displayName: 'Panel',
	name: 'panel',
	description: 'The CRM panel (board): a sales pipeline or a management board',
	record: 'panel',
	searchListMethod: 'searchPanels',
});

export function readPanelId(context: IExecuteFunctions, itemIndex: number): string {
	return readLocatorId(context, panelLocator, itemIndex);
}

/** A step (column) picker; its list shows the chosen panel's steps, or every panel's when none is chosen. */
export function stepLocator(name: string, overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		...uuidLocator({
			displayName: 'Step',
			name,
			description: "A step (column) of the panel; the list shows the chosen panel's steps",
			record: 'step',
			searchListMethod: 'searchSteps',
		}),
		...overrides,
	};
}

export function lostReasonLocator(name: string, overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		...uuidLocator({
			displayName: 'Lost Reason',
			name,
			description: "Why the deal was lost: one of the lost reasons of the card's sales panel",
			record: 'lost reason',
			searchListMethod: 'searchLostReasons',
		}),
		required: false,
		...overrides,
	};
}

/** A card: picked from a list searched by title (in the chosen panel, or in every panel), or given by ID. */
export const cardIdField: INodeProperties = uuidLocator({
	displayName: 'Card',
	name: 'cardId',
	description: "The card: search it by title, or give its ID (from Helena Trigger's PANEL_CARD_* events it is the content's ID field)",
	record: 'card',
	searchListMethod: 'searchCards',
	listPlaceholder: 'Type part of the title...',
});

export function readCardId(context: IExecuteFunctions, itemIndex: number): string {
	return readLocatorId(context, cardIdField, itemIndex);
}

/** The card a request is about, for a "not found" that names it. */
export const cardRecord = (id: string): RecordRef => ({
	kind: 'card',
	value: id,
	message: `The card with ID "${id}" was not found in Helena`,
});
/** The panel a request is about, for a "not found" that names it. */
export const panelRecord = (id: string): RecordRef => ({
	kind: 'panel',
	value: id,
	message: `The panel with ID "${id}" was not found in Helena`,
});
